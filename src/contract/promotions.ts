/**
 * Promotions contract (docs/promotions.md): promo pop-ups shown after sign-in and the lobby's
 * carousel slides, both data the operator edits. Wire shapes of the login answer's
 * `promopopups` / `promocarousels` entries and of the carousel call, the operator console's
 * paths and bodies, and the rules both sides check (an in-app destination from the route table,
 * an image from the promotions folder, Sweeps-only destinations for Sweeps players only).
 * Not imported by start-up code: the pop-up and carousel chunks and the operator console read it.
 */
import {
  array,
  boolean,
  enums,
  integer,
  max,
  min,
  nullable,
  number,
  object,
  optional,
  size,
  string,
  type,
  type Infer,
} from 'superstruct';
import { LOBBY_CATEGORIES, ROUTES } from './routes.ts';

// The carousel call lives in its own small module: the lobby's first load carries only that.
export { PROMO_API_PATHS, PromoSlidesAnswerSchema } from './promo-carousel.ts';

export const PROMO_KINDS = ['popups', 'slides'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

export const OPERATOR_PROMO_PATHS = {
  /** GET: every row of the kind, in display order; POST: create one. */
  list: (kind: PromoKind) => `/operator/promotions/${kind}`,
  /** PUT: replace one row's fields (the schedule and the on/off switch included). */
  one: (kind: PromoKind, id: string) => `/operator/promotions/${kind}/${encodeURIComponent(id)}`,
  /** POST { ids, reason? }: the display order, every row of the kind named once. */
  order: (kind: PromoKind) => `/operator/promotions/${kind}/order`,
} as const;

export const OPERATOR_PROMO_ROUTE_PATTERNS = {
  list: '/operator/promotions/:kind',
  one: '/operator/promotions/:kind/:id',
  order: '/operator/promotions/:kind/order',
} as const;

/** Who sees a promotion: everyone, or only players who may play with Sweeps Coins. */
export const PROMO_AUDIENCES = ['all', 'sweeps'] as const;
export type PromoAudience = (typeof PROMO_AUDIENCES)[number];

export const PROMO_ERROR_CODES = {
  /** 404: no pop-up or slide with that id (or no such kind). */
  PROMO_NOT_FOUND: 'PROMO_NOT_FOUND',
  /** 400: the button's destination is not an in-app page a promotion may open (field button_location). */
  INVALID_PROMO_LOCATION: 'INVALID_PROMO_LOCATION',
  /** 400: the image is not a file of the promotions folder, or lacks its alt text or size. */
  INVALID_PROMO_IMAGE: 'INVALID_PROMO_IMAGE',
  /** 400: active_until is not after active_from, or a time cannot be read. */
  INVALID_PROMO_SCHEDULE: 'INVALID_PROMO_SCHEDULE',
  /** 400: the order does not name every row of the kind exactly once. */
  INVALID_PROMO_ORDER: 'INVALID_PROMO_ORDER',
} as const;
export type PromoErrorCode = (typeof PROMO_ERROR_CODES)[keyof typeof PROMO_ERROR_CODES];

// ---------------------------------------------------------------- destinations

/**
 * Pages a promotion's button may open: the route table's player pages (sign-in, sign-up, the
 * operator console, sign-out and developer pages are not destinations), and the buy-coins pages.
 * `:param` matches one path segment.
 */
const EXCLUDED_ROUTES: readonly string[] = [
  ROUTES.home,
  ROUTES.login,
  ROUTES.supportDeskLogin,
  ROUTES.logout,
  ROUTES.failedRegistration,
  ROUTES.updateCommunicationPreferences,
  ROUTES.passwordRecovery,
  ROUTES.signInLink,
  ROUTES.createUser,
  ROUTES.socialProfile,
  ROUTES.linkAccounts,
  ROUTES.selectCurrency,
  ROUTES.dataDeletionDone,
  ROUTES.dataDeletionNotDone,
  ROUTES.mobileVerification,
  ROUTES.closeAccount,
  ROUTES.referral,
  ROUTES.styleGuide,
  ROUTES.operator,
  ROUTES.payNow,
  ROUTES.paymentSuccess,
];

export const PROMO_DAILY_BONUS_PATH = `${ROUTES.buyCoins}/daily-bonus`;
const BUY_COINS_EARN_PATH = `${ROUTES.buyCoins}/earn-coins`;

const PROMO_ROUTE_PATTERNS: readonly string[] = [
  ...Object.values(ROUTES).filter((p) => !EXCLUDED_ROUTES.includes(p)),
  ...LOBBY_CATEGORIES.map((c) => `${ROUTES.lobby}/${c}`),
  PROMO_DAILY_BONUS_PATH,
  BUY_COINS_EARN_PATH,
];

/** Pages behind the Sweeps guard (spec section 2): a promotion opening one is for Sweeps players only. */
const SWEEPS_ONLY_PATTERNS: readonly string[] = [
  ROUTES.referAFriend,
  ROUTES.earnSweepsCoins,
  BUY_COINS_EARN_PATH,
  ROUTES.amoeStart,
  ROUTES.amoeRedeem,
  ROUTES.redemptionManagement,
  ROUTES.redeem,
  ROUTES.sweepsCoinsHistory,
  ROUTES.w9Form,
];

/** Destinations offered by the console's picker (any path the rule accepts may be typed). */
export const PROMO_SUGGESTED_LOCATIONS: readonly string[] = [
  ROUTES.buyCoins,
  PROMO_DAILY_BONUS_PATH,
  ROUTES.referAFriend,
  ROUTES.promotionsPlaysonWeekly,
  ROUTES.earnSweepsCoins,
  ROUTES.lobby,
  `${ROUTES.lobby}/new`,
  `${ROUTES.lobby}/slots`,
  ROUTES.amoeStart,
];

const matches = (pattern: string, path: string): boolean => {
  const a = pattern.split('/');
  const b = path.split('/');
  return (
    a.length === b.length &&
    a.every((seg, i) => (seg.startsWith(':') ? /^[\w-]{1,64}$/.test(b[i]!) : seg === b[i]))
  );
};

/** The path part of a location (no fragment), or null when it is not a plain in-app path. */
function pathOf(location: string): string | null {
  // An in-app path: one leading slash, path characters, an optional #fragment; no scheme, host,
  // query, backslash, dot segment or encoded character (nothing a browser could read as elsewhere).
  const m = /^(\/(?:[a-z0-9-]+(?:\/[a-z0-9_-]+)*)?)(#[a-z0-9-]{1,64})?$/i.exec(location);
  return m ? m[1]! : null;
}

/** Why a button destination is refused, or null when it is an in-app page a promotion may open. */
export function promoLocationProblem(location: string): string | null {
  const path = pathOf(location);
  if (path === null)
    return 'The destination must be an in-app path such as /buy-coins (no address of another site).';
  if (!PROMO_ROUTE_PATTERNS.some((p) => matches(p, path)))
    return `${path} is not a page a promotion can open. Choose one of the app's pages, such as /buy-coins.`;
  return null;
}

/** Whether the destination is a page only Sweeps players may open. */
export function isSweepsOnlyLocation(location: string): boolean {
  const path = pathOf(location);
  return path !== null && SWEEPS_ONLY_PATTERNS.some((p) => matches(p, path));
}

// ---------------------------------------------------------------- images

/** Images are files of the app's own promotions folder (public/promotions, served from /promotions/). */
const PROMO_IMAGE_PATTERN = /^\/promotions\/[a-z0-9][a-z0-9-]{0,80}\.(webp|svg|png|jpg|avif)$/;

/** The images shipped in public/promotions, offered by the console with their intrinsic size. */
export const PROMO_IMAGES: readonly { path: string; width: number; height: number; label: string }[] = [
  { path: '/promotions/daily-bonus.svg', width: 640, height: 320, label: 'Daily Bonus wheel' },
  { path: '/promotions/coin-packages.svg', width: 640, height: 320, label: 'Coin stacks' },
  { path: '/promotions/weekly-challenge.svg', width: 640, height: 320, label: 'Trophy and leaderboard' },
  { path: '/promotions/refer-a-friend.svg', width: 640, height: 320, label: 'Two friends' },
];

/** Why an image path is refused, or null. */
export function promoImageProblem(path: string): string | null {
  return PROMO_IMAGE_PATTERN.test(path)
    ? null
    : 'The image must be a file of the promotions folder, such as /promotions/daily-bonus.svg.';
}

// ---------------------------------------------------------------- wire shapes

const imageFields = {
  cdn_image: nullable(string()),
  image_alt: string(),
  image_width: nullable(number()),
  image_height: nullable(number()),
};

/** A pop-up as the login answer carries it (spec section 3 fields, plus the image's alt text and size). */
export const PromoPopupWireSchema = type({
  id: string(),
  name: string(),
  ...imageFields,
  button_text: string(),
  button_location: string(),
});
export type PromoPopupWire = Infer<typeof PromoPopupWireSchema>;

/** A carousel slide as the login answer and the carousel call carry it. */
export const PromoSlideSchema = type({
  id: string(),
  name: string(),
  headline: string(),
  body: string(),
  ...imageFields,
  button_text: string(),
  button_location: string(),
});
export type PromoSlide = Infer<typeof PromoSlideSchema>;

/** The operator's view of a row: what players see plus who sees it and when. */
export interface OperatorPromoRow {
  id: string;
  name: string;
  headline?: string;
  body?: string;
  cdn_image: string | null;
  image_alt: string;
  image_width: number | null;
  image_height: number | null;
  button_text: string;
  button_location: string;
  audience: PromoAudience;
  active: boolean;
  sort_order: number;
  active_from: string;
  active_until: string | null;
  /** Now: shown ('live'), not yet ('scheduled'), past its end ('ended') or switched off ('off'). */
  status: 'live' | 'scheduled' | 'ended' | 'off';
  updated_at: string;
}

// ---------------------------------------------------------------- operator bodies

export const PROMO_LIMITS = {
  name: 80,
  headline: 80,
  body: 240,
  buttonText: 40,
  location: 200,
  image: 120,
  imageAlt: 200,
  imageSide: 4000,
} as const;

const side = optional(nullable(max(min(integer(), 1), PROMO_LIMITS.imageSide)));
const instant = optional(nullable(size(string(), 1, 40)));

const commonInput = {
  name: size(string(), 1, PROMO_LIMITS.name),
  cdn_image: optional(nullable(size(string(), 1, PROMO_LIMITS.image))),
  image_alt: optional(size(string(), 0, PROMO_LIMITS.imageAlt)),
  image_width: side,
  image_height: side,
  button_text: size(string(), 1, PROMO_LIMITS.buttonText),
  button_location: size(string(), 1, PROMO_LIMITS.location),
  audience: enums(PROMO_AUDIENCES),
  active: optional(boolean()),
  /** ISO instants; active_from null/absent = from now, active_until null/absent = no end. */
  active_from: instant,
  active_until: instant,
  reason: optional(size(string(), 1, 500)),
};

export const PromoPopupInputSchema = object(commonInput);
export type PromoPopupInput = Infer<typeof PromoPopupInputSchema>;

export const PromoSlideInputSchema = object({
  ...commonInput,
  headline: size(string(), 1, PROMO_LIMITS.headline),
  body: optional(size(string(), 0, PROMO_LIMITS.body)),
});
export type PromoSlideInput = Infer<typeof PromoSlideInputSchema>;

export const PromoOrderSchema = object({
  ids: size(array(size(string(), 1, 40)), 1, 500),
  reason: optional(size(string(), 1, 500)),
});
export type PromoOrder = Infer<typeof PromoOrderSchema>;

// ---------------------------------------------------------------- texts

export const PROMO_TEXTS = {
  carouselLabel: 'Promotions',
  previous: 'Previous slide',
  next: 'Next slide',
  pause: 'Pause slides',
  play: 'Play slides',
  slideLabel: (n: number, total: number) => `${n} of ${total}`,
  popupClose: 'Close',
} as const;
