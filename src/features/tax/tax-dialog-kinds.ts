/** The W-9 dialogs this feature opens (kinds of src/state/dialog-kinds.ts). */
export const TAX_DIALOGS = {
  /** The W-9 info dialog { zipCode, ssnLastFour }; close result { outcome } once decided. */
  info: 'w9-info',
  /** W-9 confirmed: closes to the lobby. */
  confirmed: 'w9-confirmed',
  /** W-9 info mismatched (account suspended): closes to logout. */
  mismatch: 'w9-mismatch',
} as const;
