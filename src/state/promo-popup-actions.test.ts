import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginAnswer } from '../test-support/stub-api.ts';
import { openFirstPromoPopupAfterSignIn } from './promo-popup-actions.ts';
import { assignSlice, initialPromotions, resetStore, store } from './store.ts';

const POPUPS = [
  { name: 'First', cdn_image: null, button_text: 'Go', button_location: '/buy-coins' },
  { name: 'Second', cdn_image: null, button_text: 'Go', button_location: '/lobby' },
];

function signedIn(promotions: Partial<ReturnType<typeof initialPromotions>> = {}) {
  store.session.user = loginAnswer().user;
  store.session.status = 'signed-in';
  assignSlice('promotions', {
    ...initialPromotions(),
    promopopups: POPUPS.map((p) => ({ ...p })),
    ...promotions,
  });
}

const openKinds = () => store.dialogs.stack.map((d) => d.kind);

beforeEach(() => {
  vi.useFakeTimers();
  resetStore();
  window.history.replaceState(null, '', '/login');
});
afterEach(() => {
  vi.useRealTimers();
});

describe('openFirstPromoPopupAfterSignIn', () => {
  it('opens the first pop-up once the sign-in page is left and no route is loading', async () => {
    signedIn();
    store.ui.navigating = true;
    const done = openFirstPromoPopupAfterSignIn();
    await vi.advanceTimersByTimeAsync(500);
    expect(openKinds()).toEqual([]);
    window.history.replaceState(null, '', '/lobby');
    await vi.advanceTimersByTimeAsync(300);
    expect(openKinds()).toEqual([]);
    store.ui.navigating = false;
    await vi.advanceTimersByTimeAsync(300);
    await done;
    expect(store.dialogs.stack).toEqual([
      expect.objectContaining({ kind: 'promo-popup', props: { popup: POPUPS[0] } }),
    ]);
  });

  it('leaves it to the login bonus sequence when a login bonus is shown', async () => {
    signedIn({ showLoginBonus: true, loginBonusCoins: { ghc: 1, gld: 1000 } });
    const done = openFirstPromoPopupAfterSignIn();
    window.history.replaceState(null, '', '/lobby');
    await vi.advanceTimersByTimeAsync(6_000);
    await done;
    expect(openKinds()).toEqual([]);
  });

  it('opens nothing without pop-ups, for a player pending mobile verification, or after a sign-out', async () => {
    signedIn({ promopopups: [] });
    let done = openFirstPromoPopupAfterSignIn();
    window.history.replaceState(null, '', '/lobby');
    await vi.advanceTimersByTimeAsync(1_000);
    await done;
    expect(openKinds()).toEqual([]);

    window.history.replaceState(null, '', '/login');
    signedIn();
    store.session.user = { ...loginAnswer().user, account_state: 'pending_mobile_verification' };
    done = openFirstPromoPopupAfterSignIn();
    window.history.replaceState(null, '', '/mobile-verification');
    await vi.advanceTimersByTimeAsync(1_000);
    await done;
    expect(openKinds()).toEqual([]);

    window.history.replaceState(null, '', '/login');
    signedIn();
    done = openFirstPromoPopupAfterSignIn();
    store.session.status = 'signed-out';
    window.history.replaceState(null, '', '/lobby');
    await vi.advanceTimersByTimeAsync(1_000);
    await done;
    expect(openKinds()).toEqual([]);
  });

  it('a second sign-in while the first still waits opens one pop-up, not two', async () => {
    signedIn();
    const first = openFirstPromoPopupAfterSignIn();
    const second = openFirstPromoPopupAfterSignIn();
    window.history.replaceState(null, '', '/lobby');
    await vi.advanceTimersByTimeAsync(1_000);
    await Promise.all([first, second]);
    expect(openKinds()).toEqual(['promo-popup']);
  });

  it('does not open over a login dialog already showing', async () => {
    signedIn();
    store.dialogs.stack.push({ id: 99, kind: 'featured-package', props: {} });
    const done = openFirstPromoPopupAfterSignIn();
    window.history.replaceState(null, '', '/lobby');
    await vi.advanceTimersByTimeAsync(1_000);
    await done;
    expect(openKinds()).toEqual(['featured-package']);
  });
});
