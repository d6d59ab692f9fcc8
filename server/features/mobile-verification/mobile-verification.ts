/**
 * Mobile verification (docs/mobile-verification.md): a pending account sends a 6-digit code to a
 * US mobile number by SMS, then types it back; the account becomes active with mobile_verified
 * and the phone stored.
 *
 * Concurrency. Both calls run at READ COMMITTED and take the player's users row FOR UPDATE first,
 * so one player's calls run one after another and each sees what the previous one wrote. Sending
 * also takes a transaction-scoped advisory lock on the number, so two accounts asking for codes
 * to one number count each other's codes. A number is verified for one account by the
 * verified_phones primary key (a race between two accounts ends in 23505 for the second).
 *
 * Why not SERIALIZABLE here: a burst of one player's sends would abort all but one per round and
 * could run out of retries; the row lock gives the same answer without retries.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { PRODUCT_NAME } from '../../../src/contract/constants.ts';
import {
  MOBILE_CODE_LENGTH,
  MOBILE_CODE_MAX_ATTEMPTS,
  MOBILE_CODE_TTL_MINUTES,
  MOBILE_VERIFICATION_ERROR_CODES as CODES,
  MOBILE_VERIFICATION_TEXTS as TEXTS,
  type SendMobileCodeResponse,
} from '../../../src/contract/mobile-verification.ts';
import type { Config } from '../../platform/config.ts';
import { constraintName, sqlState, type Database, type Queryable } from '../../db/driver.ts';
import { transaction } from '../../db/transaction.ts';
import { ApiError } from '../../http/api-error.ts';
import type { Logger } from '../../platform/logger.ts';
import type { SmsProvider } from '../../providers/sms/sms-provider.ts';

const DAY_MS = 24 * 3600_000;
export const SMS_PURPOSE = 'mobile_verification_code';

export interface MobileVerificationDeps {
  db: Database;
  config: Pick<Config, 'mobileCodesPerAccountPerDay' | 'mobileCodesPerPhonePerDay'>;
  /** Keys the code hashes. */
  codeSecret: string;
  sms: SmsProvider;
  logger: Logger;
  now: () => number;
}

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------
const notPending = () =>
  new ApiError(409, CODES.MOBILE_NOT_PENDING, 'This account does not need mobile verification.');
const sameNumber = (sentAt: Date, expiresAt: Date) =>
  new ApiError(409, CODES.MOBILE_SAME_NUMBER, TEXTS.same, 'phone', {
    sent_at: sentAt.toISOString(),
    expires_at: expiresAt.toISOString(),
  });
const tooManyCodes = (limit: number, retryAt: Date, scope: 'account' | 'phone', nowMs: number) =>
  new ApiError(
    429,
    CODES.MOBILE_TOO_MANY_CODES,
    TEXTS.frequency.replace('{time}', retryAt.toISOString()),
    null,
    { limit, retry_at: retryAt.toISOString(), scope },
    { 'Retry-After': String(Math.max(1, Math.ceil((retryAt.getTime() - nowMs) / 1000))) },
  );
const wrongCode = (attemptsLeft: number) =>
  new ApiError(
    400,
    CODES.MOBILE_WRONG_CODE,
    TEXTS.wrongCode.replace('{attempts}', String(attemptsLeft)),
    'code',
    { attempts_left: attemptsLeft },
  );
const codeExpired = () => new ApiError(400, CODES.MOBILE_CODE_EXPIRED, TEXTS.codeExpired, 'code');
const duplicateNumber = () =>
  new ApiError(409, CODES.MOBILE_DUPLICATE_NUMBER, TEXTS.duplicateNumber, 'phone');
export const smsFailed = () =>
  new ApiError(
    502,
    CODES.MOBILE_SMS_FAILED,
    'We could not send the text message. Please try again.',
    'phone',
  );

interface PlayerRow {
  account_state: string;
  birth_year: number | string;
  birth_month: number | string;
  birth_day: number | string;
  [key: string]: unknown;
}

const sameBirthDate = (a: PlayerRow, b: PlayerRow): boolean =>
  Number(a.birth_year) === Number(b.birth_year) &&
  Number(a.birth_month) === Number(b.birth_month) &&
  Number(a.birth_day) === Number(b.birth_day);

/**
 * The number is verified on another account. Closed account: EXISTING ACCOUNT ALERT (this person
 * had an account and closed it). Same birth date: EXISTING ACCOUNT DETECTED (very likely the same
 * person joining twice under another name or email). Otherwise the number is simply taken.
 */
function numberTakenBy(owner: PlayerRow, me: PlayerRow): ApiError {
  if (owner.account_state === 'closed')
    return new ApiError(409, CODES.MOBILE_CLOSED_ACCOUNT, TEXTS.closedAccount, 'phone');
  if (sameBirthDate(owner, me))
    return new ApiError(409, CODES.MOBILE_DUPLICATE_ACCOUNT, TEXTS.duplicateAccount, 'phone');
  return duplicateNumber();
}

// ---------------------------------------------------------------------------------------------
// Codes
// ---------------------------------------------------------------------------------------------
export const newCode = (): string =>
  String(randomInt(0, 10 ** MOBILE_CODE_LENGTH)).padStart(MOBILE_CODE_LENGTH, '0');

/** HMAC of the code bound to the player and the number, so a row's hash fits no other row. */
export const hashCode = (secret: string, userId: string, phone: string, code: string): string =>
  createHmac('sha256', secret).update(`mobile-code\0${userId}\0${phone}\0${code}`).digest('hex');

const sameHash = (a: string, b: string): boolean => {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
};

const readCommitted = (tx: Queryable) => tx.query('SET TRANSACTION ISOLATION LEVEL READ COMMITTED');

async function lockPendingPlayer(tx: Queryable, userId: string): Promise<PlayerRow> {
  const rows = await tx.query<PlayerRow>(
    'SELECT account_state, birth_year, birth_month, birth_day FROM users WHERE id = $1 FOR UPDATE',
    [userId],
  );
  const me = rows[0];
  if (!me || me.account_state !== 'pending_mobile_verification') throw notPending();
  return me;
}

async function ownerOf(tx: Queryable, phone: string): Promise<(PlayerRow & { user_id: string }) | null> {
  const rows = await tx.query<PlayerRow & { user_id: string }>(
    `SELECT v.user_id, u.account_state, u.birth_year, u.birth_month, u.birth_day
       FROM verified_phones v JOIN users u ON u.id = v.user_id WHERE v.phone = $1`,
    [phone],
  );
  return rows[0] ?? null;
}

interface CodeRow {
  id: number | string;
  phone: string;
  code_hash: string;
  attempts: number | string;
  created_at: Date | string;
  expires_at: Date | string;
  used_at: Date | string | null;
  [key: string]: unknown;
}

const isLive = (row: CodeRow, nowMs: number): boolean =>
  row.used_at === null &&
  new Date(row.expires_at).getTime() > nowMs &&
  Number(row.attempts) < MOBILE_CODE_MAX_ATTEMPTS;

// ---------------------------------------------------------------------------------------------
// Send a code
// ---------------------------------------------------------------------------------------------
export async function sendCode(
  deps: MobileVerificationDeps,
  userId: string,
  phone: string,
  resend: boolean,
): Promise<SendMobileCodeResponse> {
  const code = newCode();
  const sent = await transaction(deps.db, async (tx) => {
    await readCommitted(tx);
    const me = await lockPendingPlayer(tx, userId);
    // Counts per number must see codes other accounts are sending to it right now.
    await tx.query('SELECT 1 FROM (SELECT pg_advisory_xact_lock(hashtext($1))) AS locked', [
      `mobile-verification:${phone}`,
    ]);
    const owner = await ownerOf(tx, phone);
    if (owner && owner.user_id !== userId) throw numberTakenBy(owner, me);

    const nowMs = deps.now();
    const newest = (
      await tx.query<CodeRow>(
        'SELECT * FROM phone_verification_codes WHERE user_id = $1 ORDER BY id DESC LIMIT 1',
        [userId],
      )
    )[0];
    if (!resend && newest && newest.phone === phone && isLive(newest, nowMs))
      throw sameNumber(new Date(newest.created_at), new Date(newest.expires_at));

    const since = new Date(nowMs - DAY_MS).toISOString();
    const counts = (
      await tx.query<{
        by_user: number | string;
        by_phone: number | string;
        first_by_user: Date | string | null;
        first_by_phone: Date | string | null;
      }>(
        `SELECT count(*) FILTER (WHERE user_id = $1) AS by_user, count(*) FILTER (WHERE phone = $2) AS by_phone,
                min(created_at) FILTER (WHERE user_id = $1) AS first_by_user,
                min(created_at) FILTER (WHERE phone = $2) AS first_by_phone
           FROM phone_verification_codes WHERE (user_id = $1 OR phone = $2) AND created_at > $3`,
        [userId, phone, since],
      )
    )[0];
    const byUser = Number(counts?.by_user ?? 0);
    const byPhone = Number(counts?.by_phone ?? 0);
    const { mobileCodesPerAccountPerDay: perAccount, mobileCodesPerPhonePerDay: perPhone } = deps.config;
    if (byUser >= perAccount)
      throw tooManyCodes(
        perAccount,
        new Date(new Date(counts!.first_by_user!).getTime() + DAY_MS),
        'account',
        nowMs,
      );
    if (byPhone >= perPhone)
      throw tooManyCodes(
        perPhone,
        new Date(new Date(counts!.first_by_phone!).getTime() + DAY_MS),
        'phone',
        nowMs,
      );

    const createdAt = new Date(nowMs);
    const expiresAt = new Date(nowMs + MOBILE_CODE_TTL_MINUTES * 60_000);
    await tx.query(
      `INSERT INTO phone_verification_codes (user_id, phone, code_hash, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5)`,
      [
        userId,
        phone,
        hashCode(deps.codeSecret, userId, phone, code),
        createdAt.toISOString(),
        expiresAt.toISOString(),
      ],
    );
    return { createdAt, expiresAt, codesLeft: perAccount - byUser - 1 };
  });
  // After the commit: the message leaves only for a code that exists. A failed send leaves the
  // code counted (no free retries past the limit); the player may ask again with resend.
  try {
    await deps.sms.send({
      purpose: SMS_PURPOSE,
      to: phone,
      text: `${PRODUCT_NAME}: your verification code is ${code}. It expires in ${MOBILE_CODE_TTL_MINUTES} minutes. Never share this code.`,
    });
  } catch (error) {
    deps.logger.error('mobile verification SMS not sent', {
      user_id: userId,
      phone_last4: phone.slice(-4),
      error: error instanceof Error ? error.message : String(error),
    });
    throw smsFailed();
  }
  return {
    phone,
    sent_at: sent.createdAt.toISOString(),
    expires_at: sent.expiresAt.toISOString(),
    codes_left_today: sent.codesLeft,
  };
}

// ---------------------------------------------------------------------------------------------
// Verify a code
// ---------------------------------------------------------------------------------------------
type VerifyOutcome = { ok: true } | { ok: false; attemptsLeft: number };

export async function verifyCode(
  deps: MobileVerificationDeps,
  userId: string,
  phone: string,
  code: string,
): Promise<{ phone: string }> {
  let outcome: VerifyOutcome;
  try {
    outcome = await transaction(deps.db, async (tx): Promise<VerifyOutcome> => {
      await readCommitted(tx);
      const me = await lockPendingPlayer(tx, userId);
      const nowMs = deps.now();
      const newest = (
        await tx.query<CodeRow>(
          'SELECT * FROM phone_verification_codes WHERE user_id = $1 ORDER BY id DESC LIMIT 1 FOR UPDATE',
          [userId],
        )
      )[0];
      if (!newest || newest.phone !== phone || !isLive(newest, nowMs)) throw codeExpired();
      if (!sameHash(newest.code_hash, hashCode(deps.codeSecret, userId, phone, code))) {
        // A wrong code is answered after the commit, so the attempt stays counted.
        const attempts = Number(newest.attempts) + 1;
        await tx.query('UPDATE phone_verification_codes SET attempts = $2 WHERE id = $1', [
          newest.id,
          attempts,
        ]);
        return { ok: false, attemptsLeft: MOBILE_CODE_MAX_ATTEMPTS - attempts };
      }
      const owner = await ownerOf(tx, phone);
      if (owner && owner.user_id !== userId) throw numberTakenBy(owner, me);
      const at = new Date(nowMs).toISOString();
      await tx.query('INSERT INTO verified_phones (phone, user_id, verified_at) VALUES ($1, $2, $3)', [
        phone,
        userId,
        at,
      ]);
      await tx.query('UPDATE phone_verification_codes SET used_at = $2 WHERE id = $1', [newest.id, at]);
      await tx.query(
        `UPDATE users SET account_state = 'active', mobile_verified = true, phone = $2, updated_at = $3 WHERE id = $1`,
        [userId, phone, at],
      );
      return { ok: true };
    });
  } catch (error) {
    // Another account verified this number between our check and our insert.
    if (sqlState(error) === '23505' && (constraintName(error) ?? String(error)).includes('verified_phones'))
      throw duplicateNumber();
    throw error;
  }
  if (!outcome.ok) throw wrongCode(outcome.attemptsLeft);
  deps.logger.info('mobile verified', { user_id: userId, phone_last4: phone.slice(-4) });
  return { phone };
}
