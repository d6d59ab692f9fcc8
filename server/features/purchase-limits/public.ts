/** What the purchase limits feature offers the other features: their only way in (eslint.server-layers.js). */
export {
  checkPurchaseLimits,
  InconsistentLimitsError,
  UNSETTLED_PURCHASE_STATUSES,
  lockPlayerPurchases,
  purchaseLimitError,
  readLimits,
  recordPurchaseUsage,
  setLimits,
  type LimitRecord,
} from './purchase-limits.ts';
