import { Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { Redemption, RedemptionMethod, RedemptionOptions } from '../../contract/redemption.ts';
import { resetApiClientState } from '../../lib/api-client.ts';
import { closeDialog } from '../../state/dialog-actions.ts';
import { resetStore, store } from '../../state/store.ts';
import { demoBalances, demoUser } from '../../state/test-fixtures.ts';
import { dialogComponentFor } from '../../ui/dialog-registry.ts';
import { apiError, stubApi, type Answer } from '../../test-support/stub-api.ts';
import { RedeemForm } from './redeem-form.tsx';
import './register-redemption-dialogs.ts';

const options: RedemptionOptions = {
  sweeps_per_usd: 1,
  tier: 'low',
  minimums_ghc: { gift_card: 10, paypal: 25, ach: 50, paper_check: 50, prizeout: 10 },
  redeemable_ghc: 100,
  limit: { period: 'day_et', limit_usd: 5000, used_usd: 0, remaining_usd: 5000, period_ends_at: '' },
  ewallet_email: null,
  prizeout_email: 'player@example.com',
  cash_out_fee_usd: 2,
  rejected_ach_fee_usd: 15,
  gift_card_brands: ['amazon', 'target'],
};
const at = '2026-11-20T15:00:00.000Z';
const created = (method: RedemptionMethod): Redemption => ({
  id: '11111111-1111-4111-8111-111111111111',
  method,
  cash_out: false,
  status: 'pending',
  amount_ghc: 30,
  usd: 30,
  fee_usd: 0,
  fee_ghc: 0,
  destination: 'x',
  rejection_reason: null,
  created_at: at,
  updated_at: at,
  timeline: [{ step: 'requested', at, expected_next_at: at, note: null }],
});

/** The top dialog of the store, as the app's dialog host shows it. */
function TestDialogHost() {
  const { stack } = useSnapshot(store.dialogs);
  const top = stack[stack.length - 1];
  if (!top) return null;
  const Component = dialogComponentFor(top.kind);
  if (!Component) return <p data-testid="unregistered">{top.kind}</p>;
  return (
    <Suspense fallback={null}>
      {/* eslint-disable-next-line react-hooks/static-components */}
      <Component key={top.id} id={top.id} props={{ ...top.props }} close={(r) => closeDialog(top.id, r)} />
    </Suspense>
  );
}

function renderForm(method: RedemptionMethod, answers: Record<string, Answer | Answer[]> = {}) {
  const calls = stubApi({
    '/users/me': { status: 200, body: demoUser() },
    '/wallet/balances': { status: 200, body: demoBalances() },
    ...answers,
  });
  const router = createMemoryRouter(
    [
      {
        path: '/redeem',
        element: (
          <>
            <RedeemForm method={method} options={options} />
            <TestDialogHost />
          </>
        ),
      },
      { path: '/redeem/success', element: <p data-testid="on-success">success</p> },
      { path: '/redeem/error', element: <p data-testid="on-error">error</p> },
    ],
    { initialEntries: ['/redeem'] },
  );
  render(<RouterProvider router={router} />);
  return calls;
}

const amount = () => screen.getByLabelText('Sweeps Coins to redeem');
const submit = () => fireEvent.click(screen.getByTestId('redeem-submit'));
const slow = { timeout: 8000 };

describe('RedeemForm', () => {
  beforeEach(() => {
    resetStore();
    resetApiClientState();
    store.session.status = 'signed-in';
    store.session.token = 'jwt';
    store.session.user = demoUser();
    (globalThis as { dataLayer?: unknown[] }).dataLayer = [];
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('below the minimum: the message with 2 decimals under the amount, nothing sent', async () => {
    const calls = renderForm('paypal');
    fireEvent.change(amount(), { target: { value: '24.5' } });
    fireEvent.change(screen.getByLabelText('PayPal email'), { target: { value: 'me@example.com' } });
    submit();
    expect((await screen.findByTestId('field-error-amount')).textContent).toBe(
      'The minimum redemption for PayPal is 25.00 redeemable Sweeps Coins.',
    );
    expect(calls.some((c) => c.path === '/redemptions')).toBe(false);
  });

  it('confirm-redemption {confirmedRedemption}: Go back sends nothing; Redeem sends once and pushes the redemption event', async () => {
    const calls = renderForm('paypal', {
      '/redemptions': {
        status: 201,
        body: {
          redemption: created('paypal'),
          amount_ghc: 30,
          balances: { balance_redeemable_ghc: 70, balance_total_ghc: 70 },
        },
      },
    });
    fireEvent.change(amount(), { target: { value: '30' } });
    fireEvent.change(screen.getByLabelText('PayPal email'), { target: { value: 'me@example.com' } });
    submit();
    fireEvent.click(await screen.findByRole('button', { name: 'Go back' }, slow));
    await waitFor(() => expect(screen.queryByTestId('dialog-confirm-redemption')).toBeNull());
    expect(calls.some((c) => c.path === '/redemptions')).toBe(false);
    submit();
    fireEvent.click(await screen.findByTestId('confirm-redemption', {}, slow));
    expect(await screen.findByTestId('on-success')).toBeTruthy();
    const sent = calls.filter((c) => c.path === '/redemptions');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ method: 'paypal', amount: 30, paypal_email: 'me@example.com' });
    expect((globalThis as { dataLayer?: Array<Record<string, unknown>> }).dataLayer).toContainEqual(
      expect.objectContaining({ event: 'redemption', method: 'paypal', value_usd: 30 }),
    );
  });

  it('a prize-out asks for the email first {emailConfirmed}: declined sends nothing, confirmed sends email_confirmed', async () => {
    const calls = renderForm('prizeout', {
      '/redemptions': {
        status: 201,
        body: {
          redemption: created('prizeout'),
          amount_ghc: 30,
          balances: { balance_redeemable_ghc: 70, balance_total_ghc: 70 },
        },
      },
    });
    fireEvent.change(amount(), { target: { value: '30' } });
    submit();
    expect(await screen.findByText('player@example.com', {}, slow)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Not this email' }));
    await waitFor(() => expect(screen.queryByTestId('dialog-prizeout-email')).toBeNull());
    submit();
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, send it here' }, slow));
    fireEvent.click(await screen.findByTestId('confirm-redemption', {}, slow));
    expect(await screen.findByTestId('on-success')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/redemptions').map((c) => c.body)).toEqual([
      { method: 'prizeout', amount: 30, email_confirmed: true },
    ]);
  });

  it('the server refuses: e-wallet under its field, identity opens the identity dialog, the limit as a notice', async () => {
    renderForm('paypal', {
      '/redemptions': [
        apiError(
          409,
          'EWALLET_EMAIL_IN_USE',
          'This PayPal email is already used by another account.',
          'paypal_email',
        ),
        {
          status: 403,
          body: {
            code: 'IDENTITY_VERIFICATION_REQUIRED',
            message: 'verify',
            field: null,
            extra: { reason: 'redemption' },
          },
        },
        apiError(409, 'REDEMPTION_LIMIT_REACHED', 'You have reached the redemption limit.', 'amount'),
      ],
    });
    fireEvent.change(amount(), { target: { value: '30' } });
    fireEvent.change(screen.getByLabelText('PayPal email'), { target: { value: 'me@example.com' } });
    const attempt = async () => {
      submit();
      fireEvent.click(await screen.findByTestId('confirm-redemption', {}, slow));
    };
    await attempt();
    expect((await screen.findByTestId('field-error-paypal_email')).textContent).toContain('another account');
    await attempt();
    await waitFor(() =>
      expect(store.dialogs.stack.some((d) => d.kind === 'identity-verification')).toBe(true),
    );
    expect(store.dialogs.stack.find((d) => d.kind === 'identity-verification')?.props).toEqual({
      reason: 'redemption',
    });
    store.dialogs.stack.length = 0;
    await attempt();
    expect((await screen.findByTestId('redeem-notice')).textContent).toContain('redemption limit');
  });

  it('temp_withdrawal_data: opens with the kept bank form and keeps changes without the account number', async () => {
    const calls = renderForm('ach', {
      '/redemptions/temp-withdrawal-data': [
        {
          status: 200,
          body: {
            temp_withdrawal_data: {
              method: 'ach',
              amount: '55',
              bank: { account_holder: 'Alex Rivera', routing_number: '021000021', account_type: 'savings' },
              saved_at: at,
            },
          },
        },
        { status: 200, body: { temp_withdrawal_data: null } },
      ],
    });
    expect(await screen.findByDisplayValue('Alex Rivera')).toBeTruthy();
    expect((amount() as HTMLInputElement).value).toBe('55');
    expect((screen.getByLabelText('Routing number') as HTMLInputElement).value).toBe('021000021');
    fireEvent.change(screen.getByLabelText('Account number'), { target: { value: '000123456789' } });
    fireEvent.change(amount(), { target: { value: '60' } });
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1), slow);
    const saved = calls.find((c) => c.method === 'PUT')!;
    expect(saved.path).toBe('/redemptions/temp-withdrawal-data');
    expect(saved.body).toEqual({
      method: 'ach',
      amount: '60',
      bank: { account_holder: 'Alex Rivera', routing_number: '021000021', account_type: 'savings' },
    });
    expect(JSON.stringify(saved.body)).not.toContain('000123456789');
  });

  it('temp_withdrawal_data: the kept form of another method is not restored', async () => {
    const calls = renderForm('gift_card', {
      '/redemptions/temp-withdrawal-data': {
        status: 200,
        body: {
          temp_withdrawal_data: { method: 'paypal', amount: '40', paypal_email: 'a@b.co', saved_at: at },
        },
      },
    });
    await waitFor(() => expect(calls.some((c) => c.path === '/redemptions/temp-withdrawal-data')).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect((amount() as HTMLInputElement).value).toBe('');
  });
});
