/**
 * Promotions a player is shown at sign-in (the login answer's promopopups / promocarousels) and by
 * the carousel call: the live rows of promo_popups / promo_carousels (./promo-store.ts). Sweeps
 * promotions only for a player who may play with Sweeps Coins, never in gold-only mode.
 */
import type { PromoPopupWire, PromoSlide } from '../../../src/contract/promotions.ts';
import { isExcludedState } from '../../../src/contract/eligibility.ts';
import type { Queryable } from '../../db/driver.ts';
import { livePromos, type PromoRow } from './promo-store.ts';

/** Who is looking: whether Sweeps promotions are for them (not gold-only, their state has Sweeps). */
export interface PromoViewer {
  sweeps: boolean;
}

const imageOf = (r: PromoRow) => ({
  cdn_image: r.cdn_image,
  image_alt: r.image_alt,
  image_width: r.image_width,
  image_height: r.image_height,
});

export const toWirePopup = (r: PromoRow): PromoPopupWire => ({
  id: String(r.id),
  name: r.name,
  ...imageOf(r),
  button_text: r.button_text,
  button_location: r.button_location,
});

export const toWireSlide = (r: PromoRow): PromoSlide => ({
  id: String(r.id),
  name: r.name,
  headline: r.headline ?? '',
  body: r.body ?? '',
  ...imageOf(r),
  button_text: r.button_text,
  button_location: r.button_location,
});

export async function liveSlides(db: Queryable, nowMs: number, viewer: PromoViewer): Promise<PromoSlide[]> {
  return (await livePromos(db, 'slides', nowMs, viewer.sweeps)).map(toWireSlide);
}

export async function activeLoginPromos(
  db: Queryable,
  nowMs: number,
  viewer: PromoViewer,
): Promise<{ promopopups: PromoPopupWire[]; promocarousels: PromoSlide[] }> {
  return {
    promopopups: (await livePromos(db, 'popups', nowMs, viewer.sweeps)).map(toWirePopup),
    promocarousels: await liveSlides(db, nowMs, viewer),
  };
}

/** The viewer a player is: Sweeps promotions need the full product and a state with Sweeps. */
export const promoViewerOf = (
  config: { goldOnly: boolean },
  user: { state_or_province: string },
): PromoViewer => ({ sweeps: !config.goldOnly && !isExcludedState(user.state_or_province) });
