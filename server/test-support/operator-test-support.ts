/** Helpers of the operator console tests: an operator, and a browser-like client of the operator API. */
import { randomBytes, randomUUID } from 'node:crypto';
import { API_PREFIX } from '../../src/contract/api-paths.ts';
import { CSRF_HEADER } from '../../src/contract/constants.ts';
import { OPERATOR_API_PATHS } from '../../src/contract/operator.ts';
import type { JsonResponse, TestContext } from './test-app.ts';
import { newPostalRequestCode } from '../features/amoe/amoe-codes.ts';
import { holdForRedemption } from '../features/redemption/redemption-ledger.ts';
import { creditWin } from '../core/ledger/coin-rules.ts';
import { walletTransaction } from '../core/ledger/wallet-transaction.ts';
import { createOperator } from '../features/operator/operators.ts';

export const OPERATOR_PASSWORD = 'Console-Password-2026';

export async function newOperator(ctx: TestContext): Promise<{ id: string; email: string }> {
  const email = `op.${randomBytes(4).toString('hex')}@luckycrown.example`;
  const row = await createOperator(ctx.db, ctx.deps.hasher, {
    email,
    password: OPERATOR_PASSWORD,
    createdBy: null,
    nowMs: ctx.clock.now,
  });
  if (!row) throw new Error('operator not created');
  return { id: row.id, email };
}

/** Keeps the operator cookies, sends the operator CSRF token on unsafe requests. */
export class OperatorClient {
  cookies = new Map<string, string>();
  csrf: string | null = null;
  readonly ip: string;

  constructor(
    private readonly ctx: TestContext,
    ip?: string,
  ) {
    this.ip = ip ?? `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  }

  setCookieLines: string[] = [];

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    init: { body?: unknown; rawBody?: string; headers?: Record<string, string>; csrf?: boolean } = {},
  ): Promise<JsonResponse<T>> {
    const headers: Record<string, string> = { 'X-Forwarded-For': this.ip, ...init.headers };
    const unsafe = !['GET', 'HEAD'].includes(method);
    if (unsafe && init.csrf !== false) {
      if (this.csrf === null) await this.request('GET', OPERATOR_API_PATHS.csrf);
      headers[CSRF_HEADER] ??= this.csrf ?? '';
    }
    if (this.cookies.size > 0) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let body = init.rawBody;
    if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['Content-Type'] = 'application/json';
    }
    const res = await this.ctx.app.request(`${API_PREFIX}${path}`, { method, headers, body });
    this.setCookieLines = res.headers.getSetCookie();
    for (const line of this.setCookieLines) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = null;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    const out = { status: res.status, body: parsed as T, headers: res.headers };
    const token = (parsed as { csrf_token?: unknown } | null)?.csrf_token;
    if (typeof token === 'string') this.csrf = token;
    return out;
  }

  async signIn(email: string, password = OPERATOR_PASSWORD): Promise<JsonResponse> {
    return this.request('POST', OPERATOR_API_PATHS.session, { body: { email, password } });
  }
}

export async function signedInOperator(
  ctx: TestContext,
): Promise<{ id: string; email: string; client: OperatorClient }> {
  const op = await newOperator(ctx);
  const client = new OperatorClient(ctx);
  const res = await client.signIn(op.email);
  if (res.status !== 200)
    throw new Error(`operator sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...op, client };
}

export async function auditCount(ctx: TestContext): Promise<number> {
  const rows = await ctx.db.query<{ n: number | string }>('SELECT count(*) AS n FROM operator_audit');
  return Number(rows[0]!.n);
}

/** A pending PayPal redemption of `sweepsCents` won Sweeps, held in the ledger as a request holds it. */
export async function pendingRedemption(
  ctx: TestContext,
  userId: string,
  sweepsCents: number,
): Promise<string> {
  const id = randomUUID();
  const requestKey = `operator-test:${id}`;
  const createdAt = new Date(ctx.clock.now).toISOString();
  await walletTransaction(ctx.db, userId, async (tx) => {
    await creditWin(tx, {
      userId,
      currency: 'sweeps',
      amountMinor: sweepsCents,
      reference: 'operator-test-round',
      idempotencyKey: `win:${id}`,
    });
    const entries = await holdForRedemption(tx, {
      userId,
      redemptionId: id,
      sweepsCents,
      feeSweepsCents: 0,
      requestKey,
      createdAt,
    });
    await tx.query(
      `INSERT INTO redemptions (id, user_id, method, sweeps_cents, usd_cents, sweeps_per_usd, status, minimum_tier,
         paypal_email, request_key, debit_entry_id, hold_entry_id, created_at, updated_at)
       VALUES ($1, $2, 'paypal', $3, $3, 1, 'pending', 'regular', 'winner@example.com', $4, $5, $6, $7, $7)`,
      [id, userId, sweepsCents, requestKey, entries.debitEntryId, entries.holdEntryId, createdAt],
    );
  });
  return id;
}

/** A mailed AMOE request of the player, open (no code yet). */
export async function postalRequest(ctx: TestContext, userId: string, amountCents = 500): Promise<string> {
  const code = newPostalRequestCode();
  await ctx.db.query(
    'INSERT INTO amoe_postal_requests (postal_request_code, user_id, amount_cents, created_at) VALUES ($1, $2, $3, $4)',
    [code, userId, amountCents, new Date(ctx.clock.now).toISOString()],
  );
  return code;
}
