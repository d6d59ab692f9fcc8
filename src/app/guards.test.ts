import { describe, expect, it } from 'vitest';
import {
  combineGuards,
  devOnly,
  logoDestination,
  redirectSignedIn,
  requireMobileVerificationPending,
  requireMobileVerified,
  requireSignedIn,
  requireSweeps,
  type GuardContext,
} from './guards.ts';
import { menuItems } from './menu-items.ts';

const ctx = (over: Partial<GuardContext> = {}): GuardContext => ({
  status: 'signed-in',
  user: { account_state: 'active' },
  goldOnly: false,
  mobileVerificationEnabled: false,
  propertiesReady: true,
  location: '/my-account?x=1',
  hostname: 'localhost',
  productionHost: 'play.luckycrown.example',
  ...over,
});

describe('guards', () => {
  it('requireSignedIn: waits, redirects to login remembering the URL, allows', () => {
    expect(requireSignedIn(ctx({ status: 'unknown' }))).toEqual({ type: 'wait' });
    expect(requireSignedIn(ctx({ status: 'signed-out', user: null }))).toEqual({
      type: 'redirect',
      to: '/login',
      rememberReturnTo: '/my-account?x=1',
    });
    expect(requireSignedIn(ctx())).toEqual({ type: 'allow' });
  });

  it('redirectSignedIn: signed-in players go to return-to or the lobby', () => {
    expect(redirectSignedIn(null)(ctx())).toEqual({ type: 'redirect', to: '/lobby' });
    expect(redirectSignedIn('/buy-coins')(ctx())).toEqual({ type: 'redirect', to: '/buy-coins' });
    expect(redirectSignedIn(null)(ctx({ status: 'signed-out' }))).toEqual({ type: 'allow' });
    expect(redirectSignedIn(null)(ctx({ status: 'unknown' }))).toEqual({ type: 'wait' });
  });

  it('requireMobileVerified only acts when the feature is enabled', () => {
    const pending = { user: { account_state: 'pending_mobile_verification' as const } };
    expect(requireMobileVerified(ctx(pending))).toEqual({ type: 'allow' });
    expect(requireMobileVerified(ctx({ ...pending, mobileVerificationEnabled: true }))).toEqual({
      type: 'redirect',
      to: '/mobile-verification',
    });
    expect(requireMobileVerified(ctx({ mobileVerificationEnabled: true }))).toEqual({ type: 'allow' });
    expect(
      requireMobileVerified(ctx({ ...pending, mobileVerificationEnabled: true, propertiesReady: false })),
    ).toEqual({ type: 'wait' });
  });

  it('the mobile verification page sends verified players to the lobby', () => {
    expect(requireMobileVerificationPending(ctx({ mobileVerificationEnabled: true }))).toEqual({
      type: 'redirect',
      to: '/lobby',
    });
    expect(
      requireMobileVerificationPending(
        ctx({ mobileVerificationEnabled: true, user: { account_state: 'pending_mobile_verification' } }),
      ),
    ).toEqual({ type: 'allow' });
  });

  it('requireSweeps redirects to the lobby in gold-only mode', () => {
    expect(requireSweeps(ctx({ goldOnly: true }))).toEqual({ type: 'redirect', to: '/lobby' });
    expect(requireSweeps(ctx())).toEqual({ type: 'allow' });
    expect(requireSweeps(ctx({ propertiesReady: false }))).toEqual({ type: 'wait' });
  });

  it('devOnly hides the style guide on the production host only', () => {
    expect(devOnly(ctx({ hostname: 'PLAY.luckycrown.example' }))).toEqual({ type: 'redirect', to: '/lobby' });
    expect(devOnly(ctx({ hostname: 'staging.luckycrown.example' }))).toEqual({ type: 'allow' });
  });

  it('combineGuards stops at the first non-allow decision', () => {
    const g = combineGuards(requireSignedIn, requireSweeps);
    expect(g(ctx({ status: 'signed-out', goldOnly: true }))).toMatchObject({ to: '/login' });
    expect(g(ctx({ goldOnly: true }))).toMatchObject({ to: '/lobby' });
    expect(g(ctx())).toEqual({ type: 'allow' });
  });

  it('logo destination: home, lobby, or sign-out confirmation while verification is pending', () => {
    expect(logoDestination(ctx({ status: 'signed-out', user: null }))).toBe('home');
    expect(logoDestination(ctx())).toBe('lobby');
    expect(
      logoDestination(
        ctx({ mobileVerificationEnabled: true, user: { account_state: 'pending_mobile_verification' } }),
      ),
    ).toBe('sign-out-confirmation');
  });
});

describe('menu items', () => {
  const base = {
    goldOnly: false,
    dailyBonusEnabled: true,
    mobileVerificationPending: false,
    supportUrl: 'https://help.example/',
  };
  const ids = (items: ReturnType<typeof menuItems>): string[] =>
    items.flatMap((i) => [i.testId, ...(i.children ?? []).map((c) => c.testId)]);

  it('full menu with every item and child', () => {
    const items = menuItems(base);
    expect(ids(items)).toEqual([
      'menu-lobby',
      'menu-get-coins',
      'menu-buy-coins',
      'menu-daily-bonus',
      'menu-earn-free-coins',
      'menu-redeem',
      'menu-my-account',
      'menu-help-center',
      'menu-refer-a-friend',
      'menu-sign-out',
    ]);
    expect(items.find((i) => i.testId === 'menu-redeem')?.to).toBe('/my-account#my-sweeps-coins');
    expect(items.find((i) => i.testId === 'menu-help-center')?.href).toBe('https://help.example/');
  });
  it('daily bonus only when enabled', () => {
    expect(ids(menuItems({ ...base, dailyBonusEnabled: false }))).not.toContain('menu-daily-bonus');
  });
  it('gold-only mode drops Redeem, Refer a Friend and Earn Free Coins', () => {
    const list = ids(menuItems({ ...base, goldOnly: true }));
    expect(list).not.toContain('menu-redeem');
    expect(list).not.toContain('menu-refer-a-friend');
    expect(list).not.toContain('menu-earn-free-coins');
    expect(list).toContain('menu-buy-coins');
  });
  it('pending mobile verification: only Sign out', () => {
    expect(ids(menuItems({ ...base, mobileVerificationPending: true }))).toEqual(['menu-sign-out']);
  });
});
