/**
 * Keys behind "one account per person, two per household" (spec section 1; docs/account.md).
 * - Person: same first name + last name + birth date, wherever the player lives (a move keeps the
 *   person; the unique index users_person_key holds it).
 * - Household: one residential address. Its key is computed by the database function
 *   household_key_of(line 1, line 2, ZIP) (migration 0033, the one place the address rule is
 *   written) when an address is saved; see householdCheck in payments' address store.
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
}): string {
  const date = `${p.birth_year}-${String(p.birth_month).padStart(2, '0')}-${String(p.birth_day).padStart(2, '0')}`;
  return [nameKey(p.first_name), nameKey(p.last_name), date].join('|');
}

/** Letters (any script), marks, spaces, apostrophes, periods and hyphens; starts with a letter. */
const NAME_PATTERN = /^\p{L}[\p{L}\p{M}'’. -]*$/u;
export const isValidName = (name: string): boolean => NAME_PATTERN.test(name) && nameKey(name).length > 0;
