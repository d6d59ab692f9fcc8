import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { swrConfig } from '../../lib/swr.tsx';
import { resetApiClientState } from '../../lib/api-client.ts';
import { resetStore, store } from '../../state/store.ts';
import { demoBalances, demoUser } from '../../state/test-fixtures.ts';
import { stubApi } from '../../test-support/stub-api.ts';
import MyAccountPage from './my-account-page.tsx';
import { sweepsPerUsd } from './my-sweeps-coins-section.tsx';

const limitState = {
  amount_usd: null,
  pending: null,
  used_usd: 0,
  remaining_usd: null,
  cooling_off_days: 3,
  window_hours: 24,
};
const limits = (enabled: boolean) => ({
  status: 200,
  body: { enabled, daily: limitState, weekly: limitState, monthly: limitState },
});
const balances = demoBalances({
  balance_total_ghc: 25.5,
  balance_redeemable_ghc: 10.25,
  balance_total_gld: 1000,
});

function renderAt(properties: Record<string, string>, limitsEnabled = true) {
  stubApi({
    '/wallet/purchase-limits': limits(limitsEnabled),
    '/wallet/balances': { status: 200, body: balances },
    '/properties': {
      status: 200,
      body: { results: Object.entries(properties).map(([key, value]) => ({ key, value })) },
    },
  });
  const router = createMemoryRouter([{ path: '/my-account', element: <MyAccountPage /> }], {
    initialEntries: ['/my-account'],
  });
  render(
    <SWRConfig value={{ ...swrConfig, provider: () => new Map(), shouldRetryOnError: false }}>
      <RouterProvider router={router} />
    </SWRConfig>,
  );
}

describe('MyAccountPage', () => {
  beforeEach(() => {
    resetStore();
    resetApiClientState();
    store.session.status = 'signed-in';
    store.session.token = 'jwt';
    store.session.user = demoUser();
    store.balances.current = balances;
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('My Sweeps Coins: redeemable, its USD value, unplayed, total; Redeem and the redemptions link', async () => {
    renderAt({ redemption_values: JSON.stringify({ redeemable_sweeps_coins_per_usd: 1 }) });
    expect(await screen.findByRole('heading', { name: 'My Sweeps Coins' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'My Sweeps Coins' }).id).toBe('my-sweeps-coins');
    expect(screen.getByTestId('sweeps-redeemable').textContent).toBe('10.25');
    expect(screen.getByTestId('sweeps-redeemable-usd').textContent).toBe('$10.25');
    expect(screen.getByTestId('sweeps-unplayed').textContent).toBe('15.25');
    expect(screen.getByTestId('sweeps-total').textContent).toBe('25.50');
    expect(screen.getByTestId('redeem-button').getAttribute('href')).toBe('/redeem');
    expect(screen.getByTestId('redemption-management-link').getAttribute('href')).toBe(
      '/redemption-management',
    );
    expect((await screen.findByRole('heading', { name: 'My purchase limits' }, { timeout: 10_000 })).id).toBe(
      'my-purchase-limits',
    );
    expect(await screen.findByLabelText('Daily limit (USD)')).toBeTruthy();
    expect(screen.getByTestId('my-account-sweeps-history').getAttribute('href')).toBe(
      '/sweeps-coins-history',
    );
    expect(screen.getByTestId('my-account-gold-history').getAttribute('href')).toBe('/gold-coins-history');
  });

  it('limits switched off: a note instead of the forms', async () => {
    renderAt({}, false);
    expect((await screen.findByTestId('purchase-limits-off', {}, { timeout: 10_000 })).textContent).toContain(
      'switched off',
    );
    expect(screen.queryByLabelText('Daily limit (USD)')).toBeNull();
  });

  it('gold-only mode: no Sweeps section and no Sweeps history link', async () => {
    renderAt({ gold_only_mode: 'true' });
    expect(await screen.findByTestId('my-account-gold-history')).toBeTruthy();
    await vi.waitFor(() => expect(screen.queryByTestId('my-sweeps-coins')).toBeNull());
    expect(screen.queryByTestId('my-account-sweeps-history')).toBeNull();
  });

  it('the redemption rate comes from the property, default 1', () => {
    expect(sweepsPerUsd(JSON.stringify({ redeemable_sweeps_coins_per_usd: 2 }))).toBe(2);
    expect(sweepsPerUsd('not json')).toBe(1);
    expect(sweepsPerUsd(undefined)).toBe(1);
  });
});
