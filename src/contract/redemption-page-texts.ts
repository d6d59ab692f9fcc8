/**
 * The redemption texts the redeem pages show themselves (the minimum, the redeemable balance, the
 * history's load and cancel failures): a small module of their own, so a redeem page's first load
 * does not carry the whole catalogue (./redemption-texts.ts, which includes these).
 */
export const REDEMPTION_PAGE_TEXTS = {
  belowMinimum: 'The minimum redemption for {method} is {minimum} redeemable Sweeps Coins.',
  insufficientRedeemable:
    'You do not have that many redeemable Sweeps Coins. Only Sweeps Coins won in play (played at least once) can be redeemed.',
  loadFailed: 'Failed to Get Transactions, Error: {status}',
  cancelFailed: 'Failed to Cancel Redemption, Error: {status}',
} as const;
