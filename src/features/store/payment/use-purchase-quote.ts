/**
 * Pay-now's quote (GET /payments/quote): the cash balance the player may apply, the card fee the
 * operator passes through and what will be charged, computed by the server with the purchase's
 * own rules. The first quote (nothing applied) tells the cash balance; when the player applies it,
 * a second quote with the amount gives the fee on the remainder. The store keeps the spec's fields
 * (cashBalanceToApplyUSD, addCCFeesToPurchase, packageAssociatedCCFeesUSD).
 */
import { useEffect, useRef } from 'react';
import {
  PAYMENTS_API_PATHS,
  PurchaseQuoteSchema,
  type CoinPackage,
  type PurchaseQuote,
} from '../../../contract/payment-pages.ts';
import { useApiGet } from '../../../lib/swr.tsx';
import { store } from '../../../state/store.ts';
import { setPurchaseFunding } from '../../../state/payment-selection.ts';

type QuoteMethod = 'card' | 'pay_by_bank';

const purchaseQuotePath = (packageId: string, method: QuoteMethod, applyUsd: number): string =>
  `${PAYMENTS_API_PATHS.purchaseQuote}?${new URLSearchParams({
    package_id: packageId,
    method,
    apply_balance_usd: applyUsd.toFixed(2),
  }).toString()}`;

export interface PurchaseQuoteState {
  quote: PurchaseQuote | null;
  /** The cash balance the player has (USD), 0 until known. */
  cashBalanceUsd: number;
  /** The most of it this purchase may take (USD): 0 when none can be applied. */
  maxApplyUsd: number;
  /** USD applied from the cash balance (0 when the player did not choose to). */
  applyUsd: number;
  /** The balance pays the whole price: nothing is charged. */
  coveredByBalance: boolean;
  error: string | null;
  retry: () => void;
}

export function usePurchaseQuote(
  pkg: CoinPackage | null,
  method: QuoteMethod,
  applyBalance: boolean,
  /** A purchase is under way: when it ends (bought, refused, declined) the quote is asked again. */
  busy: boolean,
): PurchaseQuoteState {
  const options = { handleErrors: false, swr: { revalidateOnFocus: false } } as const;
  const plain = useApiGet(pkg ? purchaseQuotePath(pkg.id, method, 0) : null, PurchaseQuoteSchema, options);
  const cashBalanceUsd = plain.data?.cash_balance_usd ?? 0;
  // The server's most: all of the price, or what leaves the provider's smallest charge to pay.
  const maxApplyUsd = plain.data?.max_apply_usd ?? 0;
  const applyUsd = applyBalance && pkg ? maxApplyUsd : 0;
  const applied = useApiGet(
    pkg && applyUsd > 0 ? purchaseQuotePath(pkg.id, method, applyUsd) : null,
    PurchaseQuoteSchema,
    options,
  );
  const current = applyUsd > 0 ? applied : plain;
  // After a purchase attempt the cash balance may have changed (spent, or given back).
  const wasBusy = useRef(false);
  const refreshPlain = plain.mutate;
  const refreshApplied = applied.mutate;
  useEffect(() => {
    // Not for an account closed meanwhile: its session has ended (the closed-account flow signs out).
    if (wasBusy.current && !busy && !store.session.accountClosed) {
      void refreshPlain();
      void refreshApplied();
    }
    wasBusy.current = busy;
  }, [busy, refreshPlain, refreshApplied]);
  const quote = current.data ?? null;
  const balanceApplied = quote?.balance_applied_usd ?? 0;
  const cardFee = quote?.card_fee_usd ?? 0;
  useEffect(() => {
    setPurchaseFunding({ balanceAppliedUsd: balanceApplied, cardFeeUsd: cardFee });
  }, [balanceApplied, cardFee]);
  return {
    quote,
    cashBalanceUsd,
    maxApplyUsd,
    applyUsd,
    coveredByBalance: Boolean(quote && quote.balance_applied_usd > 0 && quote.charge_usd === 0),
    error: current.error ? current.error.message : null,
    retry: () => void current.mutate(),
  };
}
