/**
 * The lobby carousel's slides in the store (promotions.promocarousels): stored at sign-in from the
 * login answer (session-actions.ts) and replaced here by each answer of the carousel call.
 * Storage written here: localStorage PROMO_CAROUSEL_HINT_KEY, how many slides the last answer had,
 * so a reloaded lobby (whose store starts empty) reserves the carousel's space at its first render
 * instead of pushing the page down when the slides arrive. It holds a count only, nothing personal,
 * and is removed at sign-out.
 */
import { registerLogoutCleanup } from './session-actions.ts';
import { store } from './store.ts';

export const PROMO_CAROUSEL_HINT_KEY = 'lc.promo-carousel-slides';

// The next player on this device starts without the last one's hint.
registerLogoutCleanup(() => {
  try {
    localStorage.removeItem(PROMO_CAROUSEL_HINT_KEY);
  } catch {
    // ignore: nothing was stored
  }
});

/** Whether the last known answer had slides (so the lobby reserves the carousel's space). */
export function carouselHinted(): boolean {
  try {
    return Number(localStorage.getItem(PROMO_CAROUSEL_HINT_KEY) ?? '0') > 0;
  } catch {
    return false;
  }
}

/** Stores the slides of a carousel answer and remembers whether there were any. */
export function setCarouselSlides(slides: readonly unknown[]): void {
  store.promotions.promocarousels = [...slides];
  try {
    localStorage.setItem(PROMO_CAROUSEL_HINT_KEY, String(slides.length));
  } catch {
    // ignore: the hint only spares a layout shift
  }
}
