/**
 * The prize-out sandbox: payouts created with an idempotency key and decided by test data in the
 * recipient's email, as test cards decide card outcomes (docs/redemption.md, "Prize-out payouts"):
 *
 *   …+refuse@…    refused: the provider will not pay this recipient (the API refunds the Sweeps)
 *   …+lost@…      paid, but the first answer is lost (503 after the payout is recorded); the same
 *                 key again answers the payout made the first time
 *   …+pending@…   processing, paid once the settle time has passed (the API polls it)
 *   any other     paid at once
 *
 * State lives in memory and, when a file is given, in DATA_DIR/prizeout-sandbox.json.
 */
import { randomBytes } from 'node:crypto';
import { SandboxState } from '../../card-processor/sandbox/sandbox-state.ts';
import type { PrizeOutPayout } from '../prize-out-provider.ts';

export type PayoutScenario = 'paid' | 'refuse' | 'lost' | 'pending';

export function scenarioOf(email: string): PayoutScenario {
  const local = email.split('@')[0]!.toLowerCase();
  if (local.includes('+refuse')) return 'refuse';
  if (local.includes('+lost')) return 'lost';
  if (local.includes('+pending')) return 'pending';
  return 'paid';
}

export const REFUSAL_REASON = 'this email cannot receive prizes';
/** Payouts kept; the oldest are dropped beyond this (a sandbox, not an archive). */
const MAX_PAYOUTS = 20_000;

interface StoredPayout extends PrizeOutPayout {
  idempotency_key: string;
  /** The create request's body as received, to refuse the same key with another body. */
  fingerprint: string;
  created_at: number;
  settles_at: number | null;
  /** The create calls this payout answered (a "lost" one loses the first answer). */
  create_calls: number;
}

interface SandboxData {
  payouts: Record<string, StoredPayout>;
  /** idempotency key -> payout id */
  keys: Record<string, string>;
}

export interface CreateRequest {
  idempotencyKey: string;
  reference: string;
  email: string;
  amountCents: number;
}

export type CreateOutcome =
  { kind: 'created' | 'replayed'; payout: PrizeOutPayout } | { kind: 'answer_lost' } | { kind: 'key_reused' };

export interface PrizeOutSandboxOptions {
  secretKey: string;
  stateFile: string | null;
  now: () => number;
  /** How long a "+pending" payout stays processing. */
  settleMs: number;
}

const publicView = (p: StoredPayout): PrizeOutPayout => ({
  id: p.id,
  status: p.status,
  amount_cents: p.amount_cents,
  email: p.email,
  reference: p.reference,
  refusal_reason: p.refusal_reason,
});

export class PrizeOutSandbox {
  readonly secretKey: string;
  private readonly state: SandboxState<SandboxData>;

  constructor(private readonly o: PrizeOutSandboxOptions) {
    this.secretKey = o.secretKey;
    this.state = new SandboxState<SandboxData>(o.stateFile, () => ({ payouts: {}, keys: {} }));
  }

  /** Settles a processing payout whose time has come (called on every read). */
  private settle(p: StoredPayout): StoredPayout {
    if (p.status === 'processing' && p.settles_at !== null && this.o.now() >= p.settles_at) {
      p.status = 'paid';
      this.state.save();
    }
    return p;
  }

  create(req: CreateRequest): CreateOutcome {
    const fingerprint = JSON.stringify([req.reference, req.email, req.amountCents]);
    const existingId = this.state.data.keys[req.idempotencyKey];
    const existing = existingId ? this.state.data.payouts[existingId] : undefined;
    if (existing) {
      if (existing.fingerprint !== fingerprint) return { kind: 'key_reused' };
      existing.create_calls += 1;
      this.state.save();
      return { kind: 'replayed', payout: publicView(this.settle(existing)) };
    }
    const scenario = scenarioOf(req.email);
    const now = this.o.now();
    const payout: StoredPayout = {
      id: `po_${randomBytes(12).toString('hex')}`,
      status: scenario === 'refuse' ? 'refused' : scenario === 'pending' ? 'processing' : 'paid',
      amount_cents: req.amountCents,
      email: req.email,
      reference: req.reference,
      refusal_reason: scenario === 'refuse' ? REFUSAL_REASON : null,
      idempotency_key: req.idempotencyKey,
      fingerprint,
      created_at: now,
      settles_at: scenario === 'pending' ? now + this.o.settleMs : null,
      create_calls: 1,
    };
    this.state.data.payouts[payout.id] = payout;
    this.state.data.keys[req.idempotencyKey] = payout.id;
    this.prune();
    this.state.save();
    // The payout is made; only the answer does not reach the caller.
    if (scenario === 'lost') return { kind: 'answer_lost' };
    return { kind: 'created', payout: publicView(payout) };
  }

  get(id: string): PrizeOutPayout | null {
    const p = this.state.data.payouts[id];
    return p ? publicView(this.settle(p)) : null;
  }

  /** Every payout, newest first (the sandbox's dashboard and the tests). */
  list(): (PrizeOutPayout & { created_at: number; create_calls: number })[] {
    return Object.values(this.state.data.payouts)
      .map((p) => ({ ...publicView(this.settle(p)), created_at: p.created_at, create_calls: p.create_calls }))
      .sort((a, b) => b.created_at - a.created_at);
  }

  private prune(): void {
    const all = Object.values(this.state.data.payouts);
    if (all.length <= MAX_PAYOUTS) return;
    all.sort((a, b) => a.created_at - b.created_at);
    for (const p of all.slice(0, all.length - MAX_PAYOUTS)) {
      delete this.state.data.payouts[p.id];
      delete this.state.data.keys[p.idempotency_key];
    }
  }
}
