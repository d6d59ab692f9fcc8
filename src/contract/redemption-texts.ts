/**
 * Fixed texts of the redemption rules (docs/redemption.md), re-exported by ./redemption.ts. Mostly
 * the server's refusals and the operator's steps: kept out of redemption.ts so the redeem pages
 * carry only the few they show (./redemption-page-texts.ts, included here too).
 */
import { REDEMPTION_PAGE_TEXTS } from './redemption-page-texts.ts';

export const REDEMPTION_TEXTS = {
  ...REDEMPTION_PAGE_TEXTS,
  identityVerificationRedemption:
    'Please verify your identity before you redeem Sweeps Coins. It takes a few minutes in My Account.',
  addressRequired: 'Please add your billing address before you redeem Sweeps Coins.',
  stateExcluded: 'At the current time we do not allow redemptions from the state of {state}',
  limitReached:
    'You have reached the redemption limit for this sweepstakes entry period. You can redeem again after {until}.',
  ewalletEmailInUse:
    'This PayPal email is already used by another account. Please use the PayPal account that belongs to you.',
  ewalletEmailMismatch:
    'This PayPal email does not match the e-wallet on your account ({email}). Redemptions go to that e-wallet only; contact support to change it.',
  ewalletNotSet:
    'Cash out pays to the PayPal e-wallet on your account. Please make a first redemption by PayPal.',
  prizeoutEmailNotConfirmed: 'Please confirm the email your prize-out will be sent to.',
  notFound: 'This redemption was not found.',
  notCancellable: 'Only a pending redemption can be cancelled. This one is {status}.',
  illegalTransition: 'A {status} redemption cannot be marked {to}.',
  prizeoutRefused: 'The prize-out provider refused this prize ({reason}). Your Sweeps Coins are back.',
  prizeoutUnavailable:
    'The prize-out provider did not answer. The redemption stays approved; send it again (it is never paid twice).',
  prizeoutByProvider:
    'A prize-out is sent and marked paid by the prize-out provider: approve it, or send it again if the provider did not answer.',
  withdrawalDataSecret:
    'A bank account number is never kept between visits. It is asked for again when you redeem.',
} as const;
