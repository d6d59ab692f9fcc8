/**
 * Opens the dialog of spec section 8 for a purchase that did not go through. Outcomes the
 * page shows inline (a field error, a network problem with "Try again") return false.
 */
import {
  CANT_COMPLETE_PURCHASE_SUB_CODES,
  PAYMENT_ERROR_CODES,
  PAYMENT_TEXTS,
} from '../../../contract/payments.ts';
import { openDialog, openDialogOnce } from '../../../state/dialog-actions.ts';
import type { PurchaseOutcome } from '../../../state/payment-actions.ts';
import { PURCHASE_DIALOGS } from './purchase-dialog-kinds.ts';

export function showPurchaseOutcome(outcome: PurchaseOutcome): boolean {
  switch (outcome.kind) {
    case 'declined':
      openDialog(PURCHASE_DIALOGS.paymentError, {
        title: outcome.title,
        message: outcome.message,
        code: outcome.code,
        subCode: outcome.subCode,
        supportLink: outcome.supportLink,
      });
      return true;
    case 'fraud':
      openDialogOnce(PURCHASE_DIALOGS.paymentFraud);
      return true;
    case 'user-limit':
      openDialogOnce(PURCHASE_DIALOGS.purchaseLimit, { variant: 'user', code: outcome.code });
      return true;
    case 'provider-limit':
      openDialogOnce(PURCHASE_DIALOGS.purchaseLimit, { variant: 'provider', code: outcome.code });
      return true;
    case 'promo-locked':
      openDialog(PURCHASE_DIALOGS.paymentError, {
        title: 'Please Wait',
        message: outcome.message,
        supportLink: false,
      });
      return true;
    case 'closed-account': {
      // The closed-account flow: a closed account is signed out when the player closes the dialog;
      // a bank account of another player refuses only this payment (the account stays open).
      const bankInUse = outcome.subCode === CANT_COMPLETE_PURCHASE_SUB_CODES.achAccountInUse;
      openDialog(PURCHASE_DIALOGS.paymentError, {
        title: bankInUse ? 'Bank Account Already In Use' : 'Account Closed',
        message: outcome.message,
        code: PAYMENT_ERROR_CODES.CANT_COMPLETE_PURCHASE,
        subCode: outcome.subCode,
        supportLink: true,
        signOutOnClose: !bankInUse,
      });
      return true;
    }
    case 'user-error':
      openDialog(PURCHASE_DIALOGS.paymentError, {
        title: 'We Cannot Complete This Purchase',
        message: outcome.message,
        code: outcome.code,
        subCode: outcome.subCode,
        supportLink: true,
      });
      return true;
    case 'pay-by-bank':
      openDialog(PURCHASE_DIALOGS.payByBankError, {
        message: outcome.message,
        code: outcome.code,
        phoneInUse: outcome.phoneInUse,
      });
      return true;
    case 'identity-verification':
      // Registered by the app shell (the identity feature's dialog), shared with redemption.
      openDialogOnce(PURCHASE_DIALOGS.identityVerification, {
        reason: 'purchase',
        message: outcome.message || PAYMENT_TEXTS.identityVerificationPurchase,
      });
      return true;
    case 'store-disabled':
      openDialogOnce(PURCHASE_DIALOGS.coinStoreUnavailable);
      return true;
    case 'address-required':
      openDialogOnce(PURCHASE_DIALOGS.addressCollection, { reason: 'purchase' });
      return true;
    case 'generic':
      openDialogOnce('generic-error', { signedIn: true });
      return true;
    default:
      return false;
  }
}
