import { beforeEach, describe, expect, it } from 'vitest';
import { setPurchaseOrigin } from './payment-selection.ts';
import { resetStore, store } from './store.ts';

describe('thirdPartyPurchase (payment state)', () => {
  beforeEach(() => resetStore());

  it("is set by a third-party (vendor) game's Get coins, not by a house game's nor without a game", () => {
    expect(store.payment.thirdPartyPurchase).toBe(false);
    setPurchaseOrigin('vendor-slot-1', true);
    expect(store.payment).toMatchObject({ returnGameId: 'vendor-slot-1', thirdPartyPurchase: true });
    setPurchaseOrigin('blackjack', false);
    expect(store.payment).toMatchObject({ returnGameId: 'blackjack', thirdPartyPurchase: false });
    // A game id that is not one (anything typed in the address bar) is neither.
    setPurchaseOrigin('../../evil', true);
    expect(store.payment).toMatchObject({ returnGameId: null, thirdPartyPurchase: false });
    setPurchaseOrigin('vendor-slot-1', true);
    resetStore();
    expect(store.payment.thirdPartyPurchase).toBe(false);
  });
});
