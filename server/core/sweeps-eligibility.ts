/**
 * Sweeps eligibility: the one place that decides whether a player may get and play Sweeps Coins
 * (rules in src/contract/sweeps-eligibility.ts, docs/account.md "Sweeps eligibility"). Every
 * Sweeps path asks here: house-game rounds and vendor launches in Sweeps, the daily and login
 * bonuses, AMOE, the packages and purchases, redemption, the wire User's `sweeps_eligible`.
 *
 *   gold-only mode                                  no Sweeps for anyone
 *   state in EXCLUDED_STATES or prohibited_states   no Sweeps (Gold play and purchases stay open)
 *   identity required / pending / rejected          no Sweeps play (Sweeps kept and still received)
 *
 * Cheap on the round path: the operator's `prohibited_states` is read in the same statement as
 * the player's state and identity (one indexed row each, no extra round trip), so a change by the
 * operator applies to the very next request on every server instance, and parsing it is memoised
 * on the value.
 */
import { GAME_ERROR_CODES } from '../../src/contract/games.ts';
import type { IdentityState } from '../../src/contract/player-standing.ts';
import { PROPERTY_NAMES } from '../../src/contract/properties.ts';
import {
  identityHold,
  statesWithoutSweeps,
  sweepsHoldText,
  type SweepsHold,
  type SweepsNotEligibleExtra,
} from '../../src/contract/sweeps-eligibility.ts';
import type { Queryable } from '../db/driver.ts';
import { ApiError } from '../http/api-error.ts';
import type { Config } from '../platform/config.ts';

/** A select-list expression: the stored `prohibited_states` value (text), or NULL. */
export const PROHIBITED_STATES_VALUE_SQL = `(SELECT value FROM named_properties WHERE key = '${PROPERTY_NAMES.prohibitedStates}')`;

let memo: { value: string | null; states: ReadonlySet<string> } | null = null;

/** The states without Sweeps for a stored `prohibited_states` value (the excluded states always). */
export function statesWithoutSweepsOf(value: string | null | undefined): ReadonlySet<string> {
  const v = value ?? null;
  if (memo?.value !== v) memo = { value: v, states: statesWithoutSweeps(v) };
  return memo.states;
}

/** The hold of gold-only mode or of the player's state, or null. */
export function stateHold(
  config: Pick<Config, 'goldOnly'>,
  prohibitedStatesValue: string | null | undefined,
  state: string,
): SweepsHold | null {
  if (config.goldOnly) return { kind: 'gold_only' };
  const code = state.trim().toUpperCase();
  return statesWithoutSweepsOf(prohibitedStatesValue).has(code) ? { kind: 'state', state: code } : null;
}

export interface SweepsStanding {
  state: string;
  identityState: IdentityState;
  prohibitedStatesValue: string | null;
}

/** The player's state and identity with the operator's list, in one statement; null: no such player. */
export async function readSweepsStanding(db: Queryable, userId: string): Promise<SweepsStanding | null> {
  const rows = await db.query<{
    state_or_province: string;
    identity_state: IdentityState;
    prohibited_states: string | null;
  }>(
    `SELECT state_or_province, identity_state, ${PROHIBITED_STATES_VALUE_SQL} AS prohibited_states
       FROM users WHERE id = $1`,
    [userId],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    state: r.state_or_province,
    identityState: r.identity_state,
    prohibitedStatesValue: r.prohibited_states,
  };
}

/** The operator's stored list (for a read that has no player row, like the sign-up answer). */
export async function readProhibitedStatesValue(db: Queryable): Promise<string | null> {
  const rows = await db.query<{ value: string }>(
    `SELECT value FROM named_properties WHERE key = '${PROPERTY_NAMES.prohibitedStates}'`,
  );
  return rows[0]?.value ?? null;
}

/**
 * Whether the player may GET Sweeps (packages' Sweeps, bonuses, AMOE, redemption): gold-only
 * mode and the state decide; the identity state does not (a player awaiting verification keeps
 * receiving the Sweeps they will play once verified). A missing player counts as the state hold.
 */
export async function sweepsGrantHold(
  db: Queryable,
  config: Pick<Config, 'goldOnly'>,
  userId: string,
): Promise<SweepsHold | null> {
  if (config.goldOnly) return { kind: 'gold_only' };
  const s = await readSweepsStanding(db, userId);
  if (!s) return { kind: 'state', state: '' };
  return stateHold(config, s.prohibitedStatesValue, s.state);
}

/** Whether the player may PLAY with Sweeps: the grant hold first, then the identity state's. */
export function sweepsPlayHold(config: Pick<Config, 'goldOnly'>, s: SweepsStanding): SweepsHold | null {
  return stateHold(config, s.prohibitedStatesValue, s.state) ?? identityHold(s.identityState);
}

/** The 403 SWEEPS_NOT_ELIGIBLE of a hold: why, and what to do, in words and in `extra`. */
export function sweepsNotEligibleError(hold: SweepsHold, field: string | null = 'currency'): ApiError {
  const extra: SweepsNotEligibleExtra = { reason: hold.kind };
  if (hold.kind === 'state') extra.state = hold.state;
  if (hold.kind === 'identity') extra.identity_state = hold.identityState;
  return new ApiError(
    403,
    GAME_ERROR_CODES.SWEEPS_NOT_ELIGIBLE,
    sweepsHoldText(hold),
    field,
    extra as unknown as Record<string, unknown>,
  );
}

/** Throws 403 SWEEPS_NOT_ELIGIBLE unless the player may play with Sweeps now (rounds, vendor launch and bets). */
export async function assertSweepsPlay(
  db: Queryable,
  config: Pick<Config, 'goldOnly'>,
  userId: string,
): Promise<void> {
  if (config.goldOnly) throw sweepsNotEligibleError({ kind: 'gold_only' });
  const s = await readSweepsStanding(db, userId);
  const hold = s ? sweepsPlayHold(config, s) : { kind: 'state' as const, state: '' };
  if (hold) throw sweepsNotEligibleError(hold);
}

/** Throws 403 SWEEPS_NOT_ELIGIBLE unless the player may get Sweeps (AMOE requests and codes). */
export async function assertSweepsGrant(
  db: Queryable,
  config: Pick<Config, 'goldOnly'>,
  userId: string,
): Promise<void> {
  const hold = await sweepsGrantHold(db, config, userId);
  if (hold) throw sweepsNotEligibleError(hold, null);
}
