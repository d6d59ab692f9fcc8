import type { SavedCard } from '../../../contract/payments.ts';

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

export const brandName = (brand: string): string =>
  BRANDS[brand.toLowerCase()] ?? (brand ? brand[0]?.toUpperCase() + brand.slice(1) : 'Card');

/** "Visa ending in 4242". */
export const cardLabel = (c: Pick<SavedCard, 'brand' | 'last4'>): string =>
  `${brandName(c.brand)} ending in ${c.last4}`;

/** "12/30". */
export const cardExpiry = (c: Pick<SavedCard, 'exp_month' | 'exp_year'>): string =>
  `${String(c.exp_month).padStart(2, '0')}/${String(c.exp_year).slice(-2)}`;
