import { describe, expect, it } from 'vitest';
import { testGame, TEST_CATALOGUE } from '../../test-support/game-fixtures.ts';
import { formatEasternTime, gameGuard, gameWasUpdated } from './game-guard.ts';

const now = new Date('2026-11-23T03:00:00Z'); // Nov 22, 10:00pm in New York
const guard = (over: Partial<Parameters<typeof gameGuard>[0]> = {}) =>
  gameGuard({
    games: TEST_CATALOGUE,
    gameId: 'crown-jewels',
    currency: 'gold',
    sweepsAllowed: true,
    now,
    ...over,
  });

describe('gameGuard', () => {
  it('waits for the catalogue', () => {
    expect(guard({ games: null })).toEqual({ type: 'wait' });
  });

  it('allows a known game in a currency it takes', () => {
    expect(guard()).toEqual({ type: 'allow' });
    expect(guard({ currency: 'sweeps' })).toEqual({ type: 'allow' });
  });

  it('refuses an unknown game', () => {
    expect(guard({ gameId: 'no-such-game' })).toEqual({ type: 'unavailable' });
  });

  it('refuses a game under maintenance, with the end time in Eastern time', () => {
    // 12:00 UTC on Nov 23 is 7:00am in New York (EST, UTC-5).
    expect(guard({ gameId: 'lucky-scratch' })).toEqual({
      type: 'maintenance',
      until: 'Mon, Nov 23, 7:00am ET',
    });
    expect(guard({ gameId: 'lucky-scratch', now: new Date('2026-11-23T06:00:00Z') })).toEqual({
      type: 'maintenance',
      until: '7:00am ET',
    });
    const noEnd = testGame({ id: 'x', name: 'X', maintenance: true, maintenance_until: null });
    expect(guard({ games: [noEnd], gameId: 'x' })).toEqual({ type: 'maintenance', until: null });
  });

  it('maintenance is checked before the currency', () => {
    const both = testGame({
      id: 'x',
      name: 'X',
      maintenance: true,
      maintenance_until: null,
      metadata: { disabledCurrencies: ['gold'] },
    });
    expect(guard({ games: [both], gameId: 'x' }).type).toBe('maintenance');
  });

  it('refuses a currency the game disables and offers the other one when the player may use it', () => {
    const noSweeps = testGame({ id: 'x', name: 'X', metadata: { disabledCurrencies: ['sweeps'] } });
    expect(guard({ games: [noSweeps], gameId: 'x', currency: 'sweeps' })).toEqual({
      type: 'currency-disabled',
      currency: 'sweeps',
      switchTo: 'gold',
    });
    expect(guard({ games: [noSweeps], gameId: 'x', currency: 'gold' })).toEqual({ type: 'allow' });

    const noGold = testGame({ id: 'y', name: 'Y', metadata: { disabledCurrencies: ['gold'] } });
    expect(guard({ games: [noGold], gameId: 'y' })).toEqual({
      type: 'currency-disabled',
      currency: 'gold',
      switchTo: 'sweeps',
    });
    // Gold-only mode or an excluded state: Sweeps cannot be offered.
    expect(guard({ games: [noGold], gameId: 'y', sweepsAllowed: false })).toEqual({
      type: 'currency-disabled',
      currency: 'gold',
      switchTo: null,
    });
    const neither = testGame({ id: 'z', name: 'Z', metadata: { disabledCurrencies: ['gold', 'sweeps'] } });
    expect(guard({ games: [neither], gameId: 'z' })).toMatchObject({ switchTo: null });
  });
});

describe('formatEasternTime', () => {
  it('follows daylight saving time in New York', () => {
    const july = new Date('2026-07-10T12:00:00Z');
    expect(formatEasternTime('2026-07-10T11:00:00Z', july)).toBe('7:00am ET');
    expect(formatEasternTime('2026-07-10T20:30:00Z', july)).toBe('4:30pm ET');
  });

  it('is null for a date it cannot read', () => {
    expect(formatEasternTime('not a date', now)).toBeNull();
  });
});

describe('gameWasUpdated', () => {
  it('only when the version differs from the one opened', () => {
    expect(gameWasUpdated('1', { version: '2' })).toBe(true);
    expect(gameWasUpdated('1', { version: '1' })).toBe(false);
    expect(gameWasUpdated(null, { version: '2' })).toBe(false);
    expect(gameWasUpdated('1', undefined)).toBe(false);
  });
});
