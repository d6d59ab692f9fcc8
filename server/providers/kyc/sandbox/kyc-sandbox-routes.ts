/**
 * HTTP face of the identity verification sandbox, served on its own origin (KYC_SANDBOX_ORIGIN):
 *   page     GET  /kyc/frame/:reference            the verification form (framed by the app only)
 *   browser  POST /kyc/frame/:reference/submit     the form's fields -> { authorization }
 *   server   POST /kyc/v1/sessions                 { flow } -> { reference, href }
 *            GET  /kyc/v1/results/:authorization   -> { reference, decision } (counts a result call)
 *            GET  /kyc/v1/sessions/:reference      -> { reference, decision }
 *            POST /kyc/v1/sessions/:reference/decision { decision: approved | rejected } (sandbox operator)
 * Server calls carry `Authorization: Bearer <secret key>`; errors answer `{ error: { code, field?, message } }`.
 */
import { timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { KYC_FLOWS, type KycFlow } from '../../../../src/contract/kyc.ts';
import { framePage, pageHeaders } from '../../sandbox-page-shell.ts';
import { KYC_FRAME_CSS, KYC_FRAME_JS } from './frame-assets.ts';
import { SandboxFormError, type IdentitySandbox } from './kyc-sandbox.ts';

const REFERENCE = /^kyc_[0-9a-f]{24}$/;
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;
const MAX_FIELD = 200;

const sameSecret = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

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

const text = (v: unknown): string => (typeof v === 'string' ? v.slice(0, MAX_FIELD).trim() : '');

/** The frame's page: the shared sandbox shell with this sandbox's script and stylesheet. */
const page = (title: string, content: string, data: Record<string, string>, script: boolean): string =>
  framePage(title, content, data, script ? '/kyc/assets/frame.js' : null, '/kyc/assets/frame.css');

const FORM = `
<h1>Verify your identity</h1>
<form id="kyc-form" novalidate aria-describedby="error">
  <label for="first_name">Legal first name</label>
  <input id="first_name" name="first_name" autocomplete="given-name" maxlength="50" required>
  <label for="last_name">Legal last name</label>
  <input id="last_name" name="last_name" autocomplete="family-name" maxlength="50" required>
  <label for="birth_date">Date of birth</label>
  <input id="birth_date" name="birth_date" type="date" autocomplete="bday" required>
  <label for="document_number">ID document number</label>
  <input id="document_number" name="document_number" maxlength="20" autocomplete="off" required>
  <p id="error" class="error" role="alert" aria-live="polite"></p>
  <button type="submit">Submit verification</button>
  <p class="note">Sandbox: the last name picks the outcome (Approve, Pending, Reject, NoDecision, NoDecisionMax).</p>
</form>
<p id="done" class="done" role="status" hidden>Thank you. Your details were sent for verification.</p>`;

export function identitySandboxRoutes(sandbox: IdentitySandbox): Hono {
  const app = new Hono();
  const { appOrigin, secretKey } = sandbox.options;

  app.onError((_error, c) => c.json({ error: { code: 'api_error', message: 'Sandbox error.' } }, 500));

  app.get('/kyc/assets/frame.css', (c) => {
    c.header('Content-Type', 'text/css; charset=utf-8');
    c.header('Cache-Control', 'no-cache');
    return c.body(KYC_FRAME_CSS);
  });
  app.get('/kyc/assets/frame.js', (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'no-cache');
    return c.body(KYC_FRAME_JS);
  });

  app.get('/kyc/frame/:reference', (c) => {
    const reference = c.req.param('reference');
    pageHeaders(c, appOrigin);
    if (!REFERENCE.test(reference) || !sandbox.hasOpenSession(reference))
      return c.html(
        page(
          'Identity verification',
          '<p class="error" role="alert">This verification is not known or has expired. Please start again.</p>',
          { 'parent-origin': appOrigin },
          true,
        ),
        404,
      );
    return c.html(page('Identity verification', FORM, { 'parent-origin': appOrigin, reference }, true));
  });

  app.post('/kyc/frame/:reference/submit', async (c) => {
    // The form posts from the frame itself: a request from any other page is refused.
    const origin = c.req.header('Origin');
    if (origin !== undefined && origin !== sandbox.origin)
      return c.json({ error: { code: 'forbidden', message: 'Cross-origin submit refused.' } }, 403);
    const reference = c.req.param('reference');
    if (!REFERENCE.test(reference))
      return c.json(
        { error: { code: 'not_found', message: 'This verification session is not known.' } },
        404,
      );
    const b = await jsonObject(c);
    if (!b)
      return c.json({ error: { code: 'invalid_request', message: 'Body must be a JSON object.' } }, 400);
    try {
      return c.json(
        sandbox.submit(reference, {
          firstName: text(b.first_name),
          lastName: text(b.last_name),
          birthDate: text(b.birth_date),
          documentNumber: text(b.document_number),
        }),
      );
    } catch (error) {
      if (error instanceof SandboxFormError)
        return c.json(
          { error: { code: 'invalid_request', field: error.field, message: error.message } },
          error.status,
        );
      throw error;
    }
  });

  const api = new Hono();
  api.use('*', async (c, next) => {
    const header = c.req.header('Authorization') ?? '';
    if (!header.startsWith('Bearer ') || !sameSecret(header.slice(7), secretKey))
      return c.json({ error: { code: 'unauthorized', message: 'Invalid API key.' } }, 401);
    await next();
  });
  api.post('/sessions', async (c) => {
    const flow = (await jsonObject(c))?.flow;
    if (typeof flow !== 'string' || !(KYC_FLOWS as readonly string[]).includes(flow))
      return c.json({ error: { code: 'invalid_request', field: 'flow', message: 'Unknown flow.' } }, 400);
    return c.json(sandbox.startSession(flow as KycFlow), 201);
  });
  api.get('/results/:authorization', (c) => {
    const token = c.req.param('authorization');
    const result = TOKEN.test(token) ? sandbox.resultOf(token) : null;
    if (!result) return c.json({ error: { code: 'not_found', message: 'Unknown auth response.' } }, 404);
    return c.json(result);
  });
  api.get('/sessions/:reference', (c) => {
    const reference = c.req.param('reference');
    const decision = REFERENCE.test(reference) ? sandbox.workflowDecision(reference) : null;
    if (!decision) return c.json({ error: { code: 'not_found', message: 'Unknown session.' } }, 404);
    return c.json({ reference, decision });
  });
  api.post('/sessions/:reference/decision', async (c) => {
    const decision = (await jsonObject(c))?.decision;
    if (decision !== 'approved' && decision !== 'rejected')
      return c.json(
        { error: { code: 'invalid_request', field: 'decision', message: 'approved or rejected.' } },
        400,
      );
    if (!sandbox.operatorDecide(c.req.param('reference'), decision))
      return c.json({ error: { code: 'not_found', message: 'Unknown or unsubmitted session.' } }, 404);
    return c.json({ reference: c.req.param('reference'), decision });
  });
  app.route('/kyc/v1', api);

  app.get('/', (c) => c.text('Lucky Crown identity verification sandbox. See docs/kyc.md.'));
  return app;
}
