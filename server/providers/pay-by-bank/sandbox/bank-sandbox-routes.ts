/**
 * HTTP face of the pay-by-bank sandbox, on the sandbox origin next to the card processor:
 *   page    GET  /bank/authorize/:id?token=<t>     the bank's authorization page (framed by our app)
 *   browser POST /bank/v1/payments/:id/authorize   { token, outcome } from that page
 *   server  POST /bank/v1/payments, GET /bank/v1/payments/:id   (secret key)
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { formatPhone } from '../../../../src/contract/payments.ts';
import { BANK_AUTHORIZE_JS } from '../../card-processor/sandbox/frame-assets.ts';
import { metadataQuery } from '../../card-processor/sandbox/card-sandbox-routes.ts';
import { escapeHtml, framePage, pageHeaders } from '../../sandbox-page-shell.ts';
import type { BankSandbox } from './bank-sandbox.ts';
import { BankSandboxError, SANDBOX_BANK_ACCOUNTS, type SandboxBankAccount } from './bank-sandbox.ts';

async function body(c: Context): Promise<Record<string, unknown>> {
  try {
    const parsed = (await c.req.json()) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new BankSandboxError(400, 'invalid_request', 'Body must be a JSON object.');
}

export function bankSandboxRoutes(sandbox: BankSandbox): Hono {
  const app = new Hono();
  const { merchantOrigin } = sandbox.options;
  app.onError((error, c) => {
    if (error instanceof BankSandboxError)
      return c.json(
        { error: { code: error.code, message: error.message } },
        error.status as ContentfulStatusCode,
      );
    return c.json({ error: { code: 'api_error', message: 'Sandbox error.' } }, 500);
  });

  app.get('/bank/assets/authorize.js', (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'no-cache');
    return c.body(BANK_AUTHORIZE_JS);
  });

  app.get('/bank/authorize/:id', (c) => {
    const id = c.req.param('id');
    const token = c.req.query('token') ?? '';
    pageHeaders(c, merchantOrigin);
    const info = sandbox.authorizationInfo(id, token);
    if (!info) {
      return c.html(
        framePage(
          'Sandbox Bank',
          '<p class="error" role="alert">This bank authorization is not known.</p>',
          {},
          null,
        ),
        404,
      );
    }
    if (info.status !== 'pending_authorization') {
      return c.html(
        framePage(
          'Sandbox Bank',
          '<main class="bank"><h1>Sandbox Bank</h1><p role="status">This payment was already answered or has expired.</p></main>',
          {},
          null,
        ),
      );
    }
    const content = `
<main class="bank">
  <h1>Sandbox Bank</h1>
  <p>Lucky Crown asks to be paid from your bank account</p>
  <p class="amount">$${escapeHtml((info.amount / 100).toFixed(2))}</p>
  <p>Signed in as ${escapeHtml(formatPhone(info.phone))}</p>
  <label for="account">Pay from</label>
  <select id="account">
    <option value="checking">Everyday Checking ••••6789</option>
    <option value="joint">Joint Checking ••••4321</option>
    <option value="empty">Empty Savings ••••0000 (sandbox: insufficient funds)</option>
  </select>
  <div class="actions">
    <button type="button" class="primary" data-outcome="approved">Approve payment</button>
    <button type="button" class="secondary" data-outcome="declined">Decline</button>
  </div>
  <p id="status" class="status" role="status" aria-live="polite"></p>
</main>`;
    return c.html(
      framePage(
        'Sandbox Bank authorization',
        content,
        { payment: id, token, reference: info.reference, 'parent-origin': merchantOrigin },
        '/bank/assets/authorize.js',
      ),
    );
  });

  app.post('/bank/v1/payments/:id/authorize', async (c) => {
    const b = await body(c);
    const outcome = b.outcome;
    if (outcome !== 'approved' && outcome !== 'declined' && outcome !== 'insufficient_funds')
      throw new BankSandboxError(
        400,
        'invalid_request',
        'outcome must be approved, declined or insufficient_funds.',
      );
    const account = b.account ?? 'checking';
    if (!SANDBOX_BANK_ACCOUNTS.includes(account as SandboxBankAccount))
      throw new BankSandboxError(400, 'invalid_request', 'account must be checking, joint or empty.');
    const p = sandbox.authorize(
      c.req.param('id'),
      typeof b.token === 'string' ? b.token : '',
      outcome,
      account as SandboxBankAccount,
    );
    return c.json({ id: p.id, status: p.status });
  });

  const sk: MiddlewareHandler = async (c, next) => {
    sandbox.checkSecretKey(c.req.header('Authorization'));
    await next();
  };
  app.post('/bank/v1/payments', sk, async (c) => {
    const b = await body(c);
    const metadata: Record<string, string> = {};
    if (b.metadata && typeof b.metadata === 'object')
      for (const [k, v] of Object.entries(b.metadata as Record<string, unknown>))
        if (typeof v === 'string') metadata[k] = v;
    return c.json(
      sandbox.createPayment(
        { amount: Number(b.amount), phone: typeof b.phone === 'string' ? b.phone : '', metadata },
        c.req.header('Idempotency-Key'),
      ),
    );
  });
  app.get('/bank/v1/payments/:id', sk, (c) => c.json(sandbox.retrievePayment(c.req.param('id'))));
  app.post('/bank/v1/payments/:id/refund', sk, (c) =>
    c.json(sandbox.refundPayment(c.req.param('id'), c.req.header('Idempotency-Key'))),
  );
  // Search by one metadata value: ?metadata[purchase_id]=<id>
  app.get('/bank/v1/payments', sk, (c) => {
    const [key, value] = metadataQuery(c);
    return c.json({ data: key ? sandbox.listPaymentsByMetadata(key, value) : [] });
  });
  return app;
}
