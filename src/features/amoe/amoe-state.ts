/**
 * AMOE state of spec section 3 (amount_ghc, amount_gld, postalRequestCode, errorCode): the last
 * postal request code asked for and the last redemption's outcome, which the AMOE dialog shows.
 * Kept in memory only: nothing here is worth restoring after a reload.
 */
import { proxy } from 'valtio';

export interface AmoeState {
  amount_ghc: number | null;
  amount_gld: number | null;
  postalRequestCode: string | null;
  errorCode: string | null;
}

export const amoeState = proxy<AmoeState>({
  amount_ghc: null,
  amount_gld: null,
  postalRequestCode: null,
  errorCode: null,
});

export function setPostalRequestCode(code: string): void {
  amoeState.postalRequestCode = code;
}

export function setRedeemOutcome(
  outcome: { amount_ghc: number; amount_gld: number } | { errorCode: string },
): void {
  if ('errorCode' in outcome) {
    amoeState.amount_ghc = null;
    amoeState.amount_gld = null;
    amoeState.errorCode = outcome.errorCode;
  } else {
    amoeState.amount_ghc = outcome.amount_ghc;
    amoeState.amount_gld = outcome.amount_gld;
    amoeState.errorCode = null;
  }
}
