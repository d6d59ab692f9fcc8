/**
 * Keys behind "one account per person, two per household" (spec section 1).
 * - Person: same first name + last name + birth date + ZIP.
 * - Household: same last name + same ZIP (a household is people sharing a family name at one ZIP
 *   code; we have no street address at sign-up).
 * Names compare case-insensitively, ignoring accents, spaces and punctuation, so "O'Brien",
 * "OBRIEN" and "O Brien" are one name and "José" equals "Jose".
 */
export const nameKey = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

export const HOUSEHOLD_ACCOUNT_LIMIT = 2;

export function personKey(p: {
  first_name: string;
  last_name: string;
  birth_year: number;
  birth_month: number;
  birth_day: number;
  postal_code: string;
}): string {
  const date = `${p.birth_year}-${String(p.birth_month).padStart(2, '0')}-${String(p.birth_day).padStart(2, '0')}`;
  return [nameKey(p.first_name), nameKey(p.last_name), date, p.postal_code].join('|');
}

export const householdKey = (p: { last_name: string; postal_code: string }): string =>
  [nameKey(p.last_name), p.postal_code].join('|');

/** Letters (any script), marks, spaces, apostrophes, periods and hyphens; starts with a letter. */
const NAME_PATTERN = /^\p{L}[\p{L}\p{M}'’. -]*$/u;
export const isValidName = (name: string): boolean => NAME_PATTERN.test(name) && nameKey(name).length > 0;
