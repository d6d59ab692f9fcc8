/**
 * Account creation rules (spec sections 1, 3, 9); the server is the authority. Checked in this
 * order so the first problem a player can fix is named, under its field:
 * names -> email -> password1 -> password2 -> postal_code (ZIP, excluded state) -> birth_date
 * (valid date, age of majority) -> promo_code -> (the route: robot check, sign-up limit) ->
 * uniqueness (email, person). The household (one address, two accounts) is checked when an
 * address is saved: sign-up asks for none (payments' address store).
 * Field errors answer 400; conflicts with existing accounts answer 409.
 */
import {
  ageOfMajority,
  ageOn,
  isExcludedState,
  isPlausibleEmail,
  isValidBirthDate,
  jurisdictionForZip,
  normalizeEmail,
  passwordProblem,
  TERRITORY_NAMES,
  usCalendarToday,
} from '../../../src/contract/eligibility.ts';
import { ERROR_CODES } from '../../../src/contract/errors.ts';
import type { CreateUserRequest } from '../../../src/contract/schemas.ts';
import { transaction } from '../../db/transaction.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../core/deps.ts';
import { duplicateAccount, emailTaken, mapUniqueViolation } from '../../core/users/user-uniqueness.ts';
import { acceptAtSignUp } from '../legal/public.ts';
import { initialAccountState } from '../mobile-verification/public.ts';
import { applyJoinPromo, promoSettingsOf, applyWelcomeOfferAtJoin } from '../promo-codes/public.ts';
import { recordReferralAtJoin } from '../referrals/public.ts';
import { isValidName, personKey } from '../../core/users/identity-keys.ts';
import type { Queryable } from '../../db/driver.ts';

const ATTRIBUTION_KEYS = [
  'utm_content',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_misc',
  'gclid',
  'fbp',
  'fbc',
  'fbclid',
  'referral_token',
  'wfv',
] as const;

const MAX_AGE = 120;
const PROMO_CODE_PATTERN = /^[A-Z0-9_-]{2,64}$/;

const bad = (
  code: (typeof ERROR_CODES)[keyof typeof ERROR_CODES],
  message: string,
  field: string | null,
  extra: Record<string, unknown> | null = null,
) => new ApiError(400, code, message, field, extra);

export interface CheckedSignUp {
  email: string;
  first_name: string;
  last_name: string;
  password: string;
  postal_code: string;
  state: string;
  birth_year: number;
  birth_month: number;
  birth_day: number;
  promo_code: string | null;
  profile_pic: string | null;
  attribution: Record<string, unknown>;
  /** The legal document versions the join form showed; null from a form that did not send them. */
  accepted_documents: CreateUserRequest['accepted_documents'] | null;
}

export function checkName(value: string, field: 'first_name' | 'last_name'): string {
  const name = value.normalize('NFC').trim().replace(/\s+/g, ' ');
  const label = field === 'first_name' ? 'first name' : 'last name';
  if (name.length === 0) throw bad(ERROR_CODES.VALIDATION_ERROR, `Please enter your ${label}.`, field);
  if (!isValidName(name)) {
    throw bad(
      ERROR_CODES.VALIDATION_ERROR,
      `Please enter your ${label} using letters, spaces, hyphens, apostrophes or periods.`,
      field,
    );
  }
  return name;
}

/** Validates everything that does not need the database; throws the first problem. */
export function checkSignUp(body: CreateUserRequest, nowMs: number): CheckedSignUp {
  const first_name = checkName(body.first_name, 'first_name');
  const last_name = checkName(body.last_name, 'last_name');

  const email = normalizeEmail(body.email);
  if (!isPlausibleEmail(email))
    throw bad(ERROR_CODES.VALIDATION_ERROR, 'Please enter a valid email address.', 'email');

  const weakness = passwordProblem(body.password1, { email, first_name, last_name });
  if (weakness) throw bad(ERROR_CODES.WEAK_PASSWORD, weakness, 'password1');
  const password2 = body.password2 ?? body.password1;
  if (password2 !== body.password1)
    throw bad(ERROR_CODES.PASSWORD_MISMATCH, 'The passwords do not match.', 'password2');

  const postal_code = body.postal_code.trim();
  const place = jurisdictionForZip(postal_code);
  if (!place)
    throw bad(ERROR_CODES.INVALID_POSTAL_CODE, 'Please enter a valid 5-digit US ZIP code.', 'postal_code');
  if (place.kind !== 'state') {
    throw bad(
      ERROR_CODES.EXCLUDED_STATE,
      `At the current time we do not allow participation from ${TERRITORY_NAMES[place.code] ?? place.code}. ${'Lucky Crown is open to residents of the 50 US states and DC, except excluded states.'}`,
      'postal_code',
      { state: place.code },
    );
  }
  const state = place.code;
  if (isExcludedState(state)) {
    throw bad(
      ERROR_CODES.EXCLUDED_STATE,
      `At the current time we do not allow participation from the state of ${state}`,
      'postal_code',
      { state },
    );
  }

  const { birth_year, birth_month, birth_day } = body;
  const invalidDate = () =>
    bad(ERROR_CODES.INVALID_BIRTH_DATE, 'Please enter a valid date of birth.', 'birth_date');
  if (!isValidBirthDate(birth_year, birth_month, birth_day)) throw invalidDate();
  const age = ageOn(
    { year: birth_year, month: birth_month, day: birth_day },
    usCalendarToday(new Date(nowMs)),
  );
  if (age < 0 || age > MAX_AGE) throw invalidDate();
  const minimum = ageOfMajority(state);
  if (age < minimum) {
    const where = minimum > 18 ? ` to play from ${state}` : ' to play';
    throw bad(ERROR_CODES.UNDERAGE, `You must be at least ${minimum} years old${where}.`, 'birth_date', {
      minimum_age: minimum,
      state,
    });
  }

  let promo_code: string | null = null;
  if (body.promo_code && body.promo_code.trim() !== '') {
    promo_code = body.promo_code.trim().toUpperCase();
    if (!PROMO_CODE_PATTERN.test(promo_code)) {
      throw bad(
        ERROR_CODES.INVALID_PROMO_CODE,
        'Promo codes use only letters, digits, hyphens and underscores.',
        'promo_code',
      );
    }
  }

  const attribution: Record<string, unknown> = {};
  for (const key of ATTRIBUTION_KEYS) {
    const v = body[key];
    if (v !== undefined && v !== null && v !== '') attribution[key] = v;
  }

  return {
    email,
    first_name,
    last_name,
    password: body.password1,
    postal_code,
    state,
    birth_year,
    birth_month,
    birth_day,
    promo_code,
    profile_pic: body.profile_pic?.trim() || null,
    attribution,
    accepted_documents: body.accepted_documents ?? null,
  };
}

/**
 * Inserts the player after the uniqueness rules; answers the new id. Race-safe: SERIALIZABLE +
 * unique indexes. `beforeInsert` runs in the same transaction once the uniqueness rules passed
 * (the robot check spends its token there, so a refused sign-up leaves it usable).
 */
export async function insertUser(
  deps: AppDeps,
  s: CheckedSignUp,
  passwordHash: string,
  beforeInsert?: (tx: Queryable) => Promise<void>,
): Promise<string> {
  const person = personKey(s);
  try {
    return await transaction(deps.db, async (tx) => {
      const taken = await tx.query('SELECT 1 FROM users WHERE lower(email) = $1', [s.email]);
      if (taken.length > 0) throw emailTaken();
      const same = await tx.query('SELECT 1 FROM users WHERE person_key = $1', [person]);
      if (same.length > 0) throw duplicateAccount();
      if (beforeInsert) await beforeInsert(tx);
      const now = new Date(deps.now()).toISOString();
      // Where mobile verification is on, the account may do nothing but verify until it has.
      const accountState = await initialAccountState(tx);
      const rows = await tx.query<{ id: string }>(
        `INSERT INTO users (email, password_hash, first_name, last_name, person_key, birth_year, birth_month,
           birth_day, postal_code, state_or_province, promo_code, profile_pic, attribution, last_password_change, created_at, updated_at,
           account_state)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::text::jsonb, $14, $14, $14, $15) RETURNING id`,
        [
          s.email,
          passwordHash,
          s.first_name,
          s.last_name,
          person,
          s.birth_year,
          s.birth_month,
          s.birth_day,
          s.postal_code,
          s.state,
          s.promo_code,
          s.profile_pic,
          JSON.stringify(s.attribution),
          now,
          accountState,
        ],
      );
      const id = rows[0]?.id;
      if (!id) throw new Error('insert returned no id');
      // Same transaction: a refused code (400 INVALID_PROMO_CODE) creates nothing.
      if (s.promo_code) await applyJoinPromo(tx, id, s.promo_code, deps.now(), promoSettingsOf(deps.config));
      else await applyWelcomeOfferAtJoin(tx, id, deps.now(), deps.config);
      // Same transaction: an outdated or incomplete acceptance creates nothing.
      await acceptAtSignUp(tx, id, s.accepted_documents, deps.now());
      // Same transaction; an unknown or malformed referral token records nothing and never fails the join.
      await recordReferralAtJoin(tx, id, s.attribution.referral_token, deps.now());
      return id;
    });
  } catch (error) {
    throw mapUniqueViolation(error);
  }
}
