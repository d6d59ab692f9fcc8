import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { STORAGE_KEYS } from '../../contract/constants.ts';
import { FREE_COIN_WAYS } from '../../contract/free-coins.ts';
import {
  REFERRAL_MONTHLY_CAP,
  REFERRAL_REWARD,
  REFERRAL_TEXTS,
  REFERRALS_API_PATHS,
  referralRuleLines,
  type Referral,
  type ReferralsResponse,
} from '../../contract/referrals.ts';
import { ROUTES } from '../../contract/routes.ts';
import { aggregateAttribution, captureAttributionFromUrl } from '../../lib/attribution.ts';
import { resetApiClientState } from '../../lib/api-client.ts';
import { isPersistedKey } from '../../lib/persisted-swr.ts';
import { reportApiReachable } from '../../pwa/online-status.ts';
import { resetStore, store } from '../../state/store.ts';
import { stubApi } from '../../test-support/stub-api.ts';
import EarnSweepsCoinsPage from './earn-sweeps-coins-page.tsx';
import ReferAFriendPage, { referralDetail } from './refer-a-friend-page.tsx';
import ReferralLandingPage, { storeReferralInvitation } from './referral-landing-page.tsx';

const CODE = 'ABCD2345EF';

const referral = (over: Partial<Referral> = {}): Referral => ({
  id: 'r-1',
  friend_name: 'Jordan O.',
  state: 'joined',
  joined_at: '2026-11-02T15:00:00.000Z',
  qualified_at: null,
  rewarded_at: null,
  no_reward_reason: null,
  reward_gld: 0,
  reward_ghc: 0,
  ...over,
});

const answer = (results: Referral[] = []): ReferralsResponse => ({
  code: CODE,
  link_path: `/referral/${CODE}`,
  referrer_reward: { reward_gld: 100_000, reward_ghc: 5 },
  friend_reward: { reward_gld: 50_000, reward_ghc: 2 },
  monthly_cap: REFERRAL_MONTHLY_CAP,
  rewarded_this_month: results.filter((r) => r.state === 'rewarded').length,
  results,
});

beforeEach(() => {
  resetStore();
  resetApiClientState();
  reportApiReachable();
  localStorage.clear();
  store.session.status = 'signed-in';
  store.session.token = 'jwt';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderReferAFriend = () =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter>
        <ReferAFriendPage />
      </MemoryRouter>
    </SWRConfig>,
  );

describe('referral landing page /referral/{code}', () => {
  it('stores the code as the referral token with the referral source and opens the join form', async () => {
    render(
      <MemoryRouter initialEntries={[`/referral/${CODE.toLowerCase()}`]}>
        <Routes>
          <Route path={ROUTES.referral} element={<ReferralLandingPage />} />
          <Route path={ROUTES.createUser} element={<p>join form</p>} />
        </Routes>
      </MemoryRouter>,
    );
    await screen.findByText('join form');
    const payload = aggregateAttribution(new URLSearchParams());
    expect(payload).toMatchObject({ utm_source: 'referral', referral_token: CODE });
  });

  it('a code without the format is not stored (the visitor still goes to join)', () => {
    expect(storeReferralInvitation('not a code!')).toBe(false);
    expect(storeReferralInvitation(undefined)).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.utm)).toBeNull();
    expect(aggregateAttribution(new URLSearchParams()).referral_token).toBeNull();
  });

  it('a later campaign link replaces the referral (the last link opened counts)', () => {
    storeReferralInvitation(CODE);
    expect(aggregateAttribution(new URLSearchParams()).utm_source).toBe('referral');
    captureAttributionFromUrl('utm_source=newsletter&utm_campaign=fall');
    expect(aggregateAttribution(new URLSearchParams())).toMatchObject({
      utm_source: 'newsletter',
      referral_token: null,
    });
    // And a referral link opened after the campaign counts again.
    storeReferralInvitation(CODE);
    expect(aggregateAttribution(new URLSearchParams()).referral_token).toBe(CODE);
  });
});

describe('refer-a-friend page', () => {
  it('shows the link on this origin, the rules and the referrals with their states', async () => {
    stubApi({
      [REFERRALS_API_PATHS.referrals]: {
        status: 200,
        body: answer([
          referral({ id: 'a', friend_name: 'Jordan O.' }),
          referral({
            id: 'b',
            friend_name: 'Sam K.',
            state: 'rewarded',
            rewarded_at: '2026-11-05T15:00:00.000Z',
            reward_gld: 100_000,
            reward_ghc: 5,
          }),
          referral({
            id: 'c',
            friend_name: 'Lee P.',
            state: 'qualified',
            no_reward_reason: 'same_household',
          }),
        ]),
      },
    });
    renderReferAFriend();
    const link = (await screen.findByTestId('referral-link')) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/referral/${CODE}`);
    const items = screen.getAllByTestId('referral-item');
    expect(items.map((i) => i.getAttribute('data-state'))).toEqual(['joined', 'rewarded', 'qualified']);
    expect(items[0]!.textContent).toMatch(/Jordan O\.Joined/);
    expect(items[1]!.textContent).toMatch(/100,000 GC \+ 5\.00 SC/);
    expect(items[2]!.textContent).toMatch(/household/);
    expect(screen.getByTestId('referrals-month').textContent).toBe(
      `Rewarded this month: 1 of ${REFERRAL_MONTHLY_CAP}`,
    );
    const rules = screen.getByTestId('referral-rules').textContent ?? '';
    expect(rules).toContain('100,000 Gold Coins and 5.00 free Sweeps Coins');
    expect(rules).toContain(`Up to ${REFERRAL_MONTHLY_CAP} referrals`);
  });

  it('without the Web Share API, Copy link copies the link and says Copied', async () => {
    stubApi({ [REFERRALS_API_PATHS.referrals]: { status: 200, body: answer() } });
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText }, onLine: true });
    renderReferAFriend();
    await screen.findByTestId('referral-link');
    expect(screen.queryByTestId('referral-share')).toBeNull();
    expect(screen.getByTestId('referrals-empty').textContent).toBe(REFERRAL_TEXTS.empty);
    await act(async () => fireEvent.click(screen.getByTestId('referral-copy')));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/referral/${CODE}`);
    expect(screen.getByTestId('referral-copy-status').textContent).toBe('Copied');
  });

  it('copy refused: the link is selected and the player is told to copy it', async () => {
    stubApi({ [REFERRALS_API_PATHS.referrals]: { status: 200, body: answer() } });
    vi.stubGlobal('navigator', {
      ...navigator,
      share: undefined,
      clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
      onLine: true,
    });
    renderReferAFriend();
    await screen.findByTestId('referral-link');
    await act(async () => fireEvent.click(screen.getByTestId('referral-copy')));
    expect(screen.getByTestId('referral-copy-status').textContent).toBe(REFERRAL_TEXTS.copyFailed);
  });

  it('with the Web Share API, Share opens the share sheet with the link', async () => {
    stubApi({ [REFERRALS_API_PATHS.referrals]: { status: 200, body: answer() } });
    const share = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, share, clipboard: { writeText: vi.fn() }, onLine: true });
    renderReferAFriend();
    await screen.findByTestId('referral-share');
    await act(async () => fireEvent.click(screen.getByTestId('referral-share')));
    expect(share).toHaveBeenCalledWith(
      expect.objectContaining({ url: `${window.location.origin}/referral/${CODE}` }),
    );
    expect(screen.getByTestId('referral-copy-status').textContent).toBe('');
  });

  it('offline: keeps the list loaded earlier with a note', async () => {
    stubApi({ [REFERRALS_API_PATHS.referrals]: { status: 200, body: answer([referral()]) } });
    renderReferAFriend();
    await screen.findByTestId('referral-item');
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    await waitFor(() =>
      expect(screen.getByTestId('referrals-offline').textContent).toBe(REFERRAL_TEXTS.offline),
    );
    expect(screen.getByTestId('referral-item')).toBeTruthy();
  });

  it('the list is kept for offline reading across reloads', () => {
    expect(isPersistedKey('@"/referrals","{}",')).toBe(true);
  });
});

describe('referral texts', () => {
  it('a referral line says what happened', () => {
    expect(referralDetail(referral())).toMatch(/^Joined Nov 2, 2026\. Waiting for their first purchase\.$/);
    expect(
      referralDetail(
        referral({ state: 'rewarded', rewarded_at: '2026-11-05T15:00:00.000Z', reward_gld: 100_000 }),
      ),
    ).toBe('Rewarded Nov 5, 2026: you received 100,000 GC.');
    expect(referralDetail(referral({ state: 'rewarded', rewarded_at: '2026-11-05T15:00:00.000Z' }))).toMatch(
      /withheld/,
    );
    expect(referralDetail(referral({ state: 'qualified', no_reward_reason: 'monthly_cap' }))).toMatch(
      new RegExp(`limit of ${REFERRAL_MONTHLY_CAP}`),
    );
  });

  it('the rules state the reward amounts of the contract', () => {
    const text = referralRuleLines().join(' ');
    expect(text).toContain(`${REFERRAL_REWARD.referrer.goldCoins.toLocaleString('en-US')} Gold Coins`);
    expect(text).toContain(`${(REFERRAL_REWARD.friend.sweepsCents / 100).toFixed(2)} free Sweeps Coins`);
  });
});

describe('earn sweeps coins page', () => {
  it('explains every free way with a link to it', () => {
    render(
      <MemoryRouter>
        <EarnSweepsCoinsPage />
      </MemoryRouter>,
    );
    for (const way of FREE_COIN_WAYS) {
      expect(screen.getByRole('heading', { level: 2, name: way.title })).toBeTruthy();
      for (const link of way.links)
        expect(screen.getByTestId(link.testId).getAttribute('href')).toBe(link.to);
    }
    expect(FREE_COIN_WAYS.map((w) => w.id)).toEqual(['daily-bonus', 'mail-in', 'referrals', 'promotions']);
  });
});
