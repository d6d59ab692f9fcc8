import { describe, expect, it } from 'vitest';
import type { GatedActivity } from '../../src/contract/player-standing.ts';
import { standingBlock, type PlayerStanding } from './play-gate.ts';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const clear: PlayerStanding = {
  identityState: 'none',
  w9State: 'not_required',
  suspendedAt: null,
  suspensionReason: null,
  playRestriction: null,
  playRestrictedUntil: null,
};
const ACTIVITIES: GatedActivity[] = ['play', 'purchase', 'bonus', 'redeem'];
/** The activities a standing stops, as codes: the table in play-gate.ts's header. */
const blocked = (s: Partial<PlayerStanding>) =>
  Object.fromEntries(ACTIVITIES.map((a) => [a, standingBlock({ ...clear, ...s }, a, NOW)?.code ?? null]));

describe('play gate', () => {
  it('lets a player in good standing do everything', () => {
    expect(blocked({})).toEqual({ play: null, purchase: null, bonus: null, redeem: null });
  });

  it('stops everything for a suspended account', () => {
    const codes = blocked({ suspendedAt: '2026-11-01T00:00:00Z', suspensionReason: 'w9_mismatch' });
    expect(new Set(Object.values(codes))).toEqual(new Set(['ACCOUNT_SUSPENDED']));
  });

  it('stops play, purchases and bonuses but not redeeming during a break or self-exclusion', () => {
    for (const restriction of ['break', 'self_exclusion'] as const)
      expect(blocked({ playRestriction: restriction, playRestrictedUntil: '2026-11-23T12:00:00Z' })).toEqual({
        play: 'PLAY_RESTRICTED',
        purchase: 'PLAY_RESTRICTED',
        bonus: 'PLAY_RESTRICTED',
        redeem: null,
      });
  });

  it('treats a self-exclusion without an end as permanent and an ended break as over', () => {
    expect(blocked({ playRestriction: 'self_exclusion', playRestrictedUntil: null }).play).toBe(
      'PLAY_RESTRICTED',
    );
    expect(
      blocked({ playRestriction: 'break', playRestrictedUntil: '2026-11-22T12:00:00Z' }).play,
    ).toBeNull();
    const err = standingBlock({ ...clear, playRestriction: 'self_exclusion' }, 'play', NOW);
    expect(err?.message).toMatch(/permanently/);
    expect(err?.extra).toEqual({
      restriction: 'self_exclusion',
      until: null,
      account_status: 'self_excluded',
    });
  });

  it('stops play and redemption, not purchases, while W-9 information is required', () => {
    for (const w9State of ['required', 'mismatched'] as const)
      expect(blocked({ w9State })).toEqual({
        play: 'W9_REQUIRED',
        purchase: null,
        bonus: null,
        redeem: 'W9_REQUIRED',
      });
    expect(blocked({ w9State: 'confirmed' }).play).toBeNull();
  });

  it('stops only play while a new version of a document awaits acceptance, after the other blocks', () => {
    expect(blocked({ termsAcceptancePending: true })).toEqual({
      play: 'TERMS_ACCEPTANCE_REQUIRED',
      purchase: null,
      bonus: null,
      redeem: null,
    });
    expect(standingBlock({ ...clear, termsAcceptancePending: true }, 'play', NOW)?.status).toBe(403);
    expect(blocked({ termsAcceptancePending: false }).play).toBeNull();
    // A break says so first: accepting the terms would not let the player play.
    expect(
      blocked({
        termsAcceptancePending: true,
        playRestriction: 'break',
        playRestrictedUntil: '2026-11-23T12:00:00Z',
      }).play,
    ).toBe('PLAY_RESTRICTED');
  });
});
