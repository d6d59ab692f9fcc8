/**
 * Pay-by-bank (instant bank payment authorised at the player's bank) as the payments feature
 * sees it: create a payment for an amount and a phone, send the player to the bank's
 * authorization page, then learn the outcome by status check or signed webhook. This build
 * ships the sandbox (./sandbox-client.ts); a real provider plugs in by implementing this.
 */
import type { WebhookEvent } from '../card-processor/card-processor.ts';

export type BankPaymentStatus = 'pending_authorization' | 'processing' | 'succeeded' | 'failed' | 'refunded';

/**
 * The bank account a payment was authorised from, as the provider names it: an opaque identifier
 * that is the same for every payment from that account, whoever's bank login authorised it, and
 * the last four digits to show. Never the account number.
 */
export interface BankAccountRef {
  id: string;
  last4: string;
}

export interface BankPayment {
  id: string;
  status: BankPaymentStatus;
  /** USD cents. */
  amount: number;
  /** The bank's authorization page (pending_authorization). */
  authorization_url: string | null;
  /** user_declined, insufficient_funds, account_not_supported, expired, bank_unavailable. */
  error_code: string | null;
  metadata: Record<string, string>;
  /** Known once the player authorised the payment at the bank (null before). */
  bank_account: BankAccountRef | null;
}

export interface CreateBankPaymentInput {
  amountCents: number;
  /** 10 digits. */
  phone: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export class PayByBankUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PayByBankUnavailableError';
  }
}

export class PayByBankRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'PayByBankRequestError';
  }
}

export interface PayByBankProvider {
  readonly name: string;
  publicConfig(): { name: string; origin: string };
  createPayment(input: CreateBankPaymentInput): Promise<BankPayment>;
  retrievePayment(id: string): Promise<BankPayment>;
  /** The newest payment created with this metadata value, or null (a create answer that was lost). */
  findPaymentByMetadata(key: string, value: string): Promise<BankPayment | null>;
  /**
   * Gives a payment back to the payer: an authorised payment not yet settled is voided, a settled
   * one is returned. Idempotent on the key; a payment already given back answers as it is.
   */
  refundPayment(id: string, idempotencyKey: string): Promise<BankPayment>;
  verifyWebhook(rawBody: string, signatureHeader: string | undefined, nowMs: number): WebhookEvent | null;
}
