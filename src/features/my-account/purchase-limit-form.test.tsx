import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { PurchaseLimitState, PurchaseLimitsResponse } from '../../contract/wallet.ts';
import { resetApiClientState } from '../../lib/api-client.ts';
import { resetStore, store } from '../../state/store.ts';
import { apiError, stubApi } from '../../test-support/stub-api.ts';
import { PurchaseLimitForm } from './purchase-limit-form.tsx';

const limit = (over: Partial<PurchaseLimitState> = {}): PurchaseLimitState => ({
  amount_usd: null,
  pending: null,
  used_usd: 0,
  remaining_usd: null,
  cooling_off_days: 3,
  window_hours: 24,
  ...over,
});
const answer = (daily: Partial<PurchaseLimitState>): PurchaseLimitsResponse => ({
  enabled: true,
  daily: limit(daily),
  weekly: limit({ cooling_off_days: 7, window_hours: 168 }),
  monthly: limit({ cooling_off_days: 30, window_hours: 720 }),
});

const field = () => screen.getByLabelText('Daily limit (USD)') as HTMLInputElement;

describe('PurchaseLimitForm', () => {
  let headers: Record<string, string>[];
  beforeEach(() => {
    resetStore();
    resetApiClientState();
    store.session.status = 'signed-in';
    store.session.token = 'jwt';
    headers = [];
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  function stub(answers: Parameters<typeof stubApi>[0]) {
    const calls = stubApi(answers);
    const inner = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
      headers.push({ ...(init.headers as Record<string, string>) });
      return inner(input, init);
    });
    return calls;
  }

  it('refuses bad amounts under the field without calling the server', () => {
    const calls = stub({});
    render(<PurchaseLimitForm period="daily" state={limit()} onSaved={() => {}} />);
    for (const [input, message] of [
      ['', 'Enter an amount in US dollars, like 50 or 49.99.'],
      ['ten', 'Enter an amount in US dollars using digits, like 50 or 49.99.'],
      ['-3', 'The limit must be more than $0.'],
      ['10.999', 'Use at most two decimals (cents).'],
      ['250000', 'The largest limit is $100,000.00.'],
    ] as const) {
      fireEvent.change(field(), { target: { value: input } });
      fireEvent.click(screen.getByRole('button', { name: 'Set daily limit' }));
      expect(screen.getByTestId('field-error-daily').textContent).toBe(message);
      expect(field().getAttribute('aria-invalid')).toBe('true');
      expect(field().getAttribute('aria-describedby')).toContain(screen.getByTestId('field-error-daily').id);
    }
    expect(calls).toHaveLength(0);
  });

  it('sets a first limit at once, with an idempotency key, and reports it', async () => {
    const calls = stub({
      '/wallet/purchase-limits': { status: 200, body: answer({ amount_usd: 50, remaining_usd: 50 }) },
    });
    const onSaved = vi.fn();
    render(<PurchaseLimitForm period="daily" state={limit()} onSaved={onSaved} />);
    fireEvent.change(field(), { target: { value: '50' } });
    expect(screen.getByTestId('purchase-limit-daily-preview').textContent).toBe(
      'Takes effect at once: your daily limit becomes $50.00.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Set daily limit' }));
    expect((await screen.findByTestId('purchase-limit-daily-saved')).textContent).toBe(
      'Saved. Your daily limit is now $50.00.',
    );
    expect(calls[0]).toMatchObject({ path: '/wallet/purchase-limits', method: 'PATCH', body: { daily: 50 } });
    expect(headers.some((h) => /^[0-9a-f-]{36}$/.test(h['Idempotency-Key'] ?? ''))).toBe(true);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ enabled: true }));
    expect(field().value).toBe('');
  });

  it('an increase explains the cooling-off first, and the pending date after', async () => {
    stub({
      '/wallet/purchase-limits': {
        status: 200,
        body: answer({
          amount_usd: 50,
          pending: { amount_usd: 100, effective_at: '2026-03-08T20:00:00.000Z' },
        }),
      },
    });
    render(
      <PurchaseLimitForm
        period="daily"
        state={limit({ amount_usd: 50, remaining_usd: 50 })}
        onSaved={() => {}}
      />,
    );
    fireEvent.change(field(), { target: { value: '100' } });
    expect(screen.getByTestId('purchase-limit-daily-preview').textContent).toContain(
      'waits a 3-day cooling-off period',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Change daily limit' }));
    expect((await screen.findByTestId('purchase-limit-daily-saved')).textContent).toContain(
      'will rise to $100.00 on March 8, 2026',
    );
  });

  it('shows a pending change with a way to keep the current limit, and no second Remove during a removal', () => {
    stub({});
    render(
      <PurchaseLimitForm
        period="daily"
        state={limit({
          amount_usd: 50,
          pending: { amount_usd: null, effective_at: '2026-03-08T20:00:00.000Z' },
        })}
        onSaved={() => {}}
      />,
    );
    expect(screen.getByTestId('purchase-limit-daily-pending').textContent).toContain(
      'Removal pending: no limit from March 8, 2026',
    );
    expect(screen.getByRole('button', { name: 'Keep $50.00' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove daily limit' })).toBeNull();
  });

  it('a server refusal shows under the field', async () => {
    stub({
      '/wallet/purchase-limits': apiError(
        400,
        'PURCHASE_LIMITS_INCONSISTENT',
        'Your daily limit cannot be higher than your weekly limit.',
        'daily',
      ),
    });
    render(<PurchaseLimitForm period="daily" state={limit()} onSaved={() => {}} />);
    fireEvent.change(field(), { target: { value: '75' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set daily limit' }));
    expect((await screen.findByTestId('field-error-daily')).textContent).toBe(
      'Your daily limit cannot be higher than your weekly limit.',
    );
  });

  it('the same amount as now is refused before any call', () => {
    const calls = stub({});
    render(<PurchaseLimitForm period="daily" state={limit({ amount_usd: 50 })} onSaved={() => {}} />);
    fireEvent.change(field(), { target: { value: '50.00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change daily limit' }));
    expect(screen.getByTestId('field-error-daily').textContent).toBe('That is already your daily limit.');
    expect(calls).toHaveLength(0);
  });

  it('offline: the form is disabled', () => {
    stub({});
    render(
      <PurchaseLimitForm period="daily" state={limit({ amount_usd: 50 })} onSaved={() => {}} disabled />,
    );
    expect(field().disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Change daily limit' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
