/**
 * Test support for the payments suites: the real app on a test database with in-memory
 * sandboxes called in-process, webhooks delivered to the app only when the test flushes them,
 * and helpers playing the browser's part (hosted-fields tokenization, 3-D Secure page, bank page).
 */
import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_HEADER } from '../../src/contract/constants.ts';
import { PAYMENTS_API_PATHS, type PurchaseResult } from '../../src/contract/payments.ts';
import { API_PATHS } from '../../src/contract/api-paths.ts';
import { Client, createTestContext, signUpPayload, type TestContext } from './test-app.ts';

export interface PaymentsTestContext extends TestContext {
  /** The card processor and pay-by-bank sandboxes and the app serving them. */
  sandbox: TestContext['sandboxes']['payments'];
  /** Delivers every queued webhook of both sandboxes to the app. */
  flushWebhooks(): Promise<void>;
}

export async function createPaymentsContext(
  env: Record<string, string> = {},
  options: { limitsCents?: { daily: number; weekly: number; monthly: number } } = {},
): Promise<PaymentsTestContext> {
  const ctx = await createTestContext(
    { PUBLIC_ORIGIN: 'http://localhost:8585', CARD_SANDBOX_ORIGIN: 'http://localhost:8586', ...env },
    { payments: { settleDelayMs: 0, limitsCents: options.limitsCents, deliverWebhooks: true } },
  );
  const sandbox = ctx.sandboxes.payments;
  return {
    ...ctx,
    sandbox,
    flushWebhooks: async () => {
      await sandbox.card.webhooks.flush();
      await sandbox.bank.webhooks.flush();
    },
  };
}

export const VALID_ADDRESS = {
  address_line_1: '233 S. Wacker Dr',
  address_line_2: 'Suite 100',
  city: 'Chicago',
  state_or_province: 'IL',
  postal_code: '60606',
};

let suite = 100;
/** VALID_ADDRESS in a suite no other player of the run uses (one address is one household of at most two). */
export const ownAddress = (): typeof VALID_ADDRESS => ({
  ...VALID_ADDRESS,
  address_line_2: `Suite ${++suite}`,
});

/** A signed-up player (IL) with a billing address on file. */
export async function playerWithAddress(
  ctx: TestContext,
  overrides: Record<string, unknown> = {},
): Promise<Client> {
  const client = new Client(ctx);
  const res = await client.request<{ token: string }>('POST', API_PATHS.users, {
    body: signUpPayload(overrides),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(res.body)}`);
  client.token = res.body.token;
  // A suite of its own: an address holds at most two accounts (docs/account.md).
  const addr = await client.request('PATCH', PAYMENTS_API_PATHS.address, { body: ownAddress() });
  if (addr.status !== 200) throw new Error(`address failed: ${JSON.stringify(addr.body)}`);
  return client;
}

/** What the hosted fields page does: tokenizes a card at the sandbox with the publishable key. */
export async function tokenize(
  ctx: PaymentsTestContext,
  number: string,
  overrides: Record<string, unknown> = {},
): Promise<{
  status: number;
  body: { id?: string; error?: { code: string; decline_code: string | null; param?: string } };
}> {
  const key = ctx.deps.providers.card.publicConfig().publishableKey;
  const res = await ctx.sandbox.app.request('/card/v1/tokens', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
    body: JSON.stringify({
      number,
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 2,
      cvc: '123',
      postal_code: '60606',
      ...overrides,
    }),
  });
  return { status: res.status, body: (await res.json()) as never };
}

export async function buyWithCard(
  ctx: PaymentsTestContext,
  client: Client,
  number: string,
  body: Record<string, unknown> = {},
  key: string = randomUUID(),
) {
  const token = await tokenize(ctx, number);
  if (!token.body.id) throw new Error(`tokenize failed: ${JSON.stringify(token.body)}`);
  return client.request<PurchaseResult>('POST', PAYMENTS_API_PATHS.cardPurchases, {
    body: { package_id: 'gold-499', payment_method: { type: 'card_token', token: token.body.id }, ...body },
    headers: { [IDEMPOTENCY_HEADER]: key },
  });
}

/** What the 3-D Secure page does when the player presses Complete or Fail. */
export async function answerChallenge(
  ctx: PaymentsTestContext,
  url: string,
  outcome: 'completed' | 'failed',
) {
  const u = new URL(url);
  const page = await ctx.sandbox.app.request(u.pathname + u.search);
  if (page.status !== 200) throw new Error(`challenge page ${page.status}`);
  const piId = u.pathname.split('/').pop()!;
  return ctx.sandbox.app.request(`/card/v1/payment_intents/${piId}/challenge`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ challenge: u.searchParams.get('challenge'), outcome }),
  });
}

/** What the bank authorization page does. */
export async function answerBank(
  ctx: PaymentsTestContext,
  url: string,
  outcome: 'approved' | 'declined' | 'insufficient_funds',
  /** The account picked on the bank page: the phone's own checking (default), the joint one, the empty one. */
  account: 'checking' | 'joint' | 'empty' = 'checking',
) {
  const u = new URL(url);
  const id = u.pathname.split('/').pop()!;
  return ctx.sandbox.app.request(`/bank/v1/payments/${id}/authorize`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token: u.searchParams.get('token'), outcome, account }),
  });
}
