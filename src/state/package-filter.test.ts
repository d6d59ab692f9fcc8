import { describe, expect, it } from 'vitest';
import type { CoinPackage } from '../contract/payments.ts';
import type { PACKAGE_FILTERS } from './package-filter.ts';
import { filterPackages, setPackageFilter } from './package-filter.ts';
import { resetStore, store } from './store.ts';

const pkg = (id: string, price: number, over: Partial<CoinPackage> = {}): CoinPackage => ({
  id,
  name: id,
  featured: false,
  price_usd: price,
  original_price_usd: null,
  quantity_gld: 1000,
  quantity_ghc: 1,
  sweeps_withheld: false,
  show_countdown: false,
  description: '',
  end_time: null,
  cdn_image: null,
  cdn_image_width: null,
  cdn_image_height: null,
  ...over,
});

const packages = [
  pkg('featured', 9.99, { featured: true, original_price_usd: 19.99 }),
  pkg('p199', 1.99),
  pkg('p999', 9.99),
  pkg('p1000', 10),
  pkg('sale', 19.99, { original_price_usd: 24.99 }),
  pkg('p4999', 49.99),
  pkg('p5000', 50),
  pkg('p9999', 99.99),
];
const ids = (f: (typeof PACKAGE_FILTERS)[number]) => filterPackages(packages, f).map((p) => p.id);

describe('coin store package filter', () => {
  it('all, offers and the price bands (edges in cents: $9.99 under 10, $10 and $49.99 in the middle, $50 up)', () => {
    expect(ids('all')).toHaveLength(packages.length);
    expect(ids('offers')).toEqual(['featured', 'sale']);
    expect(ids('under-10')).toEqual(['featured', 'p199', 'p999']);
    expect(ids('10-to-50')).toEqual(['p1000', 'sale', 'p4999']);
    expect(ids('50-plus')).toEqual(['p5000', 'p9999']);
    // The bands cover every package once.
    expect([...ids('under-10'), ...ids('10-to-50'), ...ids('50-plus')].sort()).toEqual(ids('all').sort());
  });

  it('a price equal to its original is no offer; the filter is kept in the store and reset with it', () => {
    expect(filterPackages([pkg('same', 5, { original_price_usd: 5 })], 'offers')).toEqual([]);
    resetStore();
    expect(store.payment.packageFilter).toBe('all');
    setPackageFilter('offers');
    expect(store.payment.packageFilter).toBe('offers');
    resetStore();
    expect(store.payment.packageFilter).toBe('all');
  });
});
