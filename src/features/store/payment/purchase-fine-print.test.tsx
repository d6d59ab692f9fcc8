import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { resetStore, store } from '../../../state/store.ts';
import { PurchaseFinePrint } from './purchase-fine-print.tsx';

describe('pay-now small print', () => {
  beforeEach(() => resetStore());
  afterEach(() => cleanup());

  it('says Sweeps come free with a purchase in the full product', () => {
    render(<PurchaseFinePrint />);
    expect(screen.getByTestId('pay-now-fine-print').textContent).toBe(
      'Purchases are final and not refundable. Sweeps Coins are free with your purchase; no purchase is necessary to get them. Card details go straight to our payment processor.',
    );
  });

  it('names no Sweeps in gold-only mode', () => {
    store.properties.values.gold_only_mode = 'true';
    render(<PurchaseFinePrint />);
    expect(screen.getByTestId('pay-now-fine-print').textContent).toBe(
      'Purchases are final and not refundable. Card details go straight to our payment processor.',
    );
  });
});
