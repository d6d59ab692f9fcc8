/**
 * The card processor and pay-by-bank provider the payment routes and the reconciliation job call:
 * the ones given in the server's dependencies (`AppDeps.providers`; the sandboxes of
 * server/providers/sandboxes.ts in this build).
 */
import type { AppDeps } from '../../core/deps.ts';
import type { CardProcessor } from '../../providers/card-processor/card-processor.ts';
import type { PayByBankProvider } from '../../providers/pay-by-bank/pay-by-bank.ts';

export interface PaymentProviders {
  card: CardProcessor;
  bank: PayByBankProvider;
}

export const paymentProviders = (deps: AppDeps): PaymentProviders => ({
  card: deps.providers.card,
  bank: deps.providers.bank,
});
