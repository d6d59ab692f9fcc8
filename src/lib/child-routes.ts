/**
 * Child route paths of the nested areas (the contract's ROUTES holds the parents). Absolute
 * paths, for links and tests.
 */
import { ROUTES } from '../contract/routes.ts';

export const CHILD_ROUTES = {
  buyCoinsDailyBonus: `${ROUTES.buyCoins}/daily-bonus`,
  buyCoinsEarnCoins: `${ROUTES.buyCoins}/earn-coins`,
  managePaymentMethodsManage: `${ROUTES.managePaymentMethods}/manage`,
  managePaymentMethodsAdd: `${ROUTES.managePaymentMethods}/add`,
  managePaymentMethodsDelete: `${ROUTES.managePaymentMethods}/delete/:cardId`,
  managePaymentMethodsSuccess: `${ROUTES.managePaymentMethods}/success`,
  redeemPaypal: `${ROUTES.redeem}/paypal`,
  redeemBank: `${ROUTES.redeem}/bank`,
  redeemCheck: `${ROUTES.redeem}/check`,
  redeemSuccess: `${ROUTES.redeem}/success`,
  redeemError: `${ROUTES.redeem}/error`,
} as const;

/** Fragments used by menu and dialog links (spec section 2). */
export const MY_ACCOUNT_FRAGMENTS = {
  sweepsCoins: 'my-sweeps-coins',
  purchaseLimits: 'my-purchase-limits',
} as const;
