/**
 * The play gate: one read of the player's standing (identity, W-9, suspension, responsible-play
 * restriction) and the rule of which activity each block stops. Every money path that a player
 * starts calls it inside its transaction: game rounds, vendor bets, purchases, bonus claims and
 * redemptions, so a block set by support, the tax rules or the player takes effect at once.
 *
 *   suspended              stops play, purchase, bonus, redeem
 *   break / self-exclusion stops play, purchase, bonus (redeeming and history stay open)
 *   W-9 required/mismatch  stops play and redeem
 *   new legal version      stops play until the player accepts it (legal-acceptance.ts)
 */
import {
  accountStatusOfRestriction,
  PLAYER_STANDING_ERROR_CODES,
  type GatedActivity,
  type IdentityState,
  type PlayRestriction,
  type W9State,
} from '../../src/contract/player-standing.ts';
import { PLAYER_STANDING_TEXTS } from '../../src/contract/player-standing-texts.ts';
import type { Queryable } from '../db/driver.ts';
import { ApiError } from '../http/api-error.ts';
import { accountStateRefusal } from '../http/account-status.ts';
import { pendingAcceptanceExistsSql } from './pending-legal-documents.ts';

export interface PlayerStanding {
  identityState: IdentityState;
  w9State: W9State;
  suspendedAt: string | null;
  suspensionReason: string | null;
  playRestriction: PlayRestriction | null;
  /** ISO time the restriction ends; null with a restriction means permanent. */
  playRestrictedUntil: string | null;
  /** A newer version of a document that must be accepted awaits the player's acceptance. */
  termsAcceptancePending?: boolean;
}

type StandingRow = {
  identity_state: IdentityState;
  w9_state: W9State;
  suspended_at: Date | string | null;
  suspension_reason: string | null;
  play_restriction: PlayRestriction | null;
  play_restricted_until: Date | string | null;
  terms_acceptance_pending: boolean;
};

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

export async function readPlayerStanding(db: Queryable, userId: string): Promise<PlayerStanding | null> {
  const rows = await db.query<StandingRow>(
    `SELECT identity_state, w9_state, suspended_at, suspension_reason, play_restriction, play_restricted_until,
            ${pendingAcceptanceExistsSql('users.id')} AS terms_acceptance_pending
       FROM users WHERE id = $1`,
    [userId],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    identityState: r.identity_state,
    w9State: r.w9_state,
    suspendedAt: iso(r.suspended_at),
    suspensionReason: r.suspension_reason,
    playRestriction: r.play_restriction,
    playRestrictedUntil: iso(r.play_restricted_until),
    termsAcceptancePending: r.terms_acceptance_pending,
  };
}

/** The restriction running at `nowMs`, or null when none is (an ended break no longer counts). */
export function activeRestriction(
  s: Pick<PlayerStanding, 'playRestriction' | 'playRestrictedUntil'>,
  nowMs: number,
): { restriction: PlayRestriction; until: string | null } | null {
  if (!s.playRestriction) return null;
  if (s.playRestrictedUntil !== null && Date.parse(s.playRestrictedUntil) <= nowMs) return null;
  return { restriction: s.playRestriction, until: s.playRestrictedUntil };
}

const formatUntil = (isoTime: string): string =>
  new Date(isoTime).toLocaleString('en-US', {
    timeZone: 'America/New_York',
    dateStyle: 'medium',
    timeStyle: 'short',
  }) + ' ET';

/** The error that stops `activity` for this standing, or null when it may go ahead. */
export function standingBlock(
  standing: PlayerStanding,
  activity: GatedActivity,
  nowMs: number,
): ApiError | null {
  if (standing.suspendedAt !== null)
    return accountStateRefusal(
      403,
      PLAYER_STANDING_ERROR_CODES.ACCOUNT_SUSPENDED,
      PLAYER_STANDING_TEXTS.suspended,
      'suspended',
      { reason: standing.suspensionReason },
    );
  const restriction = activeRestriction(standing, nowMs);
  if (restriction && activity !== 'redeem') {
    const text =
      restriction.restriction === 'break'
        ? PLAYER_STANDING_TEXTS.onBreak
        : restriction.until === null
          ? PLAYER_STANDING_TEXTS.selfExcludedPermanently
          : PLAYER_STANDING_TEXTS.selfExcluded;
    return accountStateRefusal(
      403,
      PLAYER_STANDING_ERROR_CODES.PLAY_RESTRICTED,
      restriction.until === null ? text : text.replace('{until}', formatUntil(restriction.until)),
      accountStatusOfRestriction(restriction.restriction),
      { restriction: restriction.restriction, until: restriction.until },
    );
  }
  if (
    (standing.w9State === 'required' || standing.w9State === 'mismatched') &&
    (activity === 'play' || activity === 'redeem')
  )
    return new ApiError(403, PLAYER_STANDING_ERROR_CODES.W9_REQUIRED, PLAYER_STANDING_TEXTS.w9Required);
  if (standing.termsAcceptancePending && activity === 'play')
    return new ApiError(
      403,
      PLAYER_STANDING_ERROR_CODES.TERMS_ACCEPTANCE_REQUIRED,
      PLAYER_STANDING_TEXTS.termsAcceptanceRequired,
    );
  return null;
}

/** Throws the block's 403 when the player may not do `activity` now. Call inside the money transaction. */
export async function assertMayAct(
  db: Queryable,
  userId: string,
  activity: GatedActivity,
  nowMs: number,
): Promise<void> {
  const standing = await readPlayerStanding(db, userId);
  if (!standing) return;
  const block = standingBlock(standing, activity, nowMs);
  if (block) throw block;
}
