/**
 * The one place the app pushes analytics events (spec section 7: pageview, purchase, first
 * purchase, daily bonus spin and close, sign-up, mobile verified, redemption). Events go to the
 * tag manager's data layer (`window.dataLayer`), which a consent-managed tag snippet reads when
 * the operator installs one; without a snippet the array simply collects them.
 *
 * Keeping every push here means one list of event names, one shape (`event` plus flat fields),
 * and one place that strips what must never leave the device (payout details, codes, tokens).
 */

/** Every event name the product pushes; analytics dashboards key on these exact strings. */
export const ANALYTICS_EVENTS = [
  'pageview',
  'purchase',
  'first_purchase',
  'daily_bonus_spin',
  'daily_bonus_close',
  'sign_up',
  'mobile_verified',
  'redemption',
] as const;

export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

/** Flat, JSON-friendly fields; nested arrays are allowed for the purchase's items. */
export type AnalyticsFields = Record<
  string,
  string | number | boolean | null | undefined | readonly unknown[]
>;

/** Fields that could carry secrets or personal data and are dropped whatever the caller passes. */
const NEVER_SENT = new Set([
  'email',
  'password',
  'token',
  'code',
  'ssn',
  'phone',
  'address',
  'account_number',
]);

interface DataLayerWindow {
  dataLayer?: unknown[];
}

function dataLayer(): unknown[] {
  const w = globalThis as DataLayerWindow;
  w.dataLayer = Array.isArray(w.dataLayer) ? w.dataLayer : [];
  return w.dataLayer;
}

/** Pushes one event; never throws (analytics must not break a purchase or a page). */
export function trackEvent(event: AnalyticsEventName, fields: AnalyticsFields = {}): void {
  try {
    const entry: Record<string, unknown> = { event };
    for (const [key, value] of Object.entries(fields)) {
      if (value === undefined || NEVER_SENT.has(key)) continue;
      entry[key] = value;
    }
    dataLayer().push(entry);
  } catch {
    // A frozen or replaced dataLayer from a third-party snippet: drop the event, keep the app.
  }
}

/** The page path analytics sees: the route without query or fragment (they can hold codes and tokens). */
export function pageviewPath(pathname: string): string {
  return pathname.replace(/\/referral\/[^/]+/, '/referral/:code').replace(/\/(dd|nd)\/[^/]+/, '/$1/:code');
}

/** Empties the data layer (sign-out: the next visitor on this device starts clean). */
export function clearAnalytics(): void {
  const w = globalThis as DataLayerWindow;
  if (Array.isArray(w.dataLayer)) w.dataLayer.length = 0;
}
