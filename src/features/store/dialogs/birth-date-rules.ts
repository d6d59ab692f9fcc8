/**
 * Birth-date dialog rules (spec section 5): day, month and year each required, the whole date
 * must be a real date, and the player must be at least 18 (or the age of majority of their
 * state). One message for every date problem: 'Please enter a valid date of birth.'
 */
import { MINIMUM_AGE } from '../../../contract/constants.ts';
import { ageOfMajority, ageOn, isValidBirthDate, usCalendarToday } from '../../../contract/eligibility.ts';

export interface BirthDateValues {
  /** Select values: '' until chosen. */
  birth_month: string;
  birth_day: string;
  birth_year: string;
}

export const BIRTH_DATE_MESSAGES = {
  invalid: 'Please enter a valid date of birth.',
  underage: (age: number) => `You must be at least ${age} years old to play.`,
} as const;

const MAX_AGE = 120;

/** The error of the date (null: valid). `state` raises the minimum age where the law does. */
export function birthDateError(v: BirthDateValues, now: Date, state?: string | null): string | null {
  if (!v.birth_month || !v.birth_day || !v.birth_year) return BIRTH_DATE_MESSAGES.invalid;
  const birth = { year: Number(v.birth_year), month: Number(v.birth_month), day: Number(v.birth_day) };
  if (!isValidBirthDate(birth.year, birth.month, birth.day)) return BIRTH_DATE_MESSAGES.invalid;
  const age = ageOn(birth, usCalendarToday(now));
  if (age < 0 || age > MAX_AGE) return BIRTH_DATE_MESSAGES.invalid;
  const minimum = state ? ageOfMajority(state) : MINIMUM_AGE;
  if (age < minimum) return BIRTH_DATE_MESSAGES.underage(minimum);
  return null;
}
