/** UI flag actions: loading overlay text, menu open state, navigation flag. */
import { store } from './store.ts';

export const DEFAULT_LOADING_TEXT = 'Loading...';

/** Spec section 2: spinner messages used during payments. */
export const SPINNER_MESSAGES = {
  loadingPaymentProcessor: 'Loading payment processor...',
  addingCreditCard: 'Adding credit card...',
  processingPayment: 'Processing payment...',
} as const;

export function showLoadingOverlay(text: string = DEFAULT_LOADING_TEXT): void {
  store.ui.loadingOverlay = text;
}

export function hideLoadingOverlay(): void {
  store.ui.loadingOverlay = null;
}

export function setMenuOpen(open: boolean): void {
  store.ui.menuOpen = open;
}

export function setNavigating(navigating: boolean): void {
  if (store.ui.navigating !== navigating) store.ui.navigating = navigating;
}
