/**
 * Promotions a player is shown at sign-in (the login answer's promopopups / promocarousels) and by
 * the carousel call: the live rows of promo_popups / promo_carousels (./promo-store.ts). Sweeps
 * promotions only for a player who may play with Sweeps Coins, never in gold-only mode.
 */
import {
  PROMO_DAILY_BONUS_PATH,
  type PromoKind,
  type PromoPopupWire,
  type PromoSlide,
} from '../../../src/contract/promotions.ts';
import { stateHold } from '../../core/sweeps-eligibility.ts';
import type { Queryable } from '../../db/driver.ts';
import { dailyBonusEnabled } from '../daily-bonus/public.ts';
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

/**
 * A promotion whose page is switched off by a named property would open a "not available" page:
 * while the Daily Bonus is off (daily_bonus_enabled, its menu item hidden too) its promotions wait.
 */
async function withoutSwitchedOffPages(db: Queryable, rows: PromoRow[]): Promise<PromoRow[]> {
  const toDailyBonus = (r: PromoRow) => r.button_location.split('#')[0] === PROMO_DAILY_BONUS_PATH;
  if (!rows.some(toDailyBonus) || (await dailyBonusEnabled(db))) return rows;
  return rows.filter((r) => !toDailyBonus(r));
}

async function shown(
  db: Queryable,
  kind: PromoKind,
  nowMs: number,
  viewer: PromoViewer,
): Promise<PromoRow[]> {
  return withoutSwitchedOffPages(db, await livePromos(db, kind, nowMs, viewer.sweeps));
}

export async function liveSlides(db: Queryable, nowMs: number, viewer: PromoViewer): Promise<PromoSlide[]> {
  return (await shown(db, 'slides', nowMs, viewer)).map(toWireSlide);
}

export async function activeLoginPromos(
  db: Queryable,
  nowMs: number,
  viewer: PromoViewer,
): Promise<{ promopopups: PromoPopupWire[]; promocarousels: PromoSlide[] }> {
  return {
    promopopups: (await shown(db, 'popups', nowMs, viewer)).map(toWirePopup),
    promocarousels: await liveSlides(db, nowMs, viewer),
  };
}

/** The viewer a player is: Sweeps promotions need the full product and a state with Sweeps. */
export const promoViewerOf = (
  config: { goldOnly: boolean },
  user: { state_or_province: string },
  prohibitedStatesValue: string | null,
): PromoViewer => ({ sweeps: stateHold(config, prohibitedStatesValue, user.state_or_province) === null });
