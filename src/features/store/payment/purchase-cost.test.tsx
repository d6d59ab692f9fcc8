import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { PurchaseQuote } from '../../../contract/payments.ts';
import { PurchaseCost } from './purchase-cost.tsx';
import type { PurchaseQuoteState } from './use-purchase-quote.ts';

const quote = (over: Partial<PurchaseQuote> = {}): PurchaseQuote => ({
  package_id: 'gold-499',
  method: 'card',
  price_usd: 4.99,
  cash_balance_usd: 0,
  balance_applied_usd: 0,
  max_apply_usd: 0,
  add_card_fee: true,
  card_fee_percent: 2.9,
  card_fee_usd: 0.14,
  charge_usd: 5.13,
  ...over,
});

const state = (q: PurchaseQuote | null, over: Partial<PurchaseQuoteState> = {}): PurchaseQuoteState => ({
  quote: q,
  cashBalanceUsd: q?.cash_balance_usd ?? 0,
  maxApplyUsd: q?.max_apply_usd ?? 0,
  applyUsd: q?.balance_applied_usd ?? 0,
  coveredByBalance: Boolean(q && q.balance_applied_usd > 0 && q.charge_usd === 0),
  error: null,
  retry: () => undefined,
  ...over,
});

describe('pay-now cost lines', () => {
  afterEach(() => cleanup());

  it('names the card fee and its percent and totals price plus fee; no balance offer without one', () => {
    render(
      <PurchaseCost
        priceUsd={4.99}
        funding={state(quote())}
        applyBalance={false}
        onApplyBalance={() => {}}
        disabled={false}
      />,
    );
    expect(screen.getByText('Card fee (2.9%)')).toBeTruthy();
    expect(screen.getByTestId('card-fee').textContent).toBe('$0.14');
    expect(screen.getByTestId('purchase-total').textContent).toBe('$5.13');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('shows no fee line for pay-by-bank', () => {
    const bank = quote({
      method: 'pay_by_bank',
      add_card_fee: false,
      card_fee_percent: 0,
      card_fee_usd: 0,
      charge_usd: 4.99,
    });
    render(
      <PurchaseCost
        priceUsd={4.99}
        funding={state(bank)}
        applyBalance={false}
        onApplyBalance={() => {}}
        disabled={false}
      />,
    );
    expect(screen.queryByTestId('card-fee')).toBeNull();
    expect(screen.getByTestId('purchase-total').textContent).toBe('$4.99');
  });

  it('offers the cash balance as a labelled checkbox and shows what it pays', () => {
    const onApply = vi.fn();
    const applied = quote({
      cash_balance_usd: 3,
      balance_applied_usd: 3,
      max_apply_usd: 3,
      card_fee_usd: 0.06,
      charge_usd: 2.05,
    });
    render(
      <PurchaseCost
        priceUsd={4.99}
        funding={state(applied)}
        applyBalance
        onApplyBalance={onApply}
        disabled={false}
      />,
    );
    const box = screen.getByRole('checkbox', { name: 'Apply my cash balance ($3.00 available)' });
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(box.getAttribute('aria-describedby')).toContain('cash-balance-help');
    expect(screen.getByTestId('balance-applied').textContent).toBe('−$3.00');
    expect(screen.getByTestId('purchase-total').textContent).toBe('$2.05');
    fireEvent.click(box);
    expect(onApply).toHaveBeenCalledWith(false);
  });

  it('says a quote that failed to load, with a way to try again', () => {
    const retry = vi.fn();
    render(
      <PurchaseCost
        priceUsd={4.99}
        funding={state(null, { error: 'Network error', retry })}
        applyBalance={false}
        onApplyBalance={() => {}}
        disabled={false}
      />,
    );
    expect(screen.getByTestId('purchase-quote-error').textContent).toContain('could not work out the total');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalled();
  });
});
