/**
 * HTTP face of the card processor sandbox, served on its own origin (CARD_SANDBOX_ORIGIN):
 *   pages   GET /card/hosted-fields?mode=payment|setup&key=<publishable key>
 *           GET /card/3ds/:payment_intent?challenge=<secret>
 *   browser POST /card/v1/tokens, POST /card/v1/setup_intents/:id/confirm   (publishable key)
 *           POST /card/v1/payment_intents/:id/challenge                      (challenge secret)
 *   server  POST /card/v1/customers, /setup_intents, /payment_intents, /payment_methods/:id/detach,
 *           GET  /card/v1/setup_intents/:id, /payment_intents/:id, /payment_methods/:id (secret key)
 * Errors answer `{ error: { code, decline_code, message, param? } }` like a processor API.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { CardSandbox } from './card-sandbox.ts';
import { SandboxApiError } from './card-sandbox.ts';
import { CHALLENGE_JS, FRAME_CSS, HOSTED_FIELDS_JS } from './frame-assets.ts';
import { escapeHtml, framePage, pageHeaders } from '../../sandbox-page-shell.ts';
import type { RawCard } from './test-cards.ts';

async function body(c: Context): Promise<Record<string, unknown>> {
  try {
    const parsed = (await c.req.json()) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new SandboxApiError(400, {
    code: 'invalid_request',
    decline_code: null,
    message: 'Body must be a JSON object.',
  });
}

const rawCard = (b: Record<string, unknown>): RawCard => ({
  number: b.number,
  exp_month: b.exp_month,
  exp_year: b.exp_year,
  cvc: b.cvc,
  postal_code: b.postal_code,
});

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 ? v : undefined);

const metadataOf = (v: unknown): Record<string, string> => {
  const out: Record<string, string> = {};
  if (v && typeof v === 'object')
    for (const [k, val] of Object.entries(v as Record<string, unknown>))
      if (typeof val === 'string') out[k] = val;
  return out;
};

/** The one `metadata[key]=value` pair of a search query, or ['', ''] when there is none. */
export function metadataQuery(c: Context): [string, string] {
  for (const [name, value] of Object.entries(c.req.query())) {
    const m = /^metadata\[([A-Za-z0-9_]{1,40})\]$/.exec(name);
    if (m) return [m[1]!, value];
  }
  return ['', ''];
}

export function cardSandboxRoutes(sandbox: CardSandbox): Hono {
  const app = new Hono();
  const { merchantOrigin } = sandbox.options;

  app.onError((error, c) => {
    if (error instanceof SandboxApiError)
      return c.json({ error: error.error }, error.status as ContentfulStatusCode);
    return c.json({ error: { code: 'api_error', decline_code: null, message: 'Sandbox error.' } }, 500);
  });

  // ---------------------------------------------------------------- assets and pages
  app.get('/card/assets/frame.css', (c) => {
    c.header('Content-Type', 'text/css; charset=utf-8');
    c.header('Cache-Control', 'no-cache');
    return c.body(FRAME_CSS);
  });
  app.get('/card/assets/hosted-fields.js', (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'no-cache');
    return c.body(HOSTED_FIELDS_JS);
  });
  app.get('/card/assets/challenge.js', (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'no-cache');
    return c.body(CHALLENGE_JS);
  });

  app.get('/card/hosted-fields', (c) => {
    const mode = c.req.query('mode') === 'setup' ? 'setup' : 'payment';
    const key = c.req.query('key') ?? '';
    pageHeaders(c, merchantOrigin);
    if (key !== sandbox.options.publishableKey) {
      return c.html(
        framePage(
          'Card details',
          '<p class="error" role="alert">This card form is not configured (unknown publishable key).</p>',
          {},
          null,
        ),
        400,
      );
    }
    const form = `
<form id="card-form" novalidate aria-describedby="error">
  <label for="number">Card number</label>
  <input id="number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" aria-invalid="false" required>
  <div class="row">
    <div><label for="expiry">Expiry (MM / YY)</label>
      <input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" aria-invalid="false" required></div>
    <div><label for="cvc">CVC</label>
      <input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" aria-invalid="false" required></div>
    <div><label for="postal">ZIP</label>
      <input id="postal" name="postal" inputmode="numeric" autocomplete="postal-code" placeholder="60601" maxlength="5" aria-invalid="false" required></div>
  </div>
  <p id="error" class="error" role="alert" aria-live="polite"></p>
  <p class="note">Sandbox: card details stay with the payment processor; the store never sees them.</p>
  <button type="submit" hidden tabindex="-1">Submit</button>
</form>`;
    return c.html(
      framePage(
        'Card details',
        form,
        { mode, key, 'parent-origin': merchantOrigin },
        '/card/assets/hosted-fields.js',
      ),
    );
  });

  app.get('/card/3ds/:id', (c) => {
    const piId = c.req.param('id');
    const challenge = c.req.query('challenge') ?? '';
    pageHeaders(c, merchantOrigin);
    const info = sandbox.challengeInfo(piId, challenge);
    if (!info) {
      return c.html(
        framePage(
          '3-D Secure',
          '<p class="error" role="alert">This verification is not known or has expired.</p>',
          {},
          null,
        ),
        404,
      );
    }
    const amount = (info.amount / 100).toFixed(2);
    const content = `
<main class="bank">
  <h1>Sandbox Bank &middot; 3-D Secure</h1>
  <p>Confirm your purchase of</p>
  <p class="amount">$${escapeHtml(amount)}</p>
  <p>at Lucky Crown with the card ending in ${escapeHtml(info.last4)}.</p>
  <p class="note">Sandbox challenge: choose the outcome the bank should report.</p>
  <div class="actions">
    <button type="button" class="primary" data-outcome="completed">Complete</button>
    <button type="button" class="secondary" data-outcome="failed">Fail</button>
  </div>
  <p id="status" class="status" role="status" aria-live="polite"></p>
</main>`;
    return c.html(
      framePage(
        '3-D Secure verification',
        content,
        { 'payment-intent': piId, challenge, 'parent-origin': merchantOrigin },
        '/card/assets/challenge.js',
      ),
    );
  });

  // ---------------------------------------------------------------- browser API (publishable key / challenge secret)
  const publishable = (c: Context): void => {
    const header = c.req.header('Authorization') ?? '';
    sandbox.checkPublishableKey(header.startsWith('Bearer ') ? header.slice(7) : undefined);
  };

  app.post('/card/v1/tokens', async (c) => {
    publishable(c);
    return c.json(sandbox.createToken(rawCard(await body(c))));
  });

  app.post('/card/v1/setup_intents/:id/confirm', async (c) => {
    publishable(c);
    const b = await body(c);
    const secret = str(b.client_secret) ?? '';
    if (!secret.startsWith(`${c.req.param('id')}_secret_`))
      throw new SandboxApiError(400, {
        code: 'setup_intent_invalid',
        decline_code: null,
        message: 'Client secret does not match.',
      });
    return c.json(sandbox.confirmSetupIntent(secret, rawCard(b)));
  });

  app.post('/card/v1/payment_intents/:id/challenge', async (c) => {
    const b = await body(c);
    const outcome = b.outcome === 'completed' ? 'completed' : b.outcome === 'failed' ? 'failed' : null;
    if (!outcome)
      throw new SandboxApiError(400, {
        code: 'invalid_request',
        decline_code: null,
        message: 'outcome must be completed or failed.',
      });
    const pi = sandbox.completeChallenge(c.req.param('id'), str(b.challenge) ?? '', outcome);
    return c.json({ id: pi.id, status: pi.status });
  });

  // ---------------------------------------------------------------- server API (secret key)
  const sk: MiddlewareHandler = async (c, next) => {
    sandbox.checkSecretKey(c.req.header('Authorization'));
    await next();
  };
  app.post('/card/v1/customers', sk, async (c) =>
    c.json(sandbox.createCustomer(metadataOf((await body(c)).metadata))),
  );
  app.post('/card/v1/setup_intents', sk, async (c) =>
    c.json(sandbox.createSetupIntent(str((await body(c)).customer) ?? '')),
  );
  app.get('/card/v1/setup_intents/:id', sk, (c) => c.json(sandbox.retrieveSetupIntent(c.req.param('id'))));
  app.get('/card/v1/payment_methods/:id', sk, (c) =>
    c.json(sandbox.retrievePaymentMethod(c.req.param('id'))),
  );
  app.post('/card/v1/payment_methods/:id/detach', sk, (c) => {
    sandbox.detachPaymentMethod(c.req.param('id'));
    return c.json({ id: c.req.param('id'), customer: null });
  });
  app.post('/card/v1/payment_intents', sk, async (c) => {
    const b = await body(c);
    const pi = sandbox.createPaymentIntent(
      {
        amount: Number(b.amount),
        customer: str(b.customer) ?? '',
        payment_method: str(b.payment_method),
        token: str(b.token),
        save_payment_method: b.save_payment_method === true,
        request_three_d_secure: b.request_three_d_secure === 'any' ? 'any' : 'automatic',
        metadata: metadataOf(b.metadata),
      },
      c.req.header('Idempotency-Key'),
    );
    return c.json(pi);
  });
  app.get('/card/v1/payment_intents/:id', sk, (c) =>
    c.json(sandbox.retrievePaymentIntent(c.req.param('id'))),
  );
  // Search by one metadata value: ?metadata[purchase_id]=<id>
  app.get('/card/v1/payment_intents', sk, (c) => {
    const [key, value] = metadataQuery(c);
    return c.json({ data: key ? sandbox.listPaymentIntentsByMetadata(key, value) : [] });
  });
  app.post('/card/v1/payment_intents/:id/cancel', sk, (c) =>
    c.json(sandbox.cancelPaymentIntent(c.req.param('id'))),
  );
  app.post('/card/v1/payment_intents/:id/refund', sk, (c) =>
    c.json(sandbox.refundPaymentIntent(c.req.param('id'))),
  );
  return app;
}
