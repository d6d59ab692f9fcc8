/** The account pages' dialogs (spec section 4: confirm full name {confirmFullName}, close account {confirmedClose}). */
export const ACCOUNT_DIALOGS = {
  confirmFullName: 'confirm-full-name',
  closeAccount: 'close-account',
} as const;
