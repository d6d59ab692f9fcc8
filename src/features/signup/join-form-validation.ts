/**
 * Client-side checks of the join form. They mirror the server's rules (the authority) by using
 * the same shared functions from src/contract/eligibility.ts, so a player sees the problem under
 * the field before submitting and the server seldom has to refuse.
 */
import {
  ageOfMajority,
  ageOn,
  isExcludedState,
  isPlausibleEmail,
  isValidBirthDate,
  jurisdictionForZip,
  passwordProblem,
  TERRITORY_NAMES,
  usCalendarToday,
} from '../../contract/eligibility.ts';
import { MINIMUM_AGE } from '../../contract/constants.ts';

export interface JoinFormValues {
  first_name: string;
  last_name: string;
  email: string;
  password1: string;
  password2: string;
  postal_code: string;
  /** Select values: "" until chosen, else the number as text (month 1-12). */
  birth_month: string;
  birth_day: string;
  birth_year: string;
  promo_code: string;
  terms: boolean;
}

/** Wire names under which errors are shown (the three birth selects share birth_date). */
export type JoinErrorField =
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'password1'
  | 'password2'
  | 'postal_code'
  | 'birth_date'
  | 'promo_code'
  | 'terms';

export type JoinErrors = Partial<Record<JoinErrorField, string>>;

/** Order of the fields on the form: the first error in this order receives focus. */
export const JOIN_ERROR_ORDER: readonly JoinErrorField[] = [
  'first_name',
  'last_name',
  'email',
  'password1',
  'password2',
  'postal_code',
  'birth_date',
  'promo_code',
  'terms',
];

export const JOIN_MESSAGES = {
  firstNameRequired: 'Please enter your first name.',
  firstNameInvalid: 'Please enter your first name using letters, spaces, hyphens, apostrophes or periods.',
  lastNameRequired: 'Please enter your last name.',
  lastNameInvalid: 'Please enter your last name using letters, spaces, hyphens, apostrophes or periods.',
  emailRequired: 'Please enter your email address.',
  emailInvalid: 'Please enter a valid email address.',
  passwordRequired: 'Please choose a password.',
  confirmRequired: 'Please confirm your password.',
  passwordMismatch: 'The passwords do not match.',
  zipRequired: 'Please enter your ZIP code.',
  zipInvalid: 'Please enter a valid 5-digit US ZIP code.',
  excludedState: (state: string) =>
    `At the current time we do not allow participation from the state of ${state}`,
  territory: (place: string) =>
    `At the current time we do not allow participation from ${place}. Lucky Crown is open to residents of the 50 US states and DC, except excluded states.`,
  birthDateInvalid: 'Please enter a valid date of birth.',
  underage: (age: number) => `You must be at least ${age} years old to join.`,
  promoInvalid: 'Promo codes use only letters, digits, hyphens and underscores.',
  terms:
    'Please read the full Terms & Conditions by scrolling to the end and accept by clicking the checkbox.',
} as const;

/** Same rule as the server: starts with a letter; letters, marks, spaces, apostrophes, periods, hyphens. */
const NAME_PATTERN = /^\p{L}[\p{L}\p{M}'’. -]*$/u;
const PROMO_PATTERN = /^[A-Za-z0-9_-]{2,64}$/;
const MAX_AGE = 120;

export type ZipCheck =
  | { kind: 'empty' }
  | { kind: 'incomplete' }
  | { kind: 'unknown' }
  | { kind: 'territory'; code: string; name: string }
  | { kind: 'excluded'; state: string }
  | { kind: 'ok'; state: string };

/** What a ZIP code says about where the player lives (drives the "detected state" hint). */
export function checkZip(raw: string): ZipCheck {
  const zip = raw.trim();
  if (!zip) return { kind: 'empty' };
  if (!/^\d{5}$/.test(zip)) return { kind: 'incomplete' };
  const place = jurisdictionForZip(zip);
  if (!place) return { kind: 'unknown' };
  if (place.kind !== 'state')
    return { kind: 'territory', code: place.code, name: TERRITORY_NAMES[place.code] ?? place.code };
  if (isExcludedState(place.code)) return { kind: 'excluded', state: place.code };
  return { kind: 'ok', state: place.code };
}

function zipError(raw: string): string | undefined {
  const zip = checkZip(raw);
  switch (zip.kind) {
    case 'empty':
      return JOIN_MESSAGES.zipRequired;
    case 'incomplete':
    case 'unknown':
      return JOIN_MESSAGES.zipInvalid;
    case 'territory':
      return JOIN_MESSAGES.territory(zip.name);
    case 'excluded':
      return JOIN_MESSAGES.excludedState(zip.state);
    default:
      return undefined;
  }
}

function nameError(value: string, required: string, invalid: string): string | undefined {
  const name = value.normalize('NFC').trim().replace(/\s+/g, ' ');
  if (!name) return required;
  if (name.length > 60 || !NAME_PATTERN.test(name)) return invalid;
  return undefined;
}

/** The birth date as numbers when all three selects are set, else null. */
export function birthDateOf(
  v: Pick<JoinFormValues, 'birth_year' | 'birth_month' | 'birth_day'>,
): { year: number; month: number; day: number } | null {
  if (!v.birth_year || !v.birth_month || !v.birth_day) return null;
  return { year: Number(v.birth_year), month: Number(v.birth_month), day: Number(v.birth_day) };
}

function birthDateError(v: JoinFormValues, now: Date): string | undefined {
  const birth = birthDateOf(v);
  if (!birth || !isValidBirthDate(birth.year, birth.month, birth.day)) return JOIN_MESSAGES.birthDateInvalid;
  // Same calendar day as the server uses (Hawaii), so a birthday counts once it has begun everywhere in the US.
  const age = ageOn(birth, usCalendarToday(now));
  if (age < 0 || age > MAX_AGE) return JOIN_MESSAGES.birthDateInvalid;
  const zip = checkZip(v.postal_code);
  const minimum = zip.kind === 'ok' ? ageOfMajority(zip.state) : MINIMUM_AGE;
  if (age < minimum) return JOIN_MESSAGES.underage(minimum);
  return undefined;
}

/** Every problem of the form, by field. Empty object: the form may be submitted. */
export function validateJoinForm(v: JoinFormValues, now: Date = new Date()): JoinErrors {
  const errors: JoinErrors = {};
  const set = (field: JoinErrorField, message: string | undefined | null) => {
    if (message) errors[field] = message;
  };
  set('first_name', nameError(v.first_name, JOIN_MESSAGES.firstNameRequired, JOIN_MESSAGES.firstNameInvalid));
  set('last_name', nameError(v.last_name, JOIN_MESSAGES.lastNameRequired, JOIN_MESSAGES.lastNameInvalid));

  const email = v.email.trim();
  set(
    'email',
    !email ? JOIN_MESSAGES.emailRequired : !isPlausibleEmail(email) ? JOIN_MESSAGES.emailInvalid : undefined,
  );

  set(
    'password1',
    !v.password1
      ? JOIN_MESSAGES.passwordRequired
      : passwordProblem(v.password1, { email, first_name: v.first_name, last_name: v.last_name }),
  );
  set(
    'password2',
    !v.password2
      ? JOIN_MESSAGES.confirmRequired
      : v.password2 !== v.password1
        ? JOIN_MESSAGES.passwordMismatch
        : undefined,
  );

  set('postal_code', zipError(v.postal_code));
  set('birth_date', birthDateError(v, now));

  const promo = v.promo_code.trim();
  set('promo_code', promo && !PROMO_PATTERN.test(promo) ? JOIN_MESSAGES.promoInvalid : undefined);

  set('terms', v.terms ? undefined : JOIN_MESSAGES.terms);
  return errors;
}

/** The first field with an error, in form order. */
export const firstErrorField = (errors: JoinErrors): JoinErrorField | undefined =>
  JOIN_ERROR_ORDER.find((f) => errors[f]);
