/**
 * Who may have and play Sweeps Coins (spec section 6), shared by app and server; the server
 * decides (server/core/sweeps-eligibility.ts), the app explains.
 *
 * - **State.** The excluded states (EXCLUDED_STATES: no participation at all, sign-up refuses
 *   them) and the operator's `prohibited_states` named property (states without Sweeps
 *   promotions). A resident of a state on either list gets no Sweeps anywhere: packages carry 0
 *   Sweeps (the zero-Sweeps warning names the state), bonuses are Gold only, AMOE and redemption
 *   are refused, and Sweeps play is refused. Gold play and Gold purchases stay open.
 * - **Identity.** A player whose identity verification is `required`, `pending` or `rejected`
 *   keeps their Sweeps Coins and still receives them (purchases under the monthly threshold,
 *   bonuses, AMOE), but may not play with them, buy past the threshold or redeem until verified.
 */
import { EXCLUDED_STATES } from './constants.ts';
import type { IdentityState } from './player-standing.ts';
import { stateName } from './us-state-names.ts';

/** Identity states that hold Sweeps play (and purchases past the threshold, and redemption). */
export const SWEEPS_HOLDING_IDENTITY_STATES = ['required', 'pending', 'rejected'] as const;
export type SweepsHoldingIdentityState = (typeof SWEEPS_HOLDING_IDENTITY_STATES)[number];

export const isSweepsHoldingIdentityState = (s: string): s is SweepsHoldingIdentityState =>
  (SWEEPS_HOLDING_IDENTITY_STATES as readonly string[]).includes(s);

/** Why Sweeps are off for a player; null when they are on. */
export type SweepsHold =
  | { kind: 'gold_only' }
  | { kind: 'state'; state: string }
  | { kind: 'identity'; identityState: SweepsHoldingIdentityState };

/** The `extra` of a 403 SWEEPS_NOT_ELIGIBLE refusal. */
export interface SweepsNotEligibleExtra {
  reason: SweepsHold['kind'];
  /** The player's state (reason `state`). */
  state?: string;
  /** The player's identity state (reason `identity`). */
  identity_state?: SweepsHoldingIdentityState;
}

/**
 * The states without Sweeps for a `prohibited_states` value (a JSON array of state codes): the
 * excluded states always, plus every code the value names. A value that is not such an array
 * counts as the excluded states alone.
 */
export function statesWithoutSweeps(prohibitedStatesValue: string | null | undefined): Set<string> {
  const states = new Set<string>(EXCLUDED_STATES);
  if (!prohibitedStatesValue) return states;
  try {
    const list: unknown = JSON.parse(prohibitedStatesValue);
    if (Array.isArray(list))
      for (const s of list) if (typeof s === 'string') states.add(s.trim().toUpperCase());
  } catch {
    // a malformed value: the excluded states alone
  }
  return states;
}

/** The hold of a player's identity state on Sweeps play, or null. */
export const identityHold = (identityState: IdentityState | string): SweepsHold | null =>
  isSweepsHoldingIdentityState(identityState) ? { kind: 'identity', identityState } : null;

/**
 * The player-facing words. `{state}` is the state's name. The identity texts say what to do:
 * verify (required), wait (pending), contact support (rejected).
 */
export const SWEEPS_ELIGIBILITY_TEXTS = {
  goldOnly: 'Sweeps Coins are not offered. You can play with Gold Coins.',
  state:
    'Sweeps Coins are not available to residents of {state}. You can still buy and play with Gold Coins.',
  required:
    'Verify your identity to play with Sweeps Coins. Your Sweeps Coins are kept for you; you can play with Gold Coins meanwhile.',
  pending:
    'Your identity verification is being reviewed (up to 15 minutes). You can play with Sweeps Coins once it is approved; Gold Coins play meanwhile.',
  rejected:
    'We could not verify your identity, so Sweeps Coins play is closed. Please contact support; you can still play with Gold Coins.',
} as const;

/** The sentence that tells the player why Sweeps are off and what to do. */
export function sweepsHoldText(hold: SweepsHold): string {
  switch (hold.kind) {
    case 'gold_only':
      return SWEEPS_ELIGIBILITY_TEXTS.goldOnly;
    case 'state':
      return SWEEPS_ELIGIBILITY_TEXTS.state.replace('{state}', stateName(hold.state));
    case 'identity':
      return SWEEPS_ELIGIBILITY_TEXTS[hold.identityState];
  }
}

/**
 * The app's reading of the signed-in user: `sweeps_eligible` false is the state's hold (the
 * server sets it from the state lists and gold-only mode), else the identity state's hold.
 */
export function sweepsHoldOfUser(user: {
  sweeps_eligible: boolean;
  state_or_province: string;
  identity_state?: IdentityState;
}): SweepsHold | null {
  if (!user.sweeps_eligible) return { kind: 'state', state: user.state_or_province.toUpperCase() };
  return user.identity_state ? identityHold(user.identity_state) : null;
}
