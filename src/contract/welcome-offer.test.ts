import { describe, expect, it } from 'vitest';
import { parseWelcomeOffer, WELCOME_OFFER_TEXTS, welcomeOfferAmounts } from './welcome-offer.ts';

describe('welcome offer contract', () => {
  it('reads the public answer; anything unexpected is no offer', () => {
    const offer = { code: 'FREECOINS', quantity_gld: 250_000, quantity_ghc: 1 };
    expect(parseWelcomeOffer({ welcome_offer: offer })).toEqual(offer);
    for (const bad of [
      null,
      'x',
      {},
      { welcome_offer: null },
      { welcome_offer: { ...offer, quantity_gld: '250000' } },
      { welcome_offer: { ...offer, quantity_ghc: -1 } },
      { welcome_offer: { ...offer, code: 7 } },
      { welcome_offer: { ...offer, quantity_gld: 0, quantity_ghc: 0 } },
    ]) {
      expect(parseWelcomeOffer(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it('names the amounts credited, Gold only in gold-only mode', () => {
    const offer = { code: 'FREECOINS', quantity_gld: 250_000, quantity_ghc: 1 };
    expect(welcomeOfferAmounts(offer, false)).toBe('250,000 Gold Coins + 1.00 Sweeps Coin');
    expect(welcomeOfferAmounts({ ...offer, quantity_ghc: 2.5 }, false)).toBe(
      '250,000 Gold Coins + 2.50 Sweeps Coins',
    );
    expect(welcomeOfferAmounts(offer, true)).toBe('250,000 Gold Coins');
    expect(welcomeOfferAmounts({ ...offer, quantity_ghc: 0 }, false)).toBe('250,000 Gold Coins');
    expect(WELCOME_OFFER_TEXTS.applied(welcomeOfferAmounts(offer, false))).toBe(
      'Welcome offer applied: 250,000 Gold Coins + 1.00 Sweeps Coin.',
    );
  });
});
