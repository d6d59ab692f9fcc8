/**
 * Eligibility rules shared by the app (form hints) and the server (the authority): ZIP code ->
 * state, age of majority, birth-date validity, excluded states, password policy and email
 * normalisation. Framework-free, no I/O.
 */
import { AGE_OF_MAJORITY_BY_STATE, EXCLUDED_STATES, MINIMUM_AGE } from './constants.ts';

/**
 * The email normalisation and the password policy live in ./credentials.ts (a small module: the
 * account pages check a new email or password without the ZIP code tables); part of these rules
 * all the same.
 */
export * from './credentials.ts';

/**
 * USPS ZIP-3 prefix ranges -> jurisdiction. Inclusive ranges of the first three digits.
 * Prefixes not listed are unassigned (e.g. 000-004, 213, 269, 419, 517-519) and rejected.
 * States are those of the ZIP codes themselves, not of the sorting facility serving them (369xx
 * are Alabama towns served from Meridian MS; 838xx are Idaho towns served from Spokane WA).
 *
 * Territories (PR, VI, GU, AS, MP and the Pacific freely associated states) and military mail
 * (AA, AE, AP) are listed too, but with kind 'territory' / 'military': they are not one of the
 * 50 states or DC, so `stateForZip` answers null for them and the server refuses them with
 * EXCLUDED_STATE (participation is open to residents of the 50 states and DC only).
 */
type JurisdictionKind = 'state' | 'territory' | 'military';
const ZIP3_RANGES: ReadonlyArray<readonly [from: number, to: number, code: string, kind?: JurisdictionKind]> =
  [
    [5, 5, 'NY'], // Holtsville (IRS)
    [6, 7, 'PR', 'territory'],
    [8, 8, 'VI', 'territory'],
    [9, 9, 'PR', 'territory'],
    [10, 27, 'MA'],
    [28, 29, 'RI'],
    [30, 38, 'NH'],
    [39, 49, 'ME'],
    [50, 54, 'VT'],
    [55, 55, 'MA'], // Andover (IRS)
    [56, 59, 'VT'],
    [60, 69, 'CT'],
    [70, 89, 'NJ'],
    [90, 99, 'AE', 'military'],
    [100, 149, 'NY'],
    [150, 196, 'PA'],
    [197, 199, 'DE'],
    [200, 200, 'DC'],
    [201, 201, 'VA'], // Dulles
    [202, 205, 'DC'],
    [206, 212, 'MD'],
    [214, 219, 'MD'],
    [220, 246, 'VA'],
    [247, 268, 'WV'],
    [270, 289, 'NC'],
    [290, 299, 'SC'],
    [300, 319, 'GA'],
    [320, 339, 'FL'],
    [340, 340, 'AA', 'military'],
    [341, 342, 'FL'],
    [344, 344, 'FL'],
    [346, 347, 'FL'],
    [349, 349, 'FL'],
    [350, 352, 'AL'],
    [354, 369, 'AL'],
    [370, 385, 'TN'],
    [386, 397, 'MS'],
    [398, 399, 'GA'],
    [400, 418, 'KY'],
    [420, 427, 'KY'],
    [430, 459, 'OH'],
    [460, 479, 'IN'],
    [480, 499, 'MI'],
    [500, 516, 'IA'],
    [520, 528, 'IA'],
    [530, 532, 'WI'],
    [534, 535, 'WI'],
    [537, 549, 'WI'],
    [550, 551, 'MN'],
    [553, 567, 'MN'],
    [569, 569, 'DC'], // Parcel Return Service, Washington DC
    [570, 577, 'SD'],
    [580, 588, 'ND'],
    [590, 599, 'MT'],
    [600, 620, 'IL'],
    [622, 629, 'IL'],
    [630, 631, 'MO'],
    [633, 641, 'MO'],
    [644, 658, 'MO'],
    [660, 662, 'KS'],
    [664, 679, 'KS'],
    [680, 681, 'NE'],
    [683, 693, 'NE'],
    [700, 701, 'LA'],
    [703, 708, 'LA'],
    [710, 714, 'LA'],
    [716, 729, 'AR'],
    [730, 731, 'OK'],
    [733, 733, 'TX'], // Austin (IRS)
    [734, 741, 'OK'],
    [743, 749, 'OK'],
    [750, 799, 'TX'],
    [800, 816, 'CO'],
    [820, 831, 'WY'],
    [832, 838, 'ID'],
    [840, 847, 'UT'],
    [850, 853, 'AZ'],
    [855, 857, 'AZ'],
    [859, 860, 'AZ'],
    [863, 865, 'AZ'],
    [870, 871, 'NM'],
    [873, 884, 'NM'],
    [885, 885, 'TX'], // El Paso
    [889, 891, 'NV'],
    [893, 895, 'NV'],
    [897, 898, 'NV'],
    [900, 908, 'CA'],
    [910, 928, 'CA'],
    [930, 961, 'CA'],
    [962, 966, 'AP', 'military'],
    [967, 968, 'HI'],
    [969, 969, 'GU', 'territory'], // Guam, Northern Mariana Islands, Palau, Micronesia, Marshall Islands
    [970, 979, 'OR'],
    [980, 986, 'WA'],
    [988, 994, 'WA'],
    [995, 999, 'AK'],
  ];

/** Whole-ZIP exceptions inside a state's prefix. */
const ZIP5_EXCEPTIONS: Readonly<Record<string, { code: string; kind: JurisdictionKind }>> = {
  '96799': { code: 'AS', kind: 'territory' }, // American Samoa uses a Hawaii prefix
};

export const US_STATES_AND_DC = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
] as const;

export const TERRITORY_NAMES: Readonly<Record<string, string>> = {
  PR: 'Puerto Rico',
  VI: 'the U.S. Virgin Islands',
  GU: 'Guam and the Pacific islands',
  AS: 'American Samoa',
  AA: 'military mail (APO/FPO AA)',
  AE: 'military mail (APO/FPO AE)',
  AP: 'military mail (APO/FPO AP)',
};

export interface Jurisdiction {
  code: string;
  kind: JurisdictionKind;
}

const ZIP_PATTERN = /^\d{5}$/;

/** Where a 5-digit ZIP code belongs (state, DC, territory or military mail), or null when unassigned/invalid. */
export function jurisdictionForZip(zip: string): Jurisdiction | null {
  if (typeof zip !== 'string' || !ZIP_PATTERN.test(zip)) return null;
  const exception = ZIP5_EXCEPTIONS[zip];
  if (exception) return { ...exception };
  const prefix = Number(zip.slice(0, 3));
  for (const [from, to, code, kind] of ZIP3_RANGES) {
    if (prefix >= from && prefix <= to) return { code, kind: kind ?? 'state' };
  }
  return null;
}

/**
 * The state (or DC) of a 5-digit US ZIP code, or null for malformed input, unassigned prefixes,
 * territories and military addresses (see `jurisdictionForZip` to tell those apart).
 */
export function stateForZip(zip: string): string | null {
  const j = jurisdictionForZip(zip);
  return j && j.kind === 'state' ? j.code : null;
}

/** Age of majority for sweepstakes participation in a state: 18, except AL/NE 19 and MS 21. */
export function ageOfMajority(state: string): number {
  return AGE_OF_MAJORITY_BY_STATE[state.toUpperCase()] ?? MINIMUM_AGE;
}

export function isExcludedState(state: string): boolean {
  return (EXCLUDED_STATES as readonly string[]).includes(state.toUpperCase());
}

export interface BirthDate {
  year: number;
  month: number;
  day: number;
}

const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** A real calendar date from 1900-01-01 on (month 1-12). Does not check the future: see `ageOn`. */
export function isValidBirthDate(year: number, month: number, day: number): boolean {
  if (![year, month, day].every((n) => Number.isInteger(n))) return false;
  if (year < 1900 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

/**
 * Whole years of age on the calendar day of `today`, read in UTC fields. A Feb 29 birthday
 * counts from Mar 1 in common years. Negative for a birth date after today.
 * The server passes a Date shifted to the westernmost US time zone it serves, so a birthday is
 * never counted before it has begun everywhere in the US.
 */
export function ageOn(birth: BirthDate, today: Date): number {
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth() + 1;
  const d = today.getUTCDate();
  let age = y - birth.year;
  if (m < birth.month || (m === birth.month && d < birth.day)) age -= 1;
  return age;
}

/** Hawaii (UTC-10, no daylight saving): the last US state to reach a new calendar day. */
const LATEST_US_OFFSET_MS = -10 * 3600_000;
/** `now` shifted so its UTC fields read the calendar date in Hawaii (see `ageOn`). */
export const usCalendarToday = (now: Date): Date => new Date(now.getTime() + LATEST_US_OFFSET_MS);
