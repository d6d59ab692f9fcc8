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
import type { SweepsHold, SweepsHoldingIdentityState } from './sweeps-hold.ts';
import { stateName } from './us-state-names.ts';

export {
  SWEEPS_HOLDING_IDENTITY_STATES,
  identityHold,
  isSweepsHoldingIdentityState,
  sweepsHoldOfUser,
  type SweepsHold,
  type SweepsHoldingIdentityState,
} from './sweeps-hold.ts';

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
