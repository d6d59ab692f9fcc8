/**
 * The operator's own actions (no other feature's state machine in between): a player's identity
 * state, a support-side purchase-limit decrease, game maintenance and named properties. Each is
 * an `act` for runOperatorAction: it reads and locks what it changes, changes it, and answers
 * the before/after the audit row records, all inside the caller's transaction.
 */
import { normalizeEmail } from '../../../src/contract/eligibility.ts';
import { ERROR_CODES } from '../../../src/contract/errors.ts';
import { OPERATOR_ERROR_CODES } from '../../../src/contract/operator.ts';
import type { IdentityState } from '../../../src/contract/player-standing.ts';
import { PROPERTY_DEFAULTS } from '../../../src/contract/properties.ts';
import type { PurchaseLimitPeriod } from '../../../src/contract/wallet.ts';
import type { Queryable } from '../../db/driver.ts';
import { ApiError } from '../../http/api-error.ts';
import { setIdentityState } from '../kyc/public.ts';
import {
  InconsistentLimitsError,
  readLimits,
  setLimits,
  type LimitRecord,
} from '../purchase-limits/public.ts';
import { centsToDisplay, displayToCents } from '../../core/ledger/money.ts';
import type { ActionOutcome } from '../../core/audit.ts';
import { checkPropertyValue, ruleOf } from './property-values.ts';

const iso = (v: Date | string | number): string => new Date(v).toISOString();

export async function playerIdByEmail(tx: Queryable, email: string): Promise<string> {
  const rows = await tx.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = $1', [
    normalizeEmail(email),
  ]);
  const id = rows[0]?.id;
  if (!id)
    throw new ApiError(404, OPERATOR_ERROR_CODES.PLAYER_NOT_FOUND, 'No player has that email.', 'email');
  return id;
}

const reasonOf = (reason: string, field = 'reason'): string => {
  const text = reason.trim();
  if (!text) throw new ApiError(400, ERROR_CODES.VALIDATION_ERROR, 'A reason is required.', field);
  return text;
};

/** Sets a player's identity state (through the one writer of that state, with its own history). */
export const setPlayerIdentity =
  (input: { email: string; state: IdentityState; reason: string; nowMs: number }) =>
  async (tx: Queryable): Promise<ActionOutcome> => {
    const reason = reasonOf(input.reason);
    const playerId = await playerIdByEmail(tx, input.email);
    const change = await setIdentityState(tx, playerId, input.state, reason, input.nowMs);
    return {
      action: 'identity_state_set',
      playerId,
      subject: null,
      before: { identity_state: change.before },
      after: { identity_state: change.after },
      reason,
    };
  };

const limitSummary = (r: LimitRecord) => ({
  amount_usd: r.amountCents === null ? null : centsToDisplay(r.amountCents),
  pending:
    r.pending === null
      ? null
      : {
          amount_usd: r.pending.amountCents === null ? null : centsToDisplay(r.pending.amountCents),
          effective_at: iso(r.pending.effectiveAtMs),
        },
});

/**
 * A support-side decrease of one purchase limit: in force at once (and it ends a pending
 * increase). Only a decrease: an amount at or above the limit in force is refused (an increase or
 * removal is the player's own, with its cooling-off). No limit yet counts as no ceiling, so a
 * first limit is a decrease too.
 */
export const decreasePurchaseLimit =
  (input: { email: string; period: PurchaseLimitPeriod; amountUsd: number; reason: string; nowMs: number }) =>
  async (tx: Queryable): Promise<ActionOutcome> => {
    const reason = reasonOf(input.reason);
    const cents = displayToCents(input.amountUsd);
    if (cents === null || cents < 1)
      throw new ApiError(
        400,
        ERROR_CODES.VALIDATION_ERROR,
        'The amount must be in dollars and cents, above 0.',
        'amount_usd',
      );
    const playerId = await playerIdByEmail(tx, input.email);
    const before = await readLimits(tx, playerId, input.nowMs, { forUpdate: true });
    const current = before[input.period].amountCents;
    if (current !== null && cents >= current)
      throw new ApiError(
        409,
        OPERATOR_ERROR_CODES.LIMIT_NOT_A_DECREASE,
        `The ${input.period} limit in force is $${centsToDisplay(current).toFixed(2)}: only a lower amount can be set here.`,
        'amount_usd',
        { limit_usd: centsToDisplay(current) },
      );
    let after: Record<PurchaseLimitPeriod, LimitRecord>;
    try {
      after = await setLimits(tx, playerId, { [input.period]: cents }, input.nowMs);
    } catch (error) {
      if (error instanceof InconsistentLimitsError)
        throw new ApiError(409, OPERATOR_ERROR_CODES.LIMITS_INCONSISTENT, error.message, 'period', {
          period: error.field,
        });
      throw error;
    }
    return {
      action: 'purchase_limit_decreased',
      playerId,
      subject: input.period,
      before: { period: input.period, ...limitSummary(before[input.period]) },
      after: { period: input.period, ...limitSummary(after[input.period]) },
      reason,
    };
  };

type MaintenanceRow = { id: string; maintenance: boolean; maintenance_until: Date | string | null };
const maintenanceOf = (r: MaintenanceRow) => ({
  maintenance: r.maintenance,
  maintenance_until: r.maintenance_until === null ? null : iso(r.maintenance_until),
});

/** Puts a game under maintenance (until a time, or until taken off) or takes it off. */
export const setGameMaintenance =
  (input: { gameId: string; on: boolean; until: string | null; reason: string | null; nowMs: number }) =>
  async (tx: Queryable): Promise<ActionOutcome> => {
    let untilIso: string | null = null;
    if (input.on && input.until !== null) {
      const ms = Date.parse(input.until);
      if (!/^\d{4}-\d{2}-\d{2}T/.test(input.until) || !Number.isFinite(ms) || ms <= input.nowMs)
        throw new ApiError(
          400,
          ERROR_CODES.VALIDATION_ERROR,
          'until must be an ISO date and time in the future, like 2030-01-31T18:00:00Z.',
          'until',
        );
      untilIso = iso(ms);
    } else if (!input.on && input.until !== null) {
      throw new ApiError(
        400,
        ERROR_CODES.VALIDATION_ERROR,
        'until is only for putting a game on maintenance.',
        'until',
      );
    }
    const rows = await tx.query<MaintenanceRow>(
      'SELECT id, maintenance, maintenance_until FROM games WHERE id = $1 FOR UPDATE',
      [input.gameId],
    );
    const before = rows[0];
    if (!before)
      throw new ApiError(404, OPERATOR_ERROR_CODES.GAME_NOT_FOUND, 'No game has that id.', 'game_id');
    const updated = await tx.query<MaintenanceRow>(
      'UPDATE games SET maintenance = $2, maintenance_until = $3 WHERE id = $1 RETURNING id, maintenance, maintenance_until',
      [input.gameId, input.on, untilIso],
    );
    return {
      action: input.on ? 'game_maintenance_on' : 'game_maintenance_off',
      playerId: null,
      subject: input.gameId,
      before: maintenanceOf(before),
      after: maintenanceOf(updated[0]!),
      reason: input.reason?.trim() || null,
    };
  };

/** Sets one named property after checking the value against the property's rule. */
export const setNamedProperty =
  (input: { name: string; value: string; reason: string }) =>
  async (tx: Queryable): Promise<ActionOutcome> => {
    const reason = reasonOf(input.reason);
    if (!(input.name in PROPERTY_DEFAULTS))
      throw new ApiError(
        404,
        OPERATOR_ERROR_CODES.PROPERTY_NOT_FOUND,
        'No named property has that name.',
        'name',
      );
    const rule = ruleOf(input.name);
    if (rule.readOnly)
      throw new ApiError(
        409,
        OPERATOR_ERROR_CODES.PROPERTY_READ_ONLY,
        'This property is set by the server configuration, not here.',
        'name',
      );
    const value = checkPropertyValue(input.name, input.value);
    if (value === null)
      throw new ApiError(
        400,
        OPERATOR_ERROR_CODES.INVALID_PROPERTY_VALUE,
        `The value must be ${rule.expected}.`,
        'value',
        { expected: rule.expected },
      );
    const rows = await tx.query<{ value: string }>(
      'SELECT value FROM named_properties WHERE key = $1 FOR UPDATE',
      [input.name],
    );
    const before = rows[0]?.value ?? null;
    await tx.query(
      'INSERT INTO named_properties (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()',
      [input.name, value],
    );
    return {
      action: 'property_set',
      playerId: null,
      subject: input.name,
      before: { value: before },
      after: { value },
      reason,
    };
  };
