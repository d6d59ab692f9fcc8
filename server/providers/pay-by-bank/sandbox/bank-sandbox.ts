/**
 * The pay-by-bank sandbox's backend ("Sandbox Bank"): payments waiting for the player's
 * authorization on the bank page, then processing and settling after a short delay, or failing
 * (declined at the bank, insufficient funds, authorization expired after 15 minutes). State in
 * DATA_DIR/bank-sandbox.json; outcomes are also sent as signed webhooks.
 */
import { createHash, randomBytes } from 'node:crypto';
import { SandboxState } from '../../card-processor/sandbox/sandbox-state.ts';
import { WebhookOutbox } from '../../card-processor/sandbox/webhook-outbox.ts';
import type { BankPayment } from '../pay-by-bank.ts';

export interface BankSandboxOptions {
  origin: string;
  merchantOrigin: string;
  secretKey: string;
  webhookSecret: string;
  stateFile: string | null;
  now: () => number;
  settleDelayMs: number;
  autoDeliver: boolean;
}

interface StoredBankPayment extends BankPayment {
  phone: string;
  token: string;
  created: number;
  settle_at: number | null;
}

/**
 * The accounts the authorization page offers. The bank login is the phone: `checking` is that
 * login's own account (the same account for every payment of that phone), `joint` is one joint
 * account every login of the sandbox can pay from (two people, one bank account), `empty` has no
 * money (insufficient funds).
 */
export const SANDBOX_BANK_ACCOUNTS = ['checking', 'joint', 'empty'] as const;
export type SandboxBankAccount = (typeof SANDBOX_BANK_ACCOUNTS)[number];

/** The bank's identifier of an account (what a real provider gives: stable, opaque). */
export function sandboxBankAccountRef(
  phone: string,
  account: SandboxBankAccount,
): BankPayment['bank_account'] {
  if (account === 'joint') return { id: 'ba_joint_4321', last4: '4321' };
  const digest = createHash('sha256').update(`${account}:${phone}`).digest('hex');
  return { id: `ba_${digest.slice(0, 24)}`, last4: account === 'checking' ? '6789' : '0000' };
}

export class BankSandboxError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const AUTHORIZATION_TTL_MS = 15 * 60_000;

export class BankSandbox {
  readonly state: SandboxState<{
    payments: Record<string, StoredBankPayment>;
    idempotency: Record<string, string>;
  }>;
  readonly webhooks: WebhookOutbox;

  constructor(readonly options: BankSandboxOptions) {
    this.state = new SandboxState(options.stateFile, () => ({ payments: {}, idempotency: {} }));
    this.webhooks = new WebhookOutbox(options.webhookSecret, options.now, options.autoDeliver);
  }

  checkSecretKey(header: string | undefined): void {
    if (header !== `Bearer ${this.options.secretKey}`)
      throw new BankSandboxError(401, 'invalid_api_key', 'Invalid API key.');
  }

  private view(p: StoredBankPayment): BankPayment {
    return {
      id: p.id,
      status: p.status,
      amount: p.amount,
      authorization_url: p.status === 'pending_authorization' ? p.authorization_url : null,
      error_code: p.error_code,
      metadata: p.metadata,
      bank_account: p.bank_account ?? null,
    };
  }

  private event(type: string, p: StoredBankPayment): void {
    this.webhooks.enqueue({
      id: `evt_${randomBytes(12).toString('hex')}`,
      type,
      created: Math.floor(this.options.now() / 1000),
      data: { object: this.view(p) },
    });
  }

  /** Moves payments whose time has come: settled captures, expired authorizations. */
  private advance(): void {
    const now = this.options.now();
    let changed = false;
    for (const p of Object.values(this.state.data.payments)) {
      if (p.status === 'processing' && p.settle_at !== null && p.settle_at <= now) {
        p.status = 'succeeded';
        p.settle_at = null;
        changed = true;
        this.event('payment.succeeded', p);
      } else if (p.status === 'pending_authorization' && now - p.created > AUTHORIZATION_TTL_MS) {
        p.status = 'failed';
        p.error_code = 'expired';
        changed = true;
        this.event('payment.failed', p);
      }
    }
    if (changed) this.state.save();
  }

  createPayment(
    input: { amount: number; phone: string; metadata: Record<string, string> },
    idempotencyKey: string | undefined,
  ): BankPayment {
    const d = this.state.data;
    if (idempotencyKey && d.idempotency[idempotencyKey]) {
      const first = d.payments[d.idempotency[idempotencyKey]];
      if (first) return this.view(first);
    }
    if (!Number.isInteger(input.amount) || input.amount < 100)
      throw new BankSandboxError(400, 'amount_too_small', 'Amount must be at least $1.00.');
    if (!/^\d{10}$/.test(input.phone))
      throw new BankSandboxError(400, 'invalid_phone', 'phone must be 10 digits.');
    const id = `bp_${randomBytes(12).toString('hex')}`;
    const token = randomBytes(16).toString('hex');
    const p: StoredBankPayment = {
      id,
      status: 'pending_authorization',
      amount: input.amount,
      authorization_url: `${this.options.origin}/bank/authorize/${id}?token=${token}`,
      error_code: null,
      metadata: input.metadata,
      bank_account: null,
      phone: input.phone,
      token,
      created: this.options.now(),
      settle_at: null,
    };
    d.payments[id] = p;
    if (idempotencyKey) d.idempotency[idempotencyKey] = id;
    this.state.save();
    return this.view(p);
  }

  retrievePayment(id: string): BankPayment {
    this.advance();
    const p = this.state.data.payments[id];
    if (!p) throw new BankSandboxError(404, 'resource_missing', `No such payment: '${id}'`);
    return this.view(p);
  }

  /** Payments whose metadata has this value, newest first (moves those whose time has come). */
  listPaymentsByMetadata(key: string, value: string): BankPayment[] {
    this.advance();
    return Object.values(this.state.data.payments)
      .filter((p) => p.metadata[key] === value)
      .sort((a, b) => b.created - a.created)
      .map((p) => this.view(p));
  }

  /** The authorization page's view; null when the token is wrong. */
  authorizationInfo(
    id: string,
    token: string,
  ): { amount: number; phone: string; status: string; reference: string } | null {
    this.advance();
    const p = this.state.data.payments[id];
    if (!p || p.token !== token) return null;
    return { amount: p.amount, phone: p.phone, status: p.status, reference: p.metadata.purchase_id ?? p.id };
  }

  authorize(
    id: string,
    token: string,
    outcome: 'approved' | 'declined' | 'insufficient_funds',
    account: SandboxBankAccount = 'checking',
  ): BankPayment {
    this.advance();
    const p = this.state.data.payments[id];
    if (!p || p.token !== token)
      throw new BankSandboxError(404, 'resource_missing', 'This bank authorization is not known.');
    if (p.status !== 'pending_authorization')
      throw new BankSandboxError(
        409,
        'already_authorized',
        'This payment was already answered or has expired.',
      );
    if (outcome === 'approved' && account === 'empty') outcome = 'insufficient_funds';
    p.bank_account = sandboxBankAccountRef(p.phone, account);
    if (outcome === 'approved') {
      p.status = 'processing';
      p.settle_at = this.options.now() + this.options.settleDelayMs;
      if (this.options.autoDeliver)
        setTimeout(() => this.advance(), this.options.settleDelayMs + 5).unref?.();
    } else {
      p.status = 'failed';
      p.error_code = outcome === 'declined' ? 'user_declined' : 'insufficient_funds';
      this.event('payment.failed', p);
    }
    this.state.save();
    return this.view(p);
  }

  /**
   * Gives a payment back: an authorised payment still processing is voided before it settles, a
   * settled one is returned. Once per key; a payment already given back answers as it is.
   */
  refundPayment(id: string, idempotencyKey: string | undefined): BankPayment {
    this.advance();
    const d = this.state.data;
    const p = d.payments[id];
    if (!p) throw new BankSandboxError(404, 'resource_missing', `No such payment: '${id}'`);
    if (p.status === 'refunded') return this.view(p);
    if (p.status !== 'processing' && p.status !== 'succeeded')
      throw new BankSandboxError(
        409,
        'payment_not_refundable',
        `A payment in status ${p.status} took no money and cannot be refunded.`,
      );
    p.status = 'refunded';
    p.settle_at = null;
    if (idempotencyKey) d.idempotency[`refund:${idempotencyKey}`] = id;
    this.state.save();
    this.event('payment.refunded', p);
    return this.view(p);
  }

  stop(): void {
    this.webhooks.stop();
  }
}
