/** What the promo codes feature offers the other features: their only way in (eslint.server-layers.js). */
export {
  applyJoinPromo,
  applyPurchasePromo,
  checkPromoCode,
  promoSettingsOf,
  type PromoGrant,
  type PromoSettings,
} from './promo-codes.ts';
export { applyWelcomeOfferAtJoin } from './welcome-offer.ts';
