/** Texts of the loading overlay: the default and the payment steps' (spec section 2). */
export const DEFAULT_LOADING_TEXT = 'Loading...';

export const SPINNER_MESSAGES = {
  loadingPaymentProcessor: 'Loading payment processor...',
  addingCreditCard: 'Adding credit card...',
  processingPayment: 'Processing payment...',
} as const;
