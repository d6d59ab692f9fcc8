/**
 * Client route paths. The spec leaves the exact paths of login and join open; these are ours.
 * Shared with the service worker (offline fallbacks) and tests.
 */
export const ROUTES = {
  home: '/',
  login: '/login',
  supportDeskLogin: '/support-desk-login',
  logout: '/logout',
  failedRegistration: '/failed-registration',
  updateCommunicationPreferences: '/update-communication-preferences',
  passwordRecovery: '/password-recovery',
  signInLink: '/sign-in-link',
  createUser: '/signup/create-user',
  socialProfile: '/signup/social-profile',
  linkAccounts: '/signup/link-accounts',
  selectCurrency: '/signup/select-currency',
  dataDeletionDone: '/data-deletion/dd/:code',
  dataDeletionNotDone: '/data-deletion/nd/:code',
  myAccount: '/my-account',
  /** Recall: the last rounds of each game (?game=<id> shows one game's). */
  gameHistory: '/my-account/game-history',
  mobileVerification: '/mobile-verification',
  profilePic: '/profile-pic',
  changePassword: '/change-password',
  changeName: '/change-name',
  changeEmail: '/change-email',
  closeAccount: '/close-account',
  w9Form: '/w9-form',
  yearlySummary: '/yearly-summary/:year',
  goldCoinsHistory: '/gold-coins-history',
  sweepsCoinsHistory: '/sweeps-coins-history',
  amoeStart: '/amoe-start',
  amoeRedeem: '/amoe-redeem',
  lobby: '/lobby',
  /** The lobby's Favourites filter: the games the player starred (docs/player-settings.md). */
  lobbyFavourites: '/lobby/favourites',
  game: '/quick-play-games/games/:gameId',
  referAFriend: '/refer-a-friend',
  earnSweepsCoins: '/earn-sweeps-coins',
  referral: '/referral/:code',
  payment: '/payment',
  payNow: '/payment/pay-now',
  paymentSuccess: '/payment/payment-success',
  managePaymentMethods: '/manage-payment-methods',
  buyCoins: '/buy-coins',
  redemptionManagement: '/redemption-management',
  redeem: '/redeem',
  promotionsPlaysonWeekly: '/promotions/playson-weekly-coins-challenge',
  corporate: '/corporate',
  corporatePeople: '/corporate/people',
  corporateHowItWorks: '/corporate/how-it-works',
  whatIs: '/what-is-lucky-crown',
  releaseJan2023: '/release-updates/january-2023',
  releaseOct2023: '/release-updates/october-2023',
  releaseJan2025: '/release-updates/january-2025',
  styleGuide: '/style-guide',
  /** The operator console: its own sign-in, outside the player layout and guards. */
  operator: '/operator',
  policiesPrivacy: '/policies/privacy-policy',
  policiesGameRules: '/policies/official-game-rules',
  policiesSweepsRules: '/policies/official-sweepstakes-rules',
  policiesResponsible: '/policies/responsible-social-gaming',
  policiesTerms: '/policies/terms-and-conditions',
} as const;

export const LOBBY_CATEGORIES = [
  'hot',
  'slots',
  'exclusive',
  'table-games',
  'scratchcards',
  'new',
  'halloween',
] as const;

/** Policy page slug -> legal document type. */
export const POLICY_PAGES = [
  { path: ROUTES.policiesTerms, type: 'terms_conditions', title: 'Terms and Conditions' },
  { path: ROUTES.policiesPrivacy, type: 'privacy_policy', title: 'Privacy Policy' },
  { path: ROUTES.policiesSweepsRules, type: 'sweeps_rules', title: 'Official Sweepstakes Rules' },
  { path: ROUTES.policiesGameRules, type: 'game_rules', title: 'Official Game Rules' },
  { path: ROUTES.policiesResponsible, type: 'responsible_social_gaming', title: 'Responsible Social Gaming' },
] as const;

export const withParams = (path: string, params: Record<string, string | number>): string =>
  path.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(String(params[k] ?? '')));

/** The recall page, showing only `gameId`'s rounds when given. */
export const gameHistoryPath = (gameId?: string): string =>
  gameId ? `${ROUTES.gameHistory}?game=${encodeURIComponent(gameId)}` : ROUTES.gameHistory;
