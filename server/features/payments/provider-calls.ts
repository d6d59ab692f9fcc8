/**
 * What the payment handlers share: the providers, their calls (an unreachable provider answers 503
 * and is logged; nothing is charged), the processor's customer of a player (created on first
 * need) and recording what a provider said about a purchase.
 */
import { transaction } from '../../db/transaction.ts';
import type { AppDeps } from '../../core/deps.ts';
import { CardProcessorUnavailableError } from '../../providers/card-processor/card-processor.ts';
import { PayByBankUnavailableError } from '../../providers/pay-by-bank/pay-by-bank.ts';
import { customerEmailOf, customerIdOf, keepCustomer } from './card-store.ts';
import { paymentProviders, type PaymentProviders } from './payment-providers.ts';
import { applyObservation, providerUnavailable, type Observation, type PurchaseRow } from './purchases.ts';
import { refundSoon } from './refunds.ts';

export interface PaymentCalls {
  providers: () => PaymentProviders;
  cardCall: <T>(fn: () => Promise<T>) => Promise<T>;
  bankCall: <T>(fn: () => Promise<T>) => Promise<T>;
  /** The processor's customer of this player, created on first need. */
  customerOf: (userId: string) => Promise<string>;
  observe: (purchaseId: string, o: Observation) => Promise<PurchaseRow | null>;
}

export function paymentCalls(deps: AppDeps): PaymentCalls {
  const { db } = deps;
  const providers = () => paymentProviders(deps);

  const unavailableAs =
    (isUnavailable: (error: unknown) => error is Error, what: string) =>
    async <T>(fn: () => Promise<T>): Promise<T> => {
      try {
        return await fn();
      } catch (error) {
        if (isUnavailable(error)) {
          deps.logger.warn(`${what} unavailable`, { error: error.message });
          throw providerUnavailable();
        }
        throw error;
      }
    };

  const customerOf = async (userId: string): Promise<string> => {
    const known = await customerIdOf(db, userId);
    if (known) return known;
    const email = await customerEmailOf(db, userId);
    const card = providers().card;
    const created = await card.createCustomer({ userId, email });
    return keepCustomer(db, userId, card.name, created.id);
  };

  return {
    providers,
    cardCall: unavailableAs((e): e is Error => e instanceof CardProcessorUnavailableError, 'card processor'),
    bankCall: unavailableAs((e): e is Error => e instanceof PayByBankUnavailableError, 'pay-by-bank'),
    customerOf,
    observe: async (purchaseId, o) => {
      const row = await transaction(db, (tx) => applyObservation(tx, deps, purchaseId, o));
      // A payment refused as it settled goes back to the payer now (the job retries a failure).
      await refundSoon(deps, row);
      return row;
    },
  };
}
