/**
 * The app's one valtio store: session, balances, currency, named properties, promotions from
 * login, dialogs (open stack + results) and UI flags. Components read it with useSnapshot;
 * only the action modules (src/state/*-actions.ts) write to it.
 * Session profile, balances, currency and recently played games are mirrored to IndexedDB by
 * idb-mirror.ts (never the token).
 */
import { proxy } from 'valtio';
import type { Balances, User } from '../contract/schemas.ts';
import type { Currency } from '../contract/currency.ts';
import type { CoinPackage } from '../contract/payments.ts';
import type { DialogKind } from './dialog-kinds.ts';
import { initialPayment, type PaymentSlice } from './payment-slice.ts';

export type SessionStatus = 'unknown' | 'signed-out' | 'signed-in';

export interface SessionSlice {
  user: User | null;
  /** Access JWT. Memory only: never mirrored, never in web storage. */
  token: string | null;
  /** Access token expiry, epoch ms. */
  tokenExpiresAt: number | null;
  /** When the scheduled refresh fires, epoch ms (120 s before expiry). */
  refreshTimeEpoch: number | null;
  jwtRefreshFailed: boolean;
  jwtRefreshCancelled: boolean;
  accountClosed: boolean;
  status: SessionStatus;
  /** Why the last sign-out happened, for the notice on the login page. */
  signedOutReason: 'inactivity' | 'session-expired' | null;
}

export interface BalancesSlice {
  current: Balances | null;
  /** Balance to apply after the win animation (login bonus, daily bonus, purchases). */
  delayed: Balances | null;
  updateInProgress: boolean;
  animateCoins: boolean;
}

export interface CurrencySlice {
  activeCurrency: Currency;
  switchingDisabled: boolean;
  /** Target of a switch in progress (drives the "Switching to" overlay), else null. */
  switching: Currency | null;
  isInGame: boolean;
  isInVendorGame: boolean;
  balanceVisible: boolean;
  /** Currencies the open game does not accept (game metadata.disabledCurrencies); [] outside games. */
  gameDisabledCurrencies: Currency[];
  /**
   * A game page is open (house or vendor game). Play inside the game's frame raises no events on
   * the page, so the inactivity sign-out (spec: "when signed in and not in a game") pauses.
   */
  gamePageOpen: boolean;
}

export interface PromotionsSlice {
  promopopups: { name: string; cdn_image?: string | null; button_text: string; button_location: string }[];
  promocarousels: unknown[];
  loginBonusCoins: { ghc: number; gld: number } | null;
  showLoginBonus: boolean;
  /** The featured package chosen at login from the banking packages (null: none, or not loaded). */
  loginFeaturedPackage: CoinPackage | null;
  /** The banking packages were asked for at login (cleared on logout: the next session asks again). */
  hasRetrievedPackages: boolean;
  /**
   * The banking packages answered this session (a list, or the store switched off) and nothing has
   * changed them since: a resumed session keeps loginFeaturedPackage instead of asking again.
   * Cleared on logout, after a failed ask, when an address update changes the packages, and when
   * the featured package's offer has ended.
   */
  doesNotNeedToRetrievePackages: boolean;
  /** The "user login bonus coins" call failed after its retries (the failure action). */
  loginBonusFetchFailed: boolean;
}

export interface OpenDialog {
  /** Unique per opening, so the same kind can be re-opened. */
  id: number;
  kind: DialogKind;
  props: Record<string, unknown>;
}

export interface DialogsSlice {
  stack: OpenDialog[];
  /** Close result of each dialog kind; cleared when that kind opens again. */
  results: Partial<Record<DialogKind, Record<string, unknown>>>;
}

export interface UiSlice {
  navigating: boolean;
  /** Text of the full-screen loading overlay, or null when hidden. */
  loadingOverlay: string | null;
  menuOpen: boolean;
}

export interface PropertiesSlice {
  /** Named property values loaded so far (strings, as on the wire). */
  values: Record<string, string>;
}

/** Quick-play games the player opened, newest first (spec: "Recently played"). Mirrored. */
export interface GamesSlice {
  recentlyPlayed: string[];
}

export interface AppState {
  session: SessionSlice;
  balances: BalancesSlice;
  currency: CurrencySlice;
  promotions: PromotionsSlice;
  properties: PropertiesSlice;
  dialogs: DialogsSlice;
  ui: UiSlice;
  payment: PaymentSlice;
  games: GamesSlice;
}

export const initialSession = (): SessionSlice => ({
  user: null,
  token: null,
  tokenExpiresAt: null,
  refreshTimeEpoch: null,
  jwtRefreshFailed: false,
  jwtRefreshCancelled: false,
  accountClosed: false,
  status: 'unknown',
  signedOutReason: null,
});
export const initialBalances = (): BalancesSlice => ({
  current: null,
  delayed: null,
  updateInProgress: false,
  animateCoins: false,
});
export const initialCurrency = (): CurrencySlice => ({
  activeCurrency: 'gold',
  switchingDisabled: false,
  switching: null,
  isInGame: false,
  isInVendorGame: false,
  balanceVisible: true,
  gameDisabledCurrencies: [],
  gamePageOpen: false,
});
export const initialGames = (): GamesSlice => ({ recentlyPlayed: [] });
export const initialPromotions = (): PromotionsSlice => ({
  promopopups: [],
  promocarousels: [],
  loginBonusCoins: null,
  showLoginBonus: false,
  loginFeaturedPackage: null,
  hasRetrievedPackages: false,
  doesNotNeedToRetrievePackages: false,
  loginBonusFetchFailed: false,
});

export const store = proxy<AppState>({
  session: initialSession(),
  balances: initialBalances(),
  currency: initialCurrency(),
  promotions: initialPromotions(),
  properties: { values: {} },
  dialogs: { stack: [], results: {} },
  ui: { navigating: false, loadingOverlay: null, menuOpen: false },
  payment: initialPayment(),
  games: initialGames(),
});

/**
 * Replaces a slice's contents in place. Slices are never swapped for new objects: components
 * (useSnapshot(store.session)) and the IndexedDB mirror subscribe to the slice objects, and a
 * replaced object would leave them listening to one nobody writes any more.
 */
export function assignSlice<K extends keyof AppState>(key: K, next: AppState[K]): void {
  const slice: object = store[key];
  for (const field of Object.keys(slice)) {
    if (!(field in next)) Reflect.deleteProperty(slice, field);
  }
  Object.assign(slice, next);
}

/** Test helper and logout: back to a blank store (properties are operator settings and stay). */
export function resetStore(options: { keepProperties?: boolean } = {}): void {
  assignSlice('session', initialSession());
  assignSlice('balances', initialBalances());
  assignSlice('currency', initialCurrency());
  assignSlice('promotions', initialPromotions());
  assignSlice('dialogs', { stack: [], results: {} });
  assignSlice('ui', { navigating: false, loadingOverlay: null, menuOpen: false });
  assignSlice('payment', initialPayment());
  assignSlice('games', initialGames());
  if (!options.keepProperties) assignSlice('properties', { values: {} });
}
