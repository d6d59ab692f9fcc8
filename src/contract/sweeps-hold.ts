/**
 * Whether Sweeps are held for a player, and why (src/contract/sweeps-eligibility.ts tells the
 * rules and has the words). Its own small module: the pages that show the hold notice read the
 * hold at first render, while the notice and its words load only for a player who has one.
 */
import type { IdentityState } from './player-standing.ts';

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

/** The hold of a player's identity state on Sweeps play, or null. */
export const identityHold = (identityState: IdentityState | string): SweepsHold | null =>
  isSweepsHoldingIdentityState(identityState) ? { kind: 'identity', identityState } : null;

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
