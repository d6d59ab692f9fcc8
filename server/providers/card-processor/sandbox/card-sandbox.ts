/**
 * The card processor sandbox's backend: what a real processor keeps on its side. Stores
 * customers, single-use tokens, payment methods, setup intents and payment intents (state in
 * SandboxState, written through to DATA_DIR/card-sandbox.json), runs the 3-D Secure challenge,
 * settles payments after a short delay (processing -> succeeded, like an asynchronous capture),
 * enforces per-customer velocity limits (provider limits 71/82/93) and sends signed webhooks.
 * Card numbers stay here; the merchant (our API) only ever sees tokens and last4.
 */
import { randomBytes } from 'node:crypto';
import { PROVIDER_PURCHASE_LIMIT_CODES } from '../../../../src/contract/payments.ts';
import type {
  CardDetails,
  ProcessorError,
  ProcessorPaymentIntent,
  ProcessorPaymentMethod,
  ProcessorSetupIntent,
} from '../card-processor.ts';
import { SandboxState } from './sandbox-state.ts';
import { behaviorOf, validateCard, type RawCard } from './test-cards.ts';
import { WebhookOutbox } from './webhook-outbox.ts';

export interface CardSandboxOptions {
  /** Origin the sandbox pages are served from (hosted fields, 3-D Secure challenge). */
  origin: string;
  /** Our app's origin: the only parent allowed to frame the pages and exchange messages. */
  merchantOrigin: string;
  publishableKey: string;
  secretKey: string;
  webhookSecret: string;
  /** JSON file for the state; null keeps it in memory (tests). */
  stateFile: string | null;
  now: () => number;
  /** Time from 'processing' to 'succeeded'. */
  settleDelayMs: number;
  /** Deliver webhooks in the background (server) or only on flush() (tests). */
  autoDeliver: boolean;
  /** Velocity limits per customer in USD cents (rolling 24 h / 7 d / 30 d). */
  limitsCents?: { daily: number; weekly: number; monthly: number };
}

interface StoredPaymentMethod extends ProcessorPaymentMethod {
  number: string;
}
interface StoredToken {
  id: string;
  used: boolean;
  created: number;
  pm: Omit<StoredPaymentMethod, 'id' | 'customer'>;
}
interface StoredPaymentIntent extends Omit<ProcessorPaymentIntent, 'payment_method'> {
  payment_method_id: string | null;
  challenge_secret: string | null;
  settle_at: number | null;
}
interface StoredSetupIntent extends Omit<ProcessorSetupIntent, 'payment_method'> {
  payment_method_id: string | null;
  created: number;
}
interface CardSandboxData {
  customers: Record<string, { id: string; metadata: Record<string, string>; created: number }>;
  tokens: Record<string, StoredToken>;
  paymentMethods: Record<string, StoredPaymentMethod>;
  setupIntents: Record<string, StoredSetupIntent>;
  paymentIntents: Record<string, StoredPaymentIntent>;
  idempotency: Record<string, string>;
}

/** An error the sandbox API answers with its HTTP status. */
export class SandboxApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: ProcessorError & { param?: string },
  ) {
    super(error.message);
  }
}

const id = (prefix: string): string => `${prefix}_${randomBytes(12).toString('hex')}`;
const DAY_MS = 24 * 3600_000;
const TOKEN_TTL_MS = 15 * 60_000;
export const DEFAULT_SANDBOX_LIMITS_CENTS = { daily: 250_000, weekly: 500_000, monthly: 1_000_000 };

export class CardSandbox {
  readonly state: SandboxState<CardSandboxData>;
  readonly webhooks: WebhookOutbox;
  private readonly limits: { daily: number; weekly: number; monthly: number };

  constructor(readonly options: CardSandboxOptions) {
    this.state = new SandboxState<CardSandboxData>(options.stateFile, () => ({
      customers: {},
      tokens: {},
      paymentMethods: {},
      setupIntents: {},
      paymentIntents: {},
      idempotency: {},
    }));
    this.webhooks = new WebhookOutbox(options.webhookSecret, options.now, options.autoDeliver);
    this.limits = options.limitsCents ?? DEFAULT_SANDBOX_LIMITS_CENTS;
  }

  private get d(): CardSandboxData {
    return this.state.data;
  }

  private publicPm(pmId: string | null): ProcessorPaymentMethod | null {
    const pm = pmId ? this.d.paymentMethods[pmId] : undefined;
    if (!pm) return null;
    return { id: pm.id, customer: pm.customer, card: { ...pm.card } };
  }

  private publicIntent(pi: StoredPaymentIntent): ProcessorPaymentIntent {
    return {
      id: pi.id,
      status: pi.status,
      amount: pi.amount,
      currency: pi.currency,
      customer: pi.customer,
      payment_method: this.publicPm(pi.payment_method_id),
      next_action: pi.next_action,
      last_payment_error: pi.last_payment_error,
      metadata: pi.metadata,
      created: pi.created,
      amount_refunded: pi.amount_refunded ?? 0,
    };
  }

  private publicSetup(si: StoredSetupIntent): ProcessorSetupIntent {
    return {
      id: si.id,
      client_secret: si.client_secret,
      status: si.status,
      customer: si.customer,
      payment_method: this.publicPm(si.payment_method_id),
      last_setup_error: si.last_setup_error,
    };
  }

  private event(type: string, object: unknown): void {
    this.webhooks.enqueue({
      id: id('evt'),
      type,
      created: Math.floor(this.options.now() / 1000),
      data: { object },
    });
  }

  // ------------------------------------------------------------------ keys

  checkSecretKey(header: string | undefined): void {
    if (header !== `Bearer ${this.options.secretKey}`)
      throw new SandboxApiError(401, {
        code: 'invalid_api_key',
        decline_code: null,
        message: 'Invalid API key.',
      });
  }

  checkPublishableKey(key: string | undefined): void {
    if (key !== this.options.publishableKey)
      throw new SandboxApiError(401, {
        code: 'invalid_api_key',
        decline_code: null,
        message: 'Invalid publishable key.',
      });
  }

  // ------------------------------------------------------------------ customers, tokens, payment methods

  createCustomer(metadata: Record<string, string>): { id: string } {
    const c = { id: id('cus'), metadata, created: this.options.now() };
    this.d.customers[c.id] = c;
    this.state.save();
    return { id: c.id };
  }

  /** Tokenization from the hosted fields: validates the card and answers a single-use token. */
  createToken(raw: RawCard): { id: string; card: CardDetails } {
    const checked = validateCard(raw, new Date(this.options.now()));
    if ('error' in checked) throw new SandboxApiError(402, checked.error);
    const { card } = checked;
    const details: CardDetails = {
      brand: card.brand,
      last4: card.number.slice(-4),
      exp_month: card.exp_month,
      exp_year: card.exp_year,
    };
    const token: StoredToken = {
      id: id('tok'),
      used: false,
      created: this.options.now(),
      pm: { number: card.number, card: details },
    };
    this.d.tokens[token.id] = token;
    this.state.save();
    return { id: token.id, card: details };
  }

  private consumeToken(tokenId: string, customer: string | null): StoredPaymentMethod {
    const token = this.d.tokens[tokenId];
    if (!token || token.used || this.options.now() - token.created > TOKEN_TTL_MS)
      throw new SandboxApiError(400, {
        code: 'token_already_used',
        decline_code: null,
        message: 'This card token was already used or has expired. Please enter the card again.',
      });
    token.used = true;
    const pm: StoredPaymentMethod = { id: id('pm'), customer, number: token.pm.number, card: token.pm.card };
    this.d.paymentMethods[pm.id] = pm;
    return pm;
  }

  retrievePaymentMethod(pmId: string): ProcessorPaymentMethod {
    const pm = this.publicPm(pmId);
    if (!pm) throw this.missing('payment_method', pmId);
    return pm;
  }

  detachPaymentMethod(pmId: string): void {
    const pm = this.d.paymentMethods[pmId];
    if (!pm) throw this.missing('payment_method', pmId);
    pm.customer = null;
    this.state.save();
  }

  private missing(kind: string, what: string): SandboxApiError {
    return new SandboxApiError(404, {
      code: 'resource_missing',
      decline_code: null,
      message: `No such ${kind}: '${what}'`,
    });
  }

  // ------------------------------------------------------------------ setup intents (saving a card)

  createSetupIntent(customer: string): ProcessorSetupIntent {
    if (!this.d.customers[customer]) throw this.missing('customer', customer);
    const siId = id('seti');
    const si: StoredSetupIntent = {
      id: siId,
      client_secret: `${siId}_secret_${randomBytes(16).toString('hex')}`,
      status: 'requires_payment_method',
      customer,
      payment_method_id: null,
      last_setup_error: null,
      created: this.options.now(),
    };
    this.d.setupIntents[si.id] = si;
    this.state.save();
    return this.publicSetup(si);
  }

  retrieveSetupIntent(siId: string): ProcessorSetupIntent {
    const si = this.d.setupIntents[siId];
    if (!si) throw this.missing('setup_intent', siId);
    return this.publicSetup(si);
  }

  /** From the hosted fields (publishable key + client secret): saves the entered card on the customer. */
  confirmSetupIntent(clientSecret: string, raw: RawCard): ProcessorSetupIntent {
    const siId = clientSecret.split('_secret_')[0] ?? '';
    const si = this.d.setupIntents[siId];
    if (!si || si.client_secret !== clientSecret)
      throw new SandboxApiError(400, {
        code: 'setup_intent_invalid',
        decline_code: null,
        message: 'This card form has expired. Please start again.',
      });
    if (si.status === 'succeeded')
      throw new SandboxApiError(400, {
        code: 'setup_intent_unexpected_state',
        decline_code: null,
        message: 'This card was already saved.',
      });
    const checked = validateCard(raw, new Date(this.options.now()));
    if ('error' in checked) throw new SandboxApiError(402, checked.error);
    const behavior = behaviorOf(checked.card.number);
    // Saving a card checks it with the issuer: a card that is refused outright cannot be saved.
    // (An insufficient-funds card can be saved; the decline comes with a payment.)
    if (behavior.kind === 'decline' && behavior.decline_code !== 'insufficient_funds') {
      si.last_setup_error = {
        code: 'card_declined',
        decline_code: behavior.decline_code,
        message: 'Your card was declined.',
      };
      this.state.save();
      throw new SandboxApiError(402, si.last_setup_error);
    }
    const pm: StoredPaymentMethod = {
      id: id('pm'),
      customer: si.customer,
      number: checked.card.number,
      card: {
        brand: checked.card.brand,
        last4: checked.card.number.slice(-4),
        exp_month: checked.card.exp_month,
        exp_year: checked.card.exp_year,
      },
    };
    this.d.paymentMethods[pm.id] = pm;
    si.status = 'succeeded';
    si.payment_method_id = pm.id;
    si.last_setup_error = null;
    this.state.save();
    const answer = this.publicSetup(si);
    this.event('setup_intent.succeeded', answer);
    return answer;
  }

  // ------------------------------------------------------------------ payment intents

  private settleDue(): void {
    const now = this.options.now();
    let changed = false;
    for (const pi of Object.values(this.d.paymentIntents)) {
      if (pi.status === 'processing' && pi.settle_at !== null && pi.settle_at <= now) {
        pi.status = 'succeeded';
        pi.settle_at = null;
        changed = true;
        this.event('payment_intent.succeeded', this.publicIntent(pi));
      }
    }
    if (changed) this.state.save();
  }

  private startProcessing(pi: StoredPaymentIntent): void {
    pi.status = 'processing';
    pi.next_action = null;
    pi.settle_at = this.options.now() + this.options.settleDelayMs;
    if (this.options.autoDeliver) {
      const t = setTimeout(() => this.settleDue(), this.options.settleDelayMs + 5);
      t.unref?.();
    }
  }

  private fail(pi: StoredPaymentIntent, error: ProcessorError): void {
    pi.status = 'requires_payment_method';
    pi.next_action = null;
    pi.last_payment_error = error;
    this.event('payment_intent.payment_failed', this.publicIntent(pi));
  }

  /** Amount of this customer's captured or capturing payments since `sinceMs`. */
  private spentSince(customer: string, sinceMs: number): number {
    return Object.values(this.d.paymentIntents)
      .filter(
        (pi) =>
          pi.customer === customer &&
          pi.created * 1000 >= sinceMs &&
          (pi.status === 'processing' || pi.status === 'succeeded'),
      )
      .reduce((sum, pi) => sum + pi.amount, 0);
  }

  private limitError(customer: string, amount: number): ProcessorError | null {
    const now = this.options.now();
    const checks: Array<[number, number, number]> = [
      [DAY_MS, this.limits.daily, PROVIDER_PURCHASE_LIMIT_CODES.daily],
      [7 * DAY_MS, this.limits.weekly, PROVIDER_PURCHASE_LIMIT_CODES.weekly],
      [30 * DAY_MS, this.limits.monthly, PROVIDER_PURCHASE_LIMIT_CODES.monthly],
    ];
    for (const [window, limit, code] of checks) {
      if (this.spentSince(customer, now - window) + amount > limit)
        return {
          code: 'purchase_limit',
          decline_code: String(code),
          message: 'This purchase is over the purchase limit set by the payment provider.',
        };
    }
    return null;
  }

  createPaymentIntent(
    input: {
      amount: number;
      customer: string;
      payment_method?: string;
      token?: string;
      save_payment_method?: boolean;
      request_three_d_secure?: 'automatic' | 'any';
      metadata?: Record<string, string>;
    },
    idempotencyKey: string | undefined,
  ): ProcessorPaymentIntent {
    if (idempotencyKey && this.d.idempotency[idempotencyKey]) {
      const first = this.d.paymentIntents[this.d.idempotency[idempotencyKey]];
      if (first) return this.publicIntent(first);
    }
    if (!Number.isInteger(input.amount) || input.amount < 50)
      throw new SandboxApiError(400, {
        code: 'amount_too_small',
        decline_code: null,
        message: 'Amount must be at least 50 cents.',
      });
    if (!this.d.customers[input.customer]) throw this.missing('customer', input.customer);
    let pm: StoredPaymentMethod;
    if (input.payment_method) {
      const found = this.d.paymentMethods[input.payment_method];
      if (!found || found.customer !== input.customer)
        throw this.missing('payment_method', input.payment_method);
      pm = found;
    } else if (input.token) {
      pm = this.consumeToken(input.token, input.save_payment_method ? input.customer : null);
    } else {
      throw new SandboxApiError(400, {
        code: 'parameter_missing',
        decline_code: null,
        message: 'A payment method or token is required.',
      });
    }
    const piId = id('pi');
    const pi: StoredPaymentIntent = {
      id: piId,
      status: 'requires_payment_method',
      amount: input.amount,
      currency: 'usd',
      customer: input.customer,
      payment_method_id: pm.id,
      next_action: null,
      last_payment_error: null,
      metadata: input.metadata ?? {},
      created: Math.floor(this.options.now() / 1000),
      challenge_secret: null,
      settle_at: null,
    };
    this.d.paymentIntents[pi.id] = pi;
    if (idempotencyKey) this.d.idempotency[idempotencyKey] = pi.id;
    const behavior = behaviorOf(pm.number);
    const limit = this.limitError(input.customer, input.amount);
    if (limit) {
      this.fail(pi, limit);
    } else if (behavior.kind === 'decline') {
      this.fail(pi, {
        code: 'card_declined',
        decline_code: behavior.decline_code,
        message: 'Your card was declined.',
      });
    } else if (behavior.kind === 'challenge' || input.request_three_d_secure === 'any') {
      pi.status = 'requires_action';
      pi.challenge_secret = randomBytes(16).toString('hex');
      pi.next_action = {
        redirect_url: `${this.options.origin}/card/3ds/${pi.id}?challenge=${pi.challenge_secret}`,
      };
    } else {
      this.startProcessing(pi);
    }
    this.state.save();
    return this.publicIntent(pi);
  }

  retrievePaymentIntent(piId: string): ProcessorPaymentIntent {
    this.settleDue();
    const pi = this.d.paymentIntents[piId];
    if (!pi) throw this.missing('payment_intent', piId);
    return this.publicIntent(pi);
  }

  /** Intents whose metadata has this value, newest first (settles those that are due). */
  listPaymentIntentsByMetadata(key: string, value: string): ProcessorPaymentIntent[] {
    this.settleDue();
    return Object.values(this.d.paymentIntents)
      .filter((pi) => pi.metadata[key] === value)
      .sort((a, b) => b.created - a.created)
      .map((pi) => this.publicIntent(pi));
  }

  /**
   * Abandons an intent still waiting for the card holder or a new payment method. An intent
   * already capturing or captured cannot be canceled (409); a canceled one answers as it is.
   */
  cancelPaymentIntent(piId: string): ProcessorPaymentIntent {
    this.settleDue();
    const pi = this.d.paymentIntents[piId];
    if (!pi) throw this.missing('payment_intent', piId);
    if (pi.status === 'canceled') return this.publicIntent(pi);
    if (pi.status !== 'requires_action' && pi.status !== 'requires_payment_method')
      throw new SandboxApiError(409, {
        code: 'payment_intent_unexpected_state',
        decline_code: null,
        message: `A payment intent in status ${pi.status} cannot be canceled.`,
      });
    pi.status = 'canceled';
    pi.next_action = null;
    pi.challenge_secret = null;
    pi.last_payment_error ??= {
      code: 'payment_intent_canceled',
      decline_code: 'abandoned',
      message: 'The payment was not completed in time.',
    };
    this.state.save();
    const answer = this.publicIntent(pi);
    this.event('payment_intent.canceled', answer);
    return answer;
  }

  /** Gives a captured payment back to the card in full; a refunded one answers as it is. */
  refundPaymentIntent(piId: string): ProcessorPaymentIntent {
    this.settleDue();
    const pi = this.d.paymentIntents[piId];
    if (!pi) throw this.missing('payment_intent', piId);
    if ((pi.amount_refunded ?? 0) >= pi.amount) return this.publicIntent(pi);
    if (pi.status !== 'succeeded')
      throw new SandboxApiError(409, {
        code: 'charge_not_captured',
        decline_code: null,
        message: `A payment intent in status ${pi.status} has nothing to refund.`,
      });
    pi.amount_refunded = pi.amount;
    this.state.save();
    const answer = this.publicIntent(pi);
    this.event('charge.refunded', answer);
    return answer;
  }

  /** The 3-D Secure page's view of an intent (amount, merchant); null when the challenge secret is wrong. */
  challengeInfo(piId: string, challenge: string): { amount: number; status: string; last4: string } | null {
    const pi = this.d.paymentIntents[piId];
    if (!pi || !pi.challenge_secret || pi.challenge_secret !== challenge) return null;
    const pm = pi.payment_method_id ? this.d.paymentMethods[pi.payment_method_id] : undefined;
    return { amount: pi.amount, status: pi.status, last4: pm?.card.last4 ?? '' };
  }

  /** Outcome of the challenge page: completed -> processing (then succeeded), failed -> declined. */
  completeChallenge(
    piId: string,
    challenge: string,
    outcome: 'completed' | 'failed',
  ): ProcessorPaymentIntent {
    const pi = this.d.paymentIntents[piId];
    if (!pi || !pi.challenge_secret || pi.challenge_secret !== challenge)
      throw new SandboxApiError(404, {
        code: 'resource_missing',
        decline_code: null,
        message: 'This verification is not known.',
      });
    if (pi.status !== 'requires_action')
      throw new SandboxApiError(409, {
        code: 'payment_intent_unexpected_state',
        decline_code: null,
        message: 'This payment was already verified.',
      });
    if (outcome === 'completed') this.startProcessing(pi);
    else
      this.fail(pi, {
        code: 'payment_intent_authentication_failure',
        decline_code: 'authentication_failed',
        message: 'The card holder did not complete 3-D Secure verification.',
      });
    this.state.save();
    return this.publicIntent(pi);
  }

  stop(): void {
    this.webhooks.stop();
  }
}
