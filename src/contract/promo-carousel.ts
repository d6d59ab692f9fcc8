/**
 * The carousel call (docs/promotions.md), apart from the rest of the promotions contract
 * (./promotions.ts, which re-exports it) so that the lobby's first load carries only this.
 */
import { array, type, unknown } from 'superstruct';

export const PROMO_API_PATHS = {
  /** GET (signed in): { results: PromoSlide[] }, the slides the login answer would carry now. */
  carousel: '/promotions/carousel',
} as const;

/** The carousel call's answer; each slide is checked on its own, so one bad slide hides only itself. */
export const PromoSlidesAnswerSchema = type({ results: array(unknown()) });
