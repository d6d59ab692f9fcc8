import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { forgetWelcomeOffer } from '../../lib/welcome-offer.ts';
import { stubApi } from '../../test-support/stub-api.ts';
import { keepsWelcomeOffer, WelcomeOfferNotice } from './welcome-offer-notice.tsx';

const OFFER = { welcome_offer: { code: 'FREECOINS', quantity_gld: 250_000, quantity_ghc: 1 } };

describe('welcome offer notice on the join form', () => {
  beforeEach(() => forgetWelcomeOffer());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says the offer is applied while no other code is typed, and that another code replaces it', async () => {
    stubApi({ '/welcome-offer': { status: 200, body: OFFER } });
    const { rerender } = render(<WelcomeOfferNotice promoCode="" goldOnly={false} />);
    expect((await screen.findByTestId('welcome-offer-status')).textContent).toBe(
      'Welcome offer applied: 250,000 Gold Coins + 1.00 Sweeps Coin.',
    );
    expect(screen.getByRole('region', { name: 'Welcome offer' }).textContent).toContain(
      'Welcome offer: 250,000 Gold Coins + 1.00 Sweeps Coin free when you join',
    );
    rerender(<WelcomeOfferNotice promoCode="spring" goldOnly={false} />);
    expect(screen.getByTestId('welcome-offer-status').textContent).toBe(
      'Your promo code replaces the welcome offer.',
    );
    rerender(<WelcomeOfferNotice promoCode=" freecoins " goldOnly={false} />);
    expect(screen.getByTestId('welcome-offer-status').textContent).toContain('Welcome offer applied');
  });

  it('names Gold only in gold-only mode, and shows nothing without an offer or when the call fails', async () => {
    stubApi({ '/welcome-offer': { status: 200, body: OFFER } });
    render(<WelcomeOfferNotice promoCode="" goldOnly />);
    expect((await screen.findByTestId('welcome-offer-status')).textContent).toBe(
      'Welcome offer applied: 250,000 Gold Coins.',
    );
    cleanup();
    forgetWelcomeOffer();
    const calls = stubApi({ '/welcome-offer': { status: 200, body: { welcome_offer: null } } });
    render(<WelcomeOfferNotice promoCode="" goldOnly={false} />);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('welcome-offer')).toBeNull();
    cleanup();
    forgetWelcomeOffer();
    stubApi({ '/welcome-offer': { status: 500, body: {} } });
    render(<WelcomeOfferNotice promoCode="" goldOnly={false} />);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('welcome-offer')).toBeNull();
  });

  it('a page rendered again (the full app taking over) shows the offer at once, asking once', async () => {
    const calls = stubApi({ '/welcome-offer': { status: 200, body: OFFER } });
    render(<WelcomeOfferNotice promoCode="" goldOnly={false} />);
    await screen.findByTestId('welcome-offer-status');
    cleanup();
    render(<WelcomeOfferNotice promoCode="" goldOnly={false} />);
    expect(screen.getByTestId('welcome-offer-status').textContent).toContain('Welcome offer applied');
    expect(calls).toHaveLength(1);
  });

  it('keeps the offer for an empty field or the welcome code itself', () => {
    expect(keepsWelcomeOffer('')).toBe(true);
    expect(keepsWelcomeOffer('  ')).toBe(true);
    expect(keepsWelcomeOffer('FreeCoins')).toBe(true);
    expect(keepsWelcomeOffer('GOLDRUSH')).toBe(false);
  });
});
