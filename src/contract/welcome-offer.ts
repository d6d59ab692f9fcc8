/**
 * The welcome offer: the promo code FREECOINS, applied at join when the player types no other
 * code (docs/welcome-offer.md). Its amounts come from the server configuration, read through a
 * public call, so the home and join pages never carry a number of their own.
 *
 * Kept free of superstruct and of anything else heavy: the home page (the light entry, within the
 * home route's size budget) reads it.
 */
import { WELCOME_PROMO_CODE } from './constants.ts';
import { formatGold, formatSweeps } from './money.ts';

export const WELCOME_OFFER_API_PATHS = {
  /** GET (public) -> WelcomeOfferResponse. */
  welcomeOffer: '/welcome-offer',
} as const;

export interface WelcomeOffer {
  /** The code that carries the offer (FREECOINS). */
  code: string;
  /** Gold Coins credited. */
  quantity_gld: number;
  /** Sweeps Coins credited (display units, 2 decimals); 0 in gold-only mode. */
  quantity_ghc: number;
}

/** The offer, or null while none applies (switched off, the code deactivated, ended or used up). */
export interface WelcomeOfferResponse {
  welcome_offer: WelcomeOffer | null;
}

export { WELCOME_PROMO_CODE };

const amount = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null;

/** Reads an answer of the welcome-offer call; anything unexpected counts as "no offer". */
export function parseWelcomeOffer(body: unknown): WelcomeOffer | null {
  if (body === null || typeof body !== 'object') return null;
  const offer = (body as { welcome_offer?: unknown }).welcome_offer;
  if (offer === null || typeof offer !== 'object') return null;
  const o = offer as Record<string, unknown>;
  const gold = amount(o.quantity_gld);
  const sweeps = amount(o.quantity_ghc);
  if (typeof o.code !== 'string' || gold === null || sweeps === null) return null;
  if (gold === 0 && sweeps === 0) return null;
  return { code: o.code, quantity_gld: gold, quantity_ghc: sweeps };
}

const goldText = (n: number): string => `${formatGold(n)} Gold Coins`;
const sweepsText = (n: number): string => `${formatSweeps(n)} Sweeps ${n === 1 ? 'Coin' : 'Coins'}`;

/** "250,000 Gold Coins + 1.00 Sweeps Coin"; Gold alone in gold-only mode or when no Sweeps come with it. */
export function welcomeOfferAmounts(offer: WelcomeOffer, goldOnly: boolean): string {
  const parts: string[] = [];
  if (offer.quantity_gld > 0) parts.push(goldText(offer.quantity_gld));
  if (!goldOnly && offer.quantity_ghc > 0) parts.push(sweepsText(offer.quantity_ghc));
  return parts.join(' + ');
}

export const WELCOME_OFFER_TEXTS = {
  /** Home page and the top of the join page. */
  headline: (amounts: string) => `Welcome offer: ${amounts} free when you join`,
  /** Join page, below the promo code field, while it is empty (or holds the welcome code). */
  applied: (amounts: string) => `Welcome offer applied: ${amounts}.`,
  /** Join page, below the promo code field, once another code is typed. */
  replaced: 'Your promo code replaces the welcome offer.',
} as const;
