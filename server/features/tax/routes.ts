/**
 * Tax API (docs/tax.md): GET the player's W-9 status, POST the W-9 form, POST the W-9 info
 * confirmation. Both POSTs need an Idempotency-Key (docs/flaky-networks.md): the app keeps one
 * per submission, so a form or confirmation retried after a lost answer is answered from the
 * first (one submission written, one decision) instead of superseding it with a copy. Field values are checked by the contract's rules (the same the app uses), and the
 * first failing field answers 400 VALIDATION_ERROR with its wire name and the spec's message;
 * extra.errors lists every failing field. The last four digits are never logged or answered.
 */
import { Hono } from 'hono';
import {
  TAX_API_PATHS,
  W9ConfirmRequestSchema,
  W9CreateRequestSchema,
  w9FormErrors,
  w9InfoErrors,
  type W9ConfirmRequest,
  type W9CreateRequest,
} from '../../../src/contract/tax.ts';
import { ERROR_CODES } from '../../../src/contract/errors.ts';
import { transaction } from '../../db/transaction.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppEnv } from '../../http/app-env.ts';
import type { AppDeps } from '../../core/deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { idempotent } from '../../http/idempotency.ts';
import { readBody } from '../../http/validate.ts';
import { sandboxTinMatch, type TinMatcher } from './tin-match-sandbox.ts';
import { confirmW9Info, createW9Submission, readW9Status } from './w9-submissions.ts';

function refuseFirst(errors: Record<string, string | undefined>): void {
  const entries = Object.entries(errors).filter((e): e is [string, string] => e[1] !== undefined);
  const first = entries[0];
  if (first)
    throw new ApiError(400, ERROR_CODES.VALIDATION_ERROR, first[1], first[0], {
      errors: Object.fromEntries(entries),
    });
}

const trimmed = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

export function taxRoutes(deps: AppDeps, options: { tinMatch?: TinMatcher } = {}): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const auth = requireAuth(deps);
  const tinMatch = options.tinMatch ?? sandboxTinMatch;
  const key = deps.secrets.w9EncryptionKey;
  const once = idempotent(deps.db, deps.now);

  app.get(TAX_API_PATHS.w9, auth, async (c) => c.json(await readW9Status(deps.db, c.get('userId'))));

  app.post(TAX_API_PATHS.w9, auth, once, async (c) => {
    const body = await readBody(c, W9CreateRequestSchema);
    refuseFirst(w9FormErrors(body));
    const line2 = trimmed(body.address_line_2);
    const form: W9CreateRequest = {
      legal_name: trimmed(body.legal_name),
      address_line_1: trimmed(body.address_line_1),
      address_line_2: line2 === '' ? null : line2,
      city: trimmed(body.city),
      state_or_province: body.state_or_province as string,
      zip_code: body.zip_code as string,
      ssn_last_four: body.ssn_last_four as string,
      certified: true,
    };
    const userId = c.get('userId');
    await transaction(deps.db, (tx) => createW9Submission(tx, key, userId, form, deps.now()));
    deps.logger.info('w9 form submitted', { user_id: userId });
    return c.json(await readW9Status(deps.db, userId), 201);
  });

  app.post(TAX_API_PATHS.w9Confirm, auth, once, async (c) => {
    const body = await readBody(c, W9ConfirmRequestSchema);
    refuseFirst(w9InfoErrors(body));
    const info = body as W9ConfirmRequest;
    const userId = c.get('userId');
    const answer = await transaction(deps.db, (tx) =>
      confirmW9Info(tx, key, userId, info, tinMatch, deps.now()),
    );
    if (answer.outcome === 'mismatched')
      deps.logger.warn('w9 info mismatched: account suspended', { user_id: userId });
    else deps.logger.info('w9 info confirmed', { user_id: userId });
    return c.json(answer);
  });
  return app;
}
