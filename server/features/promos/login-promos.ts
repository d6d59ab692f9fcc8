/** Promotions shown on login: active rows of promo_popups / promo_carousels (operators add them; none are seeded). */
import type { Queryable } from '../../db/driver.ts';

export interface PromoPopup {
  name: string;
  cdn_image: string | null;
  button_text: string;
  button_location: string;
}

export async function activeLoginPromos(
  db: Queryable,
  nowMs: number,
): Promise<{ promopopups: PromoPopup[]; promocarousels: unknown[] }> {
  const now = new Date(nowMs).toISOString();
  const active = 'active_from <= $1 AND (active_until IS NULL OR active_until > $1) ORDER BY sort_order, id';
  const popups = await db.query<{
    name: string;
    cdn_image: string | null;
    button_text: string;
    button_location: string;
  }>(`SELECT name, cdn_image, button_text, button_location FROM promo_popups WHERE ${active}`, [now]);
  const slides = await db.query<{ payload: unknown }>(`SELECT payload FROM promo_carousels WHERE ${active}`, [
    now,
  ]);
  return {
    promopopups: popups.map((p) => ({
      name: p.name,
      cdn_image: p.cdn_image,
      button_text: p.button_text,
      button_location: p.button_location,
    })),
    promocarousels: slides.map((s) => s.payload),
  };
}
