import { Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { Redemption } from '../../contract/redemption.ts';
import { resetApiClientState } from '../../lib/api-client.ts';
import { isPersistedKey } from '../../lib/persisted-swr.ts';
import { swrConfig } from '../../lib/swr.tsx';
import { closeDialog } from '../../state/dialog-actions.ts';
import { resetStore, store } from '../../state/store.ts';
import { dialogComponentFor } from '../../ui/dialog-registry.ts';
import { demoBalances, demoUser } from '../../state/test-fixtures.ts';
import { apiError, stubApi, type Answer } from '../../test-support/stub-api.ts';
import RedemptionManagementPage from './redemption-management-page.tsx';
import { LIVE_REFRESH_MS, liveRefreshInterval } from './use-redemptions.ts';

const at = '2026-11-20T15:00:00.000Z';
const redemption = (over: Partial<Redemption> = {}): Redemption => ({
  id: '11111111-1111-4111-8111-111111111111',
  method: 'paypal',
  cash_out: false,
  status: 'pending',
  amount_ghc: 30,
  usd: 30,
  fee_usd: 0,
  fee_ghc: 0,
  destination: 'PayPal p***@example.com',
  rejection_reason: null,
  created_at: at,
  updated_at: at,
  timeline: [
    { step: 'requested', at, expected_next_at: at, note: null },
    { step: 'identity_checked', at, expected_next_at: '2026-11-21T15:00:00.000Z', note: null },
  ],
  ...over,
});
const rejected = redemption({
  id: '22222222-2222-4222-8222-222222222222',
  status: 'rejected',
  rejection_reason: 'Payout details could not be verified',
  timeline: [
    ...redemption().timeline,
    { step: 'rejected', at, expected_next_at: null, note: 'Payout details could not be verified' },
  ],
});

/** The top dialog of the store, as the app's dialog host shows it. */
function TestDialogHost() {
  const { stack } = useSnapshot(store.dialogs);
  const top = stack[stack.length - 1];
  if (!top) return null;
  const Component = dialogComponentFor(top.kind);
  if (!Component) return <p>unregistered dialog {top.kind}</p>;
  return (
    <Suspense fallback={null}>
      {/* eslint-disable-next-line react-hooks/static-components */}
      <Component key={top.id} id={top.id} props={{ ...top.props }} close={(r) => closeDialog(top.id, r)} />
    </Suspense>
  );
}

function renderPage(answers: Record<string, Answer | Answer[]>) {
  const calls = stubApi({
    '/users/me': { status: 200, body: demoUser() },
    '/wallet/balances': { status: 200, body: demoBalances() },
    ...answers,
  });
  const router = createMemoryRouter(
    [{ path: '/redemption-management', element: <RedemptionManagementPage /> }],
    {
      initialEntries: ['/redemption-management'],
    },
  );
  render(
    <SWRConfig value={{ ...swrConfig, provider: () => new Map(), shouldRetryOnError: false, use: [] }}>
      <RouterProvider router={router} />
      <TestDialogHost />
    </SWRConfig>,
  );
  return calls;
}

describe('RedemptionManagementPage', () => {
  beforeEach(() => {
    resetStore();
    resetApiClientState();
    store.session.status = 'signed-in';
    store.session.token = 'jwt';
    store.session.user = demoUser();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows each redemption with its timeline: times of the steps done, the expected time of the next', async () => {
    renderPage({ '/redemptions': { status: 200, body: { redemptions: [redemption(), rejected] } } });
    const cards = await screen.findAllByTestId('redemption');
    expect(cards).toHaveLength(2);
    const timeline = within(cards[0]!).getByRole('list', { name: 'Status timeline' });
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps.map((s) => s.getAttribute('data-step'))).toEqual([
      'requested',
      'identity_checked',
      'approved',
      'sent',
      'paid',
    ]);
    expect(steps[2]!.textContent).toContain('Expected by');
    expect(steps[3]!.textContent).not.toContain('Expected by');
    expect(within(cards[1]!).getByTestId('rejection-reason').textContent).toContain(
      'Payout details could not be verified',
    );
    expect(within(cards[1]!).queryByTestId('cancel-redemption')).toBeNull();
  });

  it('cancel: dialog {confirmCancel, redemptionID}, pending until the answer, then the list and user reload', async () => {
    const calls = renderPage({
      '/redemptions': [
        { status: 200, body: { redemptions: [redemption()] } },
        { status: 200, body: { redemptions: [redemption({ status: 'cancelled' })] } },
      ],
      '/redemptions/cancel': {
        status: 200,
        body: {
          redemption: redemption({ status: 'cancelled' }),
          balances: { balance_redeemable_ghc: 100, balance_total_ghc: 100 },
        },
      },
    });
    fireEvent.click(await screen.findByTestId('cancel-redemption'));
    fireEvent.click(await screen.findByTestId('confirm-cancel-redemption', {}, { timeout: 8000 }));
    await waitFor(() =>
      expect(screen.getByTestId('redemption').getAttribute('data-status')).toBe('cancelled'),
    );
    const cancel = calls.find((c) => c.path === '/redemptions/cancel');
    expect(cancel?.body).toEqual({ redemption_id: redemption().id });
    expect(calls.some((c) => c.path === '/users/me')).toBe(true);
  });

  it("a refused cancel says 'Failed to Cancel Redemption, Error: {status}'", async () => {
    renderPage({
      '/redemptions': { status: 200, body: { redemptions: [redemption()] } },
      '/redemptions/cancel': apiError(409, 'REDEMPTION_NOT_CANCELLABLE', 'approved'),
    });
    fireEvent.click(await screen.findByTestId('cancel-redemption'));
    fireEvent.click(await screen.findByTestId('confirm-cancel-redemption', {}, { timeout: 8000 }));
    expect((await screen.findByTestId('cancel-error')).textContent).toBe(
      'Failed to Cancel Redemption, Error: 409',
    );
  });

  it("a failed load says 'Failed to Get Transactions, Error: {status}'", async () => {
    renderPage({ '/redemptions': apiError(503, 'INTERNAL_ERROR', 'down') });
    expect((await screen.findByTestId('redemptions-error')).textContent).toContain(
      'Failed to Get Transactions, Error: 503',
    );
  });

  it('the list (not the options) is kept for offline use', () => {
    expect(isPersistedKey('@"/redemptions","{}",')).toBe(true);
    expect(isPersistedKey('@"/redemptions/options","{}",')).toBe(false);
  });

  it('stays live (refetched every 30 s) while a redemption is pending, approved or sent, and stops once all have ended', () => {
    expect(LIVE_REFRESH_MS).toBe(30_000);
    for (const status of ['pending', 'approved', 'sent'] as const)
      expect(liveRefreshInterval({ redemptions: [rejected, redemption({ status })] })).toBe(30_000);
    expect(liveRefreshInterval({ redemptions: [rejected, redemption({ status: 'paid' })] })).toBe(0);
    expect(liveRefreshInterval(undefined)).toBe(0);
  });
});
