import { afterEach, describe, expect, it } from 'vitest';
import { ANALYTICS_EVENTS, clearAnalytics, pageviewPath, trackEvent } from './analytics.ts';

const layer = () => (globalThis as { dataLayer?: unknown[] }).dataLayer;

afterEach(() => {
  delete (globalThis as { dataLayer?: unknown[] }).dataLayer;
});

describe('analytics', () => {
  it('pushes the event name with its flat fields, creating the data layer when missing', () => {
    trackEvent('daily_bonus_spin', { prize_gld: 5000, prize_ghc: 0.2, streak: 3 });
    expect(layer()).toEqual([{ event: 'daily_bonus_spin', prize_gld: 5000, prize_ghc: 0.2, streak: 3 }]);
  });

  it('keeps a data layer a tag snippet created before the app', () => {
    (globalThis as { dataLayer?: unknown[] }).dataLayer = [{ event: 'gtm.js' }];
    trackEvent('pageview', { page_path: '/lobby' });
    expect(layer()).toEqual([{ event: 'gtm.js' }, { event: 'pageview', page_path: '/lobby' }]);
  });

  it('never sends personal data or secrets, and drops undefined fields', () => {
    trackEvent('sign_up', {
      method: 'email',
      email: 'a@b.co',
      password: 'x',
      token: 't',
      user_id: 'u1',
      promo: undefined,
    });
    expect(layer()).toEqual([{ event: 'sign_up', method: 'email', user_id: 'u1' }]);
  });

  it('does not throw when the data layer cannot take a push', () => {
    (globalThis as { dataLayer?: unknown[] }).dataLayer = Object.freeze([]) as unknown as unknown[];
    expect(() => trackEvent('redemption', { method: 'paypal' })).not.toThrow();
  });

  it('names every event of the spec once', () => {
    expect(new Set(ANALYTICS_EVENTS).size).toBe(ANALYTICS_EVENTS.length);
    expect(ANALYTICS_EVENTS).toEqual(
      expect.arrayContaining([
        'pageview',
        'purchase',
        'first_purchase',
        'daily_bonus_spin',
        'daily_bonus_close',
        'sign_up',
        'mobile_verified',
        'redemption',
      ]),
    );
  });

  it('masks codes in paths and clears on sign-out', () => {
    expect(pageviewPath('/referral/AbC123')).toBe('/referral/:code');
    expect(pageviewPath('/dd/xyz')).toBe('/dd/:code');
    expect(pageviewPath('/buy-coins/daily-bonus')).toBe('/buy-coins/daily-bonus');
    trackEvent('pageview', { page_path: '/lobby' });
    clearAnalytics();
    expect(layer()).toEqual([]);
  });
});
