/**
 * Marketing attribution for the account-creation payload (spec sections 3 and 4): promo code,
 * UTM codes, click ids (gclid, fbclid) and the Facebook pixel cookies (fbp, fbc).
 *
 * Storage (all cleared by logout, see LOGOUT_STORAGE_KEYS):
 *   localStorage STORAGE_KEYS.promoCode  the promo code, plain text
 *   localStorage STORAGE_KEYS.utm        JSON object of the UTM codes (+ referral_token, fbclid)
 *   localStorage STORAGE_KEYS.gclid      the Google click id, plain text
 * `captureAttributionFromUrl` is meant to run on every navigation (the app shell can call it);
 * the join form also calls it on arrival so a direct link to the form is never lost.
 */
import { STORAGE_KEYS } from '../contract/constants.ts';

export const UTM_KEYS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'utm_misc',
] as const;
export type UtmKey = (typeof UTM_KEYS)[number];

/** utm_source value that marks a referral; referral_token is sent only with it. */
export const REFERRAL_UTM_SOURCE = 'referral';
/** utm_source / utm_campaign value when the visitor came without a campaign. */
export const ORGANIC = 'organic';

export interface Attribution {
  utm_source: string;
  utm_medium: string | null;
  utm_campaign: string;
  utm_term: string | null;
  utm_content: string | null;
  utm_misc: string | null;
  gclid: string | null;
  fbclid: string | null;
  fbp: string | null;
  fbc: string | null;
  referral_token: string | null;
}

type StoredUtm = Partial<Record<UtmKey | 'referral_token' | 'fbclid', string>>;

const MAX_VALUE_LENGTH = 256;
const clean = (v: string | null | undefined): string | null => {
  const t = (v ?? '').trim();
  return t ? t.slice(0, MAX_VALUE_LENGTH) : null;
};

function readLocal(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeLocal(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage unavailable (private mode): attribution is best effort.
  }
}

function readStoredUtm(): StoredUtm {
  const raw = readLocal(STORAGE_KEYS.utm);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const out: StoredUtm = {};
    for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) {
      if (typeof v === 'string' && ([...UTM_KEYS, 'referral_token', 'fbclid'] as string[]).includes(k))
        out[k as keyof StoredUtm] = v;
    }
    return out;
  } catch {
    return {};
  }
}

function readCookieValue(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return clean(decodeURIComponent(v.join('=')));
  }
  return null;
}

/**
 * Stores what the URL carries: the promo code, the UTM codes (a new campaign replaces the old
 * one as a whole), gclid, fbclid and a referral token.
 */
export function captureAttributionFromUrl(search: string | URLSearchParams): void {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const promo = clean(params.get('promo_code'));
  if (promo) writeLocal(STORAGE_KEYS.promoCode, promo);
  const gclid = clean(params.get('gclid'));
  if (gclid) writeLocal(STORAGE_KEYS.gclid, gclid);

  const fromUrl: StoredUtm = {};
  for (const key of UTM_KEYS) {
    const v = clean(params.get(key));
    if (v) fromUrl[key] = v;
  }
  const referral = clean(params.get('referral_token'));
  if (referral) fromUrl.referral_token = referral;
  const fbclid = clean(params.get('fbclid'));
  if (fbclid) fromUrl.fbclid = fbclid;
  if (Object.keys(fromUrl).length === 0) return;

  const hasCampaign = UTM_KEYS.some((k) => fromUrl[k]) || fromUrl.referral_token;
  // A new campaign link replaces the previous campaign; a lone fbclid only adds to it.
  const next = hasCampaign ? fromUrl : { ...readStoredUtm(), ...fromUrl };
  writeLocal(STORAGE_KEYS.utm, JSON.stringify(next));
}

/** The promo code to prefill: the URL's, else the stored one (spec: storage only without a URL code). */
export function initialPromoCode(search: URLSearchParams): string {
  return clean(search.get('promo_code')) ?? clean(readLocal(STORAGE_KEYS.promoCode)) ?? '';
}

export function storePromoCode(code: string): void {
  const v = clean(code);
  if (v) writeLocal(STORAGE_KEYS.promoCode, v);
}

/**
 * The attribution fields of the payload, aggregated as the spec says: a referral token makes the
 * source "referral"; with neither a source nor a campaign the visit counts as organic.
 */
export function aggregateAttribution(search: URLSearchParams): Attribution {
  const stored = readStoredUtm();
  const pick = (key: UtmKey | 'referral_token' | 'fbclid'): string | null =>
    clean(search.get(key)) ?? clean(stored[key]);
  const referralToken = pick('referral_token');
  let source = pick('utm_source');
  let campaign = pick('utm_campaign');
  if (referralToken) source = REFERRAL_UTM_SOURCE;
  if (!source && !campaign) {
    source = ORGANIC;
    campaign = ORGANIC;
  }
  return {
    utm_source: source ?? ORGANIC,
    utm_medium: pick('utm_medium'),
    utm_campaign: campaign ?? ORGANIC,
    utm_term: pick('utm_term'),
    utm_content: pick('utm_content'),
    utm_misc: pick('utm_misc'),
    gclid: clean(search.get('gclid')) ?? clean(readLocal(STORAGE_KEYS.gclid)),
    fbclid: pick('fbclid'),
    fbp: readCookieValue('_fbp'),
    fbc: readCookieValue('_fbc'),
    referral_token: source === REFERRAL_UTM_SOURCE ? referralToken : null,
  };
}
