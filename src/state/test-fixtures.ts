/** Shared fixtures of the state tests (wire-shaped, as the API answers). */
import type { Balances, LoginResponse, User } from '../contract/schemas.ts';

export const demoUser = (over: Partial<User> = {}): User => ({
  id: 'u-1',
  email: 'demo@luckycrown.example',
  first_name: 'Demo',
  last_name: 'Player',
  first_purchase_name: null,
  account_state: 'active',
  birth_year: 1990,
  birth_month: 5,
  birth_day: 15,
  postal_code: '60601',
  state_or_province: 'IL',
  address_line_1: null,
  address_line_2: null,
  city: null,
  phone: null,
  mobile_verified: false,
  sweeps_eligible: true,
  user_data: {},
  last_password_change: null,
  created_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

export const demoBalances = (over: Partial<Balances> = {}): Balances => ({
  balance_paid_ghc: 0,
  balance_free_ghc: 25,
  balance_redeemable_ghc: 10,
  balance_redeemable_available_ghc: 10,
  balance_total_ghc: 25,
  balance_total_gld: 250000,
  ...over,
});

export const loginResponse = (over: Partial<LoginResponse> = {}): LoginResponse => ({
  token: 'jwt-1',
  token_expires_at: Date.now() + 15 * 60_000,
  user: demoUser(),
  balances: demoBalances(),
  promopopups: [],
  promocarousels: [],
  quantity_ghc: 0,
  quantity_gld: 0,
  promo_code: null,
  ...over,
});
