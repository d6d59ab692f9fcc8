/**
 * Referrals contract: paths, the referral code format, the reward and its limits, wire shapes and
 * the player-facing texts. Paths are relative to /api/v1. Shared by the server (which decides)
 * and the referral pages (which show the same numbers).
 *
 * A player's link is {origin}/referral/{code}. A visitor opening it joins with referral_token =
 * code; the referral is then 'joined'. The friend's first successful purchase makes it
 * 'qualified', and the server rewards both players once ('rewarded') unless a limit applies
 * (no_reward_reason). Answers use `type()` so a newer server may add fields.
 */
import { array, enums, nullable, number, string, type, type Infer } from 'superstruct';
import { formatGold, formatSweeps, minorToDisplay } from './money.ts';

export const REFERRALS_API_PATHS = {
  /** GET -> ReferralsResponse: the player's code, the reward rules and their referrals (newest first). */
  referrals: '/referrals',
} as const;

/** Letters and digits without the look-alikes 0/O and 1/I, so a code read aloud or retyped is unambiguous. */
export const REFERRAL_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** 10 characters of 32: 50 random bits, short enough for a link, far too many to guess. */
export const REFERRAL_CODE_LENGTH = 10;

const CODE_PATTERN = new RegExp(`^[${REFERRAL_CODE_ALPHABET}]{${REFERRAL_CODE_LENGTH}}$`);

/** The code as typed or carried by a link: trimmed, upper case. Null when it does not have the format. */
export function normalizeReferralCode(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const code = raw.trim().toUpperCase();
  return CODE_PATTERN.test(code) ? code : null;
}

/** The path of a player's referral link (the page at ROUTES.referral). */
export const referralLinkPath = (code: string): string => `/referral/${encodeURIComponent(code)}`;

/**
 * The reward when a referred friend makes a first purchase: Gold Coins and free Sweeps Coins (in
 * cents) for each player. In gold-only mode only the Gold is credited.
 */
export const REFERRAL_REWARD = {
  referrer: { goldCoins: 100_000, sweepsCents: 500 },
  friend: { goldCoins: 50_000, sweepsCents: 200 },
} as const;

/** Rewarded referrals per referrer per calendar month in Eastern Time (12:00am ET on the 1st). */
export const REFERRAL_MONTHLY_CAP = 10;

export const REFERRAL_STATES = ['joined', 'qualified', 'rewarded'] as const;
export type ReferralState = (typeof REFERRAL_STATES)[number];

/**
 * Why a qualified referral paid nobody:
 * - same_person: the friend is the referrer (same mailbox, phone number or identity);
 * - same_household: same family name and ZIP code, same street address, or same phone number;
 * - monthly_cap: the referrer already had REFERRAL_MONTHLY_CAP rewarded referrals that month;
 * - account_restricted: both players' accounts were barred from bonuses (play gate) at the time.
 */
export const REFERRAL_NO_REWARD_REASONS = [
  'same_person',
  'same_household',
  'monthly_cap',
  'account_restricted',
] as const;
export type ReferralNoRewardReason = (typeof REFERRAL_NO_REWARD_REASONS)[number];

// ---------------------------------------------------------------------------------------------
// Wire shapes
// ---------------------------------------------------------------------------------------------
export const ReferralSchema = type({
  id: string(),
  /** The friend's first name and last initial ("Alex R."): enough to recognise, no more. */
  friend_name: string(),
  state: enums(REFERRAL_STATES),
  joined_at: string(),
  qualified_at: nullable(string()),
  rewarded_at: nullable(string()),
  no_reward_reason: nullable(enums(REFERRAL_NO_REWARD_REASONS)),
  /** What the referrer received for this friend (0 until rewarded, or when their reward was withheld). */
  reward_gld: number(),
  reward_ghc: number(),
});
export type Referral = Infer<typeof ReferralSchema>;

export const ReferralRewardSchema = type({ reward_gld: number(), reward_ghc: number() });

export const ReferralsResponseSchema = type({
  code: string(),
  /** Path of the player's link; the page prefixes the origin it runs on. */
  link_path: string(),
  referrer_reward: ReferralRewardSchema,
  friend_reward: ReferralRewardSchema,
  monthly_cap: number(),
  /** Referrals rewarded in the current Eastern month (counts against monthly_cap). */
  rewarded_this_month: number(),
  results: array(ReferralSchema),
});
export type ReferralsResponse = Infer<typeof ReferralsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Texts
// ---------------------------------------------------------------------------------------------
export const REFERRAL_STATE_LABELS: Record<ReferralState, string> = {
  joined: 'Joined',
  qualified: 'Qualified',
  rewarded: 'Rewarded',
};

export const REFERRAL_NO_REWARD_TEXTS: Record<ReferralNoRewardReason, string> = {
  same_person: 'No reward: this account belongs to you.',
  same_household: 'No reward: referrals within one household are not rewarded.',
  monthly_cap: `No reward: the monthly limit of ${REFERRAL_MONTHLY_CAP} rewarded referrals was reached.`,
  account_restricted: 'No reward: bonuses were paused on the accounts at the time.',
};

export const REFERRAL_TEXTS = {
  shareTitle: 'Join me at Lucky Crown',
  shareText: 'Join me at Lucky Crown, the free-to-play social casino. Sign up with my link:',
  copied: 'Copied',
  copyFailed: 'Copy failed: select the link and copy it yourself.',
  offline: "You're offline. This is the list loaded earlier; it can't refresh until you reconnect.",
  offlineNoList: "You're offline. Your referrals can't load until you reconnect.",
  loadFailed: 'Your referrals could not be loaded. Please try again.',
  empty: 'No friends have joined with your link yet.',
} as const;

const sweeps = (cents: number): string => formatSweeps(minorToDisplay('sweeps', cents));

/**
 * The referral rules as the player reads them (refer-a-friend page); the Official Sweepstakes
 * Rules state the same numbers (a test compares them).
 */
export function referralRuleLines(): string[] {
  const share = (s: { goldCoins: number; sweepsCents: number }) =>
    `${formatGold(s.goldCoins)} Gold Coins and ${sweeps(s.sweepsCents)} free Sweeps Coins`;
  return [
    'Share your link. A friend who opens it and creates an account joins as your referral.',
    `When your friend makes a first purchase, you receive ${share(REFERRAL_REWARD.referrer)}, and your friend receives ${share(REFERRAL_REWARD.friend)}. Each friend is rewarded once.`,
    `Up to ${REFERRAL_MONTHLY_CAP} referrals are rewarded per calendar month (Eastern Time). Friends who qualify after that earn no referral reward for either player.`,
    'No reward is given for your own accounts (same email mailbox, phone number, or name and birth date) or for members of your household (same family name and ZIP code, or same street address).',
    'A player whose account may not receive bonuses at that moment (for example suspended or on a break) does not receive their share; the other player still does.',
  ];
}
