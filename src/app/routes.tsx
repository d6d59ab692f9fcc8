/**
 * The whole route table of spec section 2. Every page is lazy-loaded (its own chunk) so the
 * first load stays small. Guards are layout routes (guard-outlets.tsx) wrapping their pages.
 */
import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { ROUTES, LOBBY_CATEGORIES, POLICY_PAGES } from '../contract/routes.ts';
import { CHILD_ROUTES } from '../lib/child-routes.ts';
import type { RouteHandle } from './route-handle.ts';
import {
  DevOnly,
  RedirectSignedIn,
  RequireMobileVerificationPending,
  RequireMobileVerified,
  RequireSignedIn,
  RequireSweeps,
} from './guard-outlets.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { RouteError } from './route-error.tsx';
import { AppLoading } from './app-loading.tsx';

type PageModule = { default: ComponentType };
const page = (load: () => Promise<PageModule>) => async (): Promise<{ Component: ComponentType }> => ({
  Component: (await load()).default,
});

const home = page(() => import('../features/home/home-page.tsx'));
const login = page(() => import('../features/auth/login-page.tsx'));
const supportDeskLogin = page(() => import('../features/auth/support-desk-login-page.tsx'));
const logoutPage = page(() => import('../features/auth/logout-page.tsx'));
const failedRegistration = page(() => import('../features/auth/failed-registration-page.tsx'));
const passwordRecovery = page(() => import('../features/auth/password-recovery-page.tsx'));
const signInLink = page(() => import('../features/auth/sign-in-link-page.tsx'));
const updateCommunicationPreferences = page(
  () => import('../features/auth/update-communication-preferences-page.tsx'),
);
const createUser = page(() => import('../features/signup/create-user-page.tsx'));
const socialProfile = page(() => import('../features/signup/social-profile-page.tsx'));
const linkAccounts = page(() => import('../features/signup/link-accounts-page.tsx'));
const selectCurrency = page(() => import('../features/signup/select-currency-page.tsx'));
const dataDeletion = page(() => import('../features/data-deletion/data-deletion-page.tsx'));
const lobby = page(() => import('../features/lobby/lobby-page.tsx'));
const gamePage = page(() => import('../features/games/game-page.tsx'));
const policy = page(() => import('../features/policies/policy-page.tsx'));
const corporate = page(() => import('../features/corporate/corporate-page.tsx'));
const people = page(() => import('../features/corporate/people-page.tsx'));
const howItWorks = page(() => import('../features/corporate/how-it-works-page.tsx'));
const whatIs = page(() => import('../features/about/what-is-page.tsx'));
const releaseUpdate = page(() => import('../features/about/release-update-page.tsx'));
const playsonWeekly = page(() => import('../features/promotions/leaderboard-page.tsx'));
const styleGuide = page(() => import('../features/style-guide/style-guide-page.tsx'));
// AMOE: free Sweeps Coins by mail, behind the billing-address gate; the menu's Earn Free Coins.
const amoeAddressGate = page(() => import('../features/amoe/amoe-address-gate.tsx'));
const amoeStart = page(() => import('../features/amoe/amoe-start-page.tsx'));
const amoeRedeem = page(() => import('../features/amoe/amoe-redeem-page.tsx'));
const earnFreeCoins = page(() => import('../features/amoe/earn-free-coins-page.tsx'));
// Daily Bonus: the wheel, once per Eastern day (menu: Get Coins, then Daily Bonus).
const dailyBonus = page(() => import('../features/daily-bonus/daily-bonus-page.tsx'));
// Referrals: the invitation link, the player's link and referrals, every free way to get coins.
const referralLanding = page(() => import('../features/referrals/referral-landing-page.tsx'));
const referAFriend = page(() => import('../features/referrals/refer-a-friend-page.tsx'));
const earnSweepsCoins = page(() => import('../features/referrals/earn-sweeps-coins-page.tsx'));
const mobileVerification = page(() => import('../features/mobile-verification/mobile-verification-page.tsx'));
// Wallet UI: my-account, coin histories, yearly summary.
const myAccount = page(() => import('../features/my-account/my-account-page.tsx'));
// My Account's own pages: picture, password, name, email, closing the account.
const profilePic = page(() => import('../features/account/profile-pic-page.tsx'));
const changePassword = page(() => import('../features/account/change-password-page.tsx'));
const changeName = page(() => import('../features/account/change-name-page.tsx'));
const changeEmail = page(() => import('../features/account/change-email-page.tsx'));
const closeAccount = page(() => import('../features/account/close-account-page.tsx'));
const gameHistory = page(() => import('../features/game-history/game-history-page.tsx'));
const goldCoinsHistory = page(() => import('../features/history/gold-coins-history-page.tsx'));
const sweepsCoinsHistory = page(() => import('../features/history/sweeps-coins-history-page.tsx'));
const yearlySummary = page(() => import('../features/history/yearly-summary-page.tsx'));
// Store UI: coin store, pay-now (behind its guard), payment success, payment methods.
const selectPackage = page(() => import('../features/store/buy-coins/select-package-page.tsx'));
const payNowGuard = page(() => import('../features/store/payment/pay-now-guard.tsx'));
const payNow = page(() => import('../features/store/payment/pay-now-page.tsx'));
const paymentSuccess = page(() => import('../features/store/payment/payment-success-page.tsx'));
const managePaymentMethods = page(() => import('../features/store/payment-methods/manage-page.tsx'));
const addCard = page(() => import('../features/store/payment-methods/add-card-page.tsx'));
const deleteCard = page(() => import('../features/store/payment-methods/delete-card-page.tsx'));
const addCardSuccess = page(() => import('../features/store/payment-methods/add-card-success-page.tsx'));
// Tax: the W-9 form and its confirmation dialogs.
const w9Form = page(() => import('../features/tax/w9-form-page.tsx'));
// Redemption: the redeem pages (behind the redeem guard) and redemption management.
// The redeem guard opens the store's address dialog: loaded with the redeem pages only.
const redeemGuard = async (): Promise<{ Component: ComponentType }> => ({
  Component: (await import('./redeem-guard.tsx')).RequireRedeemAllowed,
});
const redeemStart = page(() => import('../features/redemption/redeem-start-page.tsx'));
const redeemPaypal = page(() => import('../features/redemption/redeem-paypal-page.tsx'));
const redeemBank = page(() => import('../features/redemption/redeem-bank-page.tsx'));
const redeemCheck = page(() => import('../features/redemption/redeem-check-page.tsx'));
const redeemSuccess = page(() => import('../features/redemption/redeem-success-page.tsx'));
const redeemError = page(() => import('../features/redemption/redeem-error-page.tsx'));
const redemptionManagement = page(() => import('../features/redemption/redemption-management-page.tsx'));
// The operator console: its own chunk, outside the player layout and guards.
const operatorConsole = page(() => import('../features/operator/operator-page.tsx'));

const joinNow: RouteHandle = { joinNow: true };

/** Strips the parent so a child path is relative ('/buy-coins/daily-bonus' -> 'daily-bonus'). */
const rel = (parent: string, child: string): string => child.slice(parent.length + 1);

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: AppLoading,
    children: [
      // ---- signed-out entry points: a signed-in player goes to the lobby (or return-to)
      {
        element: <RedirectSignedIn />,
        children: [
          { index: true, lazy: home, handle: joinNow },
          {
            path: ROUTES.login,
            lazy: login,
            handle: { joinNow: true, hideSignIn: true } satisfies RouteHandle,
          },
          { path: ROUTES.createUser, lazy: createUser },
        ],
      },

      // ---- public
      { path: ROUTES.promotionsPlaysonWeekly, lazy: playsonWeekly },
      { path: ROUTES.corporate, lazy: corporate, handle: joinNow },
      { path: ROUTES.corporatePeople, lazy: people, handle: joinNow },
      { path: ROUTES.corporateHowItWorks, lazy: howItWorks, handle: joinNow },
      ...POLICY_PAGES.map((p): RouteObject => ({ path: p.path, lazy: policy, handle: joinNow })),
      { path: ROUTES.whatIs, lazy: whatIs, handle: joinNow },
      { path: ROUTES.releaseJan2023, lazy: releaseUpdate },
      { path: ROUTES.releaseOct2023, lazy: releaseUpdate },
      { path: ROUTES.releaseJan2025, lazy: releaseUpdate },
      { path: ROUTES.supportDeskLogin, lazy: supportDeskLogin },
      { path: ROUTES.logout, lazy: logoutPage },
      { path: ROUTES.failedRegistration, lazy: failedRegistration },
      { path: ROUTES.updateCommunicationPreferences, lazy: updateCommunicationPreferences },
      { path: ROUTES.passwordRecovery, lazy: passwordRecovery },
      { path: ROUTES.signInLink, lazy: signInLink },
      { path: ROUTES.socialProfile, lazy: socialProfile },
      { path: ROUTES.linkAccounts, lazy: linkAccounts },
      { path: ROUTES.dataDeletionDone, lazy: dataDeletion },
      { path: ROUTES.dataDeletionNotDone, lazy: dataDeletion },
      // A referral link is opened by visitors who have no account yet.
      { path: ROUTES.referral, lazy: referralLanding },

      // ---- developer pages, off on the production host
      { element: <DevOnly />, children: [{ path: ROUTES.styleGuide, lazy: styleGuide }] },

      // ---- signed in
      {
        element: <RequireSignedIn />,
        handle: { requiresSignIn: true } satisfies RouteHandle,
        children: [
          { path: ROUTES.selectCurrency, lazy: selectCurrency },
          {
            element: <RequireMobileVerificationPending />,
            children: [{ path: ROUTES.mobileVerification, lazy: mobileVerification }],
          },
          {
            element: <RequireMobileVerified />,
            children: [
              { path: ROUTES.lobby, lazy: lobby },
              { path: ROUTES.lobbyFavourites, lazy: lobby },
              ...LOBBY_CATEGORIES.map((c): RouteObject => ({ path: `${ROUTES.lobby}/${c}`, lazy: lobby })),
              { path: ROUTES.myAccount, lazy: myAccount },
              { path: ROUTES.gameHistory, lazy: gameHistory },
              { path: ROUTES.profilePic, lazy: profilePic },
              { path: ROUTES.changePassword, lazy: changePassword },
              { path: ROUTES.changeName, lazy: changeName },
              { path: ROUTES.changeEmail, lazy: changeEmail },
              { path: ROUTES.closeAccount, lazy: closeAccount },
              { path: ROUTES.yearlySummary, lazy: yearlySummary },
              { path: ROUTES.goldCoinsHistory, lazy: goldCoinsHistory },
              // The game page's own guard (a known game, not under maintenance, the currency taken) is
              // a dialog on the page: features/games/game-guard.ts.
              { path: ROUTES.game, lazy: gamePage },
              {
                path: ROUTES.payment,
                children: [
                  { index: true, element: <Navigate to={ROUTES.payNow} replace /> },
                  // Pay-now guard: selected package, coin store on, billing address, purchase limits.
                  { lazy: payNowGuard, children: [{ path: 'pay-now', lazy: payNow }] },
                  { path: 'payment-success', lazy: paymentSuccess },
                ],
              },
              {
                path: ROUTES.managePaymentMethods,
                children: [
                  { index: true, element: <Navigate to={CHILD_ROUTES.managePaymentMethodsManage} replace /> },
                  {
                    path: rel(ROUTES.managePaymentMethods, CHILD_ROUTES.managePaymentMethodsManage),
                    lazy: managePaymentMethods,
                  },
                  {
                    path: rel(ROUTES.managePaymentMethods, CHILD_ROUTES.managePaymentMethodsAdd),
                    lazy: addCard,
                  },
                  {
                    path: rel(ROUTES.managePaymentMethods, CHILD_ROUTES.managePaymentMethodsDelete),
                    lazy: deleteCard,
                  },
                  {
                    path: rel(ROUTES.managePaymentMethods, CHILD_ROUTES.managePaymentMethodsSuccess),
                    lazy: addCardSuccess,
                  },
                ],
              },
              {
                path: ROUTES.buyCoins,
                children: [
                  { index: true, lazy: selectPackage },
                  { path: rel(ROUTES.buyCoins, CHILD_ROUTES.buyCoinsDailyBonus), lazy: dailyBonus },
                  {
                    element: <RequireSweeps />,
                    children: [
                      { path: rel(ROUTES.buyCoins, CHILD_ROUTES.buyCoinsEarnCoins), lazy: earnFreeCoins },
                    ],
                  },
                ],
              },
              // ---- Sweeps pages: lobby in gold-only mode
              {
                element: <RequireSweeps />,
                children: [
                  { path: ROUTES.sweepsCoinsHistory, lazy: sweepsCoinsHistory },
                  // The W-9 is asked for by prize redemptions, which gold-only mode has none of.
                  { path: ROUTES.w9Form, lazy: w9Form },
                  // AMOE pages need a billing address: the gate asks for it in place.
                  {
                    lazy: amoeAddressGate,
                    children: [
                      { path: ROUTES.amoeStart, lazy: amoeStart },
                      { path: ROUTES.amoeRedeem, lazy: amoeRedeem },
                    ],
                  },
                  { path: ROUTES.referAFriend, lazy: referAFriend },
                  { path: ROUTES.earnSweepsCoins, lazy: earnSweepsCoins },
                  { path: ROUTES.redemptionManagement, lazy: redemptionManagement },
                  {
                    path: ROUTES.redeem,
                    // Redeem guard: a billing address, identity verification not required.
                    lazy: redeemGuard,
                    children: [
                      { index: true, lazy: redeemStart },
                      { path: rel(ROUTES.redeem, CHILD_ROUTES.redeemPaypal), lazy: redeemPaypal },
                      { path: rel(ROUTES.redeem, CHILD_ROUTES.redeemBank), lazy: redeemBank },
                      { path: rel(ROUTES.redeem, CHILD_ROUTES.redeemCheck), lazy: redeemCheck },
                      { path: rel(ROUTES.redeem, CHILD_ROUTES.redeemSuccess), lazy: redeemSuccess },
                      { path: rel(ROUTES.redeem, CHILD_ROUTES.redeemError), lazy: redeemError },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },

      // ---- any other path: the lobby (which sends a signed-out visitor to sign in)
      { path: '*', element: <Navigate to={ROUTES.lobby} replace /> },
    ],
  },
  // The operator console has its own sign-in; no player guard or player layout applies.
  {
    path: ROUTES.operator,
    lazy: operatorConsole,
    errorElement: <RouteError />,
    HydrateFallback: AppLoading,
  },
];
