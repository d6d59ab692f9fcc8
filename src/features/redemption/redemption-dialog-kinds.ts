/** The redemption dialogs (spec section 4) and their close results. */
export const REDEMPTION_DIALOGS = {
  /** {confirmedRedemption}: the last look before a request is sent. */
  confirmRedemption: 'confirm-redemption',
  /** {emailConfirmed}: the email a prize-out is sent to. */
  prizeoutEmail: 'prizeout-email',
  /** {confirmCancel, redemptionID}: cancelling a pending redemption. */
  cancelRedemption: 'cancel-redemption',
} as const;
