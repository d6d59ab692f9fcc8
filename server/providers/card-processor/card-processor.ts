/**
 * The card processor as the payments feature sees it. The shape follows the common processor
 * model: customers, setup intents (save a card with a client secret the browser gives to the
 * processor's hosted fields), payment methods, payment intents (with 3-D Secure as
 * `requires_action` + a challenge URL) and signed webhooks. This build ships the sandbox
 * implementation (./sandbox-client.ts); a real processor plugs in by implementing this interface.
 */

export interface CardDetails {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

export interface ProcessorPaymentMethod {
  id: string;
  customer: string | null;
  card: CardDetails;
}

export interface ProcessorError {
  /** card_declined, expired_card, incorrect_cvc, processing_error, payment_intent_authentication_failure, purchase_limit ... */
  code: string;
  /** Decline code: generic_decline, insufficient_funds, fraudulent, ... or the provider limit code '71' / '82' / '93'. */
  decline_code: string | null;
  message: string;
}

export type PaymentIntentStatus =
  'requires_action' | 'processing' | 'succeeded' | 'requires_payment_method' | 'canceled';

export interface ProcessorPaymentIntent {
  id: string;
  status: PaymentIntentStatus;
  /** USD cents. */
  amount: number;
  currency: 'usd';
  customer: string | null;
  payment_method: ProcessorPaymentMethod | null;
  /** 3-D Secure challenge page (requires_action). */
  next_action: { redirect_url: string } | null;
  last_payment_error: ProcessorError | null;
  metadata: Record<string, string>;
  created: number;
  /** USD cents given back to the card (0 or absent: none). */
  amount_refunded?: number;
}

export interface ProcessorSetupIntent {
  id: string;
  client_secret: string;
  status: 'requires_payment_method' | 'succeeded' | 'canceled';
  customer: string;
  payment_method: ProcessorPaymentMethod | null;
  last_setup_error: ProcessorError | null;
}

export interface CreatePaymentIntentInput {
  amountCents: number;
  customer: string;
  /** A saved payment method of the customer, or a single-use token from the hosted fields. */
  paymentMethod?: string;
  token?: string;
  /** Attach the token's card to the customer for later use. */
  savePaymentMethod?: boolean;
  /** 'any' asks for a 3-D Secure challenge even when the card would not require one. */
  threeDSecure: 'automatic' | 'any';
  metadata: Record<string, string>;
  /** Sent as the processor's Idempotency-Key: a retried create returns the first intent. */
  idempotencyKey: string;
}

export interface WebhookEvent<T = unknown> {
  id: string;
  type: string;
  created: number;
  data: { object: T };
}

/** The processor refused a request (bad input or a declined card in a synchronous call). */
export class CardProcessorRequestError extends Error {
  constructor(
    readonly status: number,
    readonly error: ProcessorError,
  ) {
    super(error.message);
    this.name = 'CardProcessorRequestError';
  }
}

/** The processor did not answer (network, 5xx): nothing is known about the request's effect. */
export class CardProcessorUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CardProcessorUnavailableError';
  }
}

export interface CardProcessorPublicConfig {
  name: string;
  publishableKey: string;
  origin: string;
  hostedFieldsUrl: string;
}

export interface CardProcessor {
  readonly name: string;
  publicConfig(): CardProcessorPublicConfig;
  createCustomer(input: { userId: string; email: string }): Promise<{ id: string }>;
  createSetupIntent(customer: string): Promise<ProcessorSetupIntent>;
  retrieveSetupIntent(id: string): Promise<ProcessorSetupIntent>;
  detachPaymentMethod(id: string): Promise<void>;
  createPaymentIntent(input: CreatePaymentIntentInput): Promise<ProcessorPaymentIntent>;
  retrievePaymentIntent(id: string): Promise<ProcessorPaymentIntent>;
  /**
   * The newest payment intent created with this metadata value, or null. Finds the intent of a
   * purchase whose create answer was lost (server stopped between the call and storing its id).
   */
  findPaymentIntentByMetadata(key: string, value: string): Promise<ProcessorPaymentIntent | null>;
  /** Abandons an intent still waiting for the card holder (3-D Secure); answers it as it ends up. */
  cancelPaymentIntent(id: string): Promise<ProcessorPaymentIntent>;
  /**
   * Gives a captured payment back to the card in full. Idempotent on the key; an intent already
   * refunded answers as it is.
   */
  refundPaymentIntent(id: string, idempotencyKey: string): Promise<ProcessorPaymentIntent>;
  /** Checks the signature header of a webhook against the raw body; returns the event or null when not genuine. */
  verifyWebhook(rawBody: string, signatureHeader: string | undefined, nowMs: number): WebhookEvent | null;
}
