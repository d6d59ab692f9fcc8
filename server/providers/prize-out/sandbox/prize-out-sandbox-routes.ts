/**
 * HTTP face of the prize-out sandbox, served on its own origin (PRIZEOUT_SANDBOX_ORIGIN):
 *   server  POST /prizeout/v1/payouts       { reference, email, amount_cents, currency: USD } with
 *                                           Idempotency-Key -> 201 payout (200 when the key was seen;
 *                                           422 payout with status refused; 409 key with another body)
 *           GET  /prizeout/v1/payouts/:id   -> payout (the poll of a processing one)
 *           GET  /prizeout/v1/payouts       -> { results } newest first (?reference= filters)
 *   page    GET  /                          the sandbox's dashboard: the payouts received
 * Server calls carry `Authorization: Bearer <secret key>`; errors answer `{ error: { code, field?, message } }`.
 */
import { timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { escapeHtml } from '../../sandbox-page-shell.ts';
import type { PrizeOutSandbox } from './prize-out-sandbox.ts';

const KEY = /^[A-Za-z0-9:_-]{8,200}$/;
const PAYOUT_ID = /^po_[0-9a-f]{24}$/;
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,185}\.[^\s@]{2,63}$/;
const MAX_AMOUNT_CENTS = 1_000_000_000;

const sameSecret = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

const error = (
  c: Context,
  status: 400 | 401 | 404 | 409 | 503,
  code: string,
  message: string,
  field?: string,
) => c.json({ error: { code, message, ...(field ? { field } : {}) } }, status);

async function jsonObject(c: Context): Promise<Record<string, unknown> | null> {
  try {
    const parsed = (await c.req.json()) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

function dashboard(sandbox: PrizeOutSandbox): string {
  const rows = sandbox
    .list()
    .slice(0, 200)
    .map(
      (p) =>
        `<tr data-reference="${escapeHtml(p.reference)}" data-status="${p.status}"><td>${escapeHtml(p.id)}</td>` +
        `<td>${escapeHtml(p.email)}</td><td>${usd(p.amount_cents)}</td><td>${p.status}</td>` +
        `<td>${escapeHtml(p.reference)}</td><td>${p.create_calls}</td></tr>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Prize-out sandbox</title></head>
<body><main><h1>Prize-out sandbox: payouts received</h1>
<p>Test data in the recipient's email decides the outcome: +refuse, +lost (answer lost once), +pending; any other is paid at once.</p>
<table><caption>Newest first</caption><thead><tr><th scope="col">Payout</th><th scope="col">Email</th>
<th scope="col">Amount</th><th scope="col">Status</th><th scope="col">Reference</th><th scope="col">Create calls</th></tr></thead>
<tbody>${rows}</tbody></table></main></body></html>`;
}

export function prizeOutSandboxRoutes(sandbox: PrizeOutSandbox): Hono {
  const app = new Hono();

  app.get('/', (c) => {
    c.header(
      'Content-Security-Policy',
      "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Cache-Control', 'no-store');
    return c.html(dashboard(sandbox));
  });

  app.use('/prizeout/v1/*', async (c, next) => {
    const auth = c.req.header('Authorization') ?? '';
    const given = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    if (!given || !sameSecret(given, sandbox.secretKey))
      return error(c, 401, 'unauthorized', 'A valid secret key is required.');
    await next();
  });

  app.post('/prizeout/v1/payouts', async (c) => {
    const key = c.req.header('Idempotency-Key') ?? '';
    if (!KEY.test(key)) return error(c, 400, 'idempotency_key_required', 'Send an Idempotency-Key header.');
    const body = await jsonObject(c);
    if (!body) return error(c, 400, 'invalid_json', 'The body must be a JSON object.');
    const { reference, email, amount_cents: amount, currency } = body;
    if (typeof reference !== 'string' || reference.length < 1 || reference.length > 100)
      return error(c, 400, 'invalid_request', 'reference must be 1 to 100 characters.', 'reference');
    if (typeof email !== 'string' || !EMAIL.test(email))
      return error(c, 400, 'invalid_request', 'email must be an email address.', 'email');
    if (
      typeof amount !== 'number' ||
      !Number.isSafeInteger(amount) ||
      amount <= 0 ||
      amount > MAX_AMOUNT_CENTS
    )
      return error(
        c,
        400,
        'invalid_request',
        'amount_cents must be a whole number of cents above 0.',
        'amount_cents',
      );
    if (currency !== 'USD') return error(c, 400, 'invalid_request', 'currency must be USD.', 'currency');
    const outcome = sandbox.create({ idempotencyKey: key, reference, email, amountCents: amount });
    switch (outcome.kind) {
      case 'key_reused':
        return error(c, 409, 'idempotency_key_reused', 'This Idempotency-Key was used with another body.');
      case 'answer_lost':
        return error(c, 503, 'upstream_timeout', 'The answer was lost (sandbox +lost).');
      case 'replayed':
        return c.json(outcome.payout, 200);
      case 'created':
        return c.json(outcome.payout, outcome.payout.status === 'refused' ? 422 : 201);
    }
  });

  app.get('/prizeout/v1/payouts/:id', (c) => {
    const id = c.req.param('id');
    const payout = PAYOUT_ID.test(id) ? sandbox.get(id) : null;
    return payout ? c.json(payout) : error(c, 404, 'not_found', 'No such payout.');
  });

  app.get('/prizeout/v1/payouts', (c) => {
    const reference = c.req.query('reference');
    const results = sandbox.list().filter((p) => reference === undefined || p.reference === reference);
    return c.json({ results: results.slice(0, 500) });
  });

  return app;
}
