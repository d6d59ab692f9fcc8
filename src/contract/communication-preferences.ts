/**
 * Communication preferences (docs/communication-preferences.md): which marketing mail a player
 * receives, managed signed in (My Account) or, without signing in, from the signed link at the
 * foot of every marketing mail (/update-communication-preferences?u=…&t=…). Account mail (sign-in
 * links, receipts, redemptions, security notices) is always sent. Framework-free: app and server.
 */
import { boolean, enums, object, optional, pattern, size, string, type Infer } from 'superstruct';

export const COMMUNICATION_PREFERENCES_PATHS = {
  /** GET -> CommunicationPreferences; PUT CommunicationPreferencesUpdate -> CommunicationPreferences (signed in). */
  mine: '/communication-preferences',
  /** GET ?u=&t= -> LinkedPreferences (no sign-in: the signed link is the credential). */
  link: '/communication-preferences/link',
  /** PUT { u, t, promotions_email?, news_email? } -> LinkedPreferences (no sign-in). */
  linkUpdate: '/communication-preferences/link',
  /**
   * POST ?u=&t= (body "List-Unsubscribe=One-Click") -> 200: a mail client's one-click unsubscribe
   * (RFC 8058). Signed by the link, so it needs no CSRF cookie.
   */
  oneClick: '/communication-preferences/one-click',
} as const;

export const MARKETING_CATEGORIES = ['promotions', 'news'] as const;
export type MarketingCategory = (typeof MARKETING_CATEGORIES)[number];

/** Each category's preference field and what the player reads about it. */
export const CATEGORY_FIELDS = {
  promotions: 'promotions_email',
  news: 'news_email',
} as const satisfies Record<MarketingCategory, string>;

export const CommunicationPreferencesSchema = object({
  promotions_email: boolean(),
  news_email: boolean(),
  /** ISO time of the last change; null while the defaults apply. */
  updated_at: optional(string()),
});
export type CommunicationPreferences = Infer<typeof CommunicationPreferencesSchema>;

export const CommunicationPreferencesUpdateSchema = object({
  promotions_email: optional(boolean()),
  news_email: optional(boolean()),
});
export type CommunicationPreferencesUpdate = Infer<typeof CommunicationPreferencesUpdateSchema>;

/** The link's two parts: the player id and its signature (base64url HMAC-SHA256, 43 characters). */
export const LinkUserIdSchema = pattern(
  string(),
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
);
export const LinkSignatureSchema = size(pattern(string(), /^[A-Za-z0-9_-]+$/), 43, 43);

export const LinkedPreferencesUpdateSchema = object({
  u: LinkUserIdSchema,
  t: LinkSignatureSchema,
  promotions_email: optional(boolean()),
  news_email: optional(boolean()),
});
export type LinkedPreferencesUpdate = Infer<typeof LinkedPreferencesUpdateSchema>;

export const LinkedPreferencesSchema = object({
  promotions_email: boolean(),
  news_email: boolean(),
  updated_at: optional(string()),
  /** The address the link was sent to, masked ("j***@example.com"): whose preferences these are. */
  email_masked: string(),
});
export type LinkedPreferences = Infer<typeof LinkedPreferencesSchema>;

/** Operator console: a marketing mail to every player who wants the category. */
export const MarketingMailingRequestSchema = object({
  category: enums(MARKETING_CATEGORIES),
  subject: size(string(), 1, 150),
  body_text: size(string(), 1, 10_000),
});
export type MarketingMailingRequest = Infer<typeof MarketingMailingRequestSchema>;

export interface MarketingMailingResult {
  mailing_id: string;
  /** Players the mail went to. */
  sent: number;
  /** Players left out: the category turned off, a closed account, a break or self-exclusion. */
  skipped: number;
}

export const COMMUNICATION_PREFERENCES_ERROR_CODES = {
  /** 400/404: the link's signature does not match (altered, or from another server), or no such player. */
  PREFERENCES_LINK_INVALID: 'PREFERENCES_LINK_INVALID',
} as const;
export type CommunicationPreferencesErrorCode =
  (typeof COMMUNICATION_PREFERENCES_ERROR_CODES)[keyof typeof COMMUNICATION_PREFERENCES_ERROR_CODES];

export const COMMUNICATION_PREFERENCES_TEXTS = {
  title: 'Communication Preferences',
  intro:
    'Choose which emails you receive from us. Emails about your account (sign-in links, purchase receipts, redemptions and security notices) are always sent.',
  categories: {
    promotions: {
      label: 'Promotions and bonus offers',
      hint: 'Coin offers, promo codes, free coin events and challenge prizes.',
    },
    news: {
      label: 'News and new games',
      hint: 'New games, product updates and the occasional newsletter.',
    },
  },
  unsubscribeAll: 'Unsubscribe from all marketing email',
  save: 'Save preferences',
  saved: 'Your preferences are saved.',
  unsubscribed:
    'You are unsubscribed from all marketing email. It can take up to a day for mail already on its way.',
  linkInvalid:
    'This link is not valid. It may have been copied incompletely. Sign in and open My Account to manage your preferences.',
  noLink:
    'To change which emails you receive, open the link at the foot of one of our marketing emails, or sign in and go to My Account.',
  offline: 'You are offline. Your preferences can be changed once you are back online.',
  forAddress: (masked: string) => `Preferences for ${masked}`,
  footer: (url: string) =>
    `You receive this email because you have an account with us and chose to hear about offers. Change which emails you receive or unsubscribe with one click: ${url}`,
} as const;
