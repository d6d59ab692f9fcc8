/**
 * The coin store's package filter (spec section 3, Banking: "filter"): which of the banking
 * packages the select-package page lists. Kept in the payment slice for the session (a player who
 * picked "Under $10" finds it still picked after paying); a sign-out resets it to all.
 */
import type { CoinPackage } from '../contract/payments.ts';
import { store } from './store.ts';

export const PACKAGE_FILTERS = ['all', 'offers', 'under-10', '10-to-50', '50-plus'] as const;
export type PackageFilter = (typeof PACKAGE_FILTERS)[number];

export const PACKAGE_FILTER_LABELS: Record<PackageFilter, string> = {
  all: 'All',
  offers: 'Offers',
  'under-10': 'Under $10',
  '10-to-50': '$10 to $49.99',
  '50-plus': '$50 and up',
};

/** An offer: the featured package, or one sold below its original price. */
const isOffer = (p: CoinPackage): boolean =>
  p.featured || (p.original_price_usd !== null && p.original_price_usd > p.price_usd);

/** Whether a package shows under a filter (prices compared in cents: no floating-point edges). */
export function matchesPackageFilter(p: CoinPackage, filter: PackageFilter): boolean {
  const cents = Math.round(p.price_usd * 100);
  switch (filter) {
    case 'all':
      return true;
    case 'offers':
      return isOffer(p);
    case 'under-10':
      return cents < 1_000;
    case '10-to-50':
      return cents >= 1_000 && cents < 5_000;
    case '50-plus':
      return cents >= 5_000;
  }
}

export const filterPackages = (packages: readonly CoinPackage[], filter: PackageFilter): CoinPackage[] =>
  packages.filter((p) => matchesPackageFilter(p, filter));

export function setPackageFilter(filter: PackageFilter): void {
  store.payment.packageFilter = filter;
}
