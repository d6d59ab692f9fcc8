/**
 * Turning failures into answers: ApiError -> its status and body; a failure an upper layer
 * translates (the ledger's key conflict -> 409 LEDGER_KEY_CONFLICT, core/ledger/ledger-errors.ts);
 * an oversize body -> 413;
 * anything else -> logged, 500 INTERNAL_ERROR without details. Unknown API paths -> JSON 404
 * (405 when the path exists with another method).
 */
import type { Context, Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ERROR_CODES } from '../../src/contract/errors.ts';
import type { Logger } from '../platform/logger.ts';
import { ApiError } from './api-error.ts';
import type { AppEnv } from './app-env.ts';

export const MAX_BODY_BYTES = 64 * 1024;

/** Turns a failure of an upper layer into its answer (null: not its kind); may log it. */
export type ErrorTranslator = (error: Error, c: Context, logger: Logger) => ApiError | null;

export function errorHandler(logger: Logger, translators: readonly ErrorTranslator[] = []) {
  return (error: Error, c: Context): Response => {
    if (error instanceof ApiError) {
      for (const [k, v] of Object.entries(error.headers)) c.header(k, v);
      return c.json(error.toBody(), error.status);
    }
    // Failures of the layers above (the ledger's key conflicts) that have an answer of their own.
    for (const translate of translators) {
      const answer = translate(error, c, logger);
      if (answer) return c.json(answer.toBody(), answer.status);
    }
    if (error instanceof HTTPException && error.status === 413) {
      return c.json(
        {
          code: ERROR_CODES.PAYLOAD_TOO_LARGE,
          message: `The request body is larger than ${MAX_BODY_BYTES / 1024} KB.`,
          field: null,
          extra: null,
        },
        413,
      );
    }
    logger.error('unhandled error', {
      method: c.req.method,
      path: c.req.path,
      error: error.stack ?? String(error),
    });
    return c.json(
      {
        code: ERROR_CODES.INTERNAL_ERROR,
        message: 'Something went wrong on our side. Please try again.',
        field: null,
        extra: null,
      },
      500,
    );
  };
}

/** Matches a registered route pattern (":param" segments) against a path. */
const matches = (pattern: string, p: string): boolean => {
  if (pattern === p) return true;
  const a = pattern.split('/');
  const b = p.split('/');
  return a.length === b.length && a.every((seg, i) => seg.startsWith(':') || seg === '*' || seg === b[i]);
};

export function notFoundHandler(app: Hono<AppEnv>) {
  return (c: Context): Response => {
    const p = c.req.path;
    if (p === '/api' || p.startsWith('/api/')) {
      const allowed = [
        ...new Set(app.routes.filter((r) => r.method !== 'ALL' && matches(r.path, p)).map((r) => r.method)),
      ];
      if (allowed.length > 0) {
        c.header('Allow', allowed.join(', '));
        return c.json(
          {
            code: ERROR_CODES.METHOD_NOT_ALLOWED,
            message: `${c.req.method} is not allowed on ${p}.`,
            field: null,
            extra: { allow: allowed },
          },
          405,
        );
      }
      return c.json(
        { code: ERROR_CODES.NOT_FOUND, message: `No API endpoint at ${p}.`, field: null, extra: null },
        404,
      );
    }
    return c.text('Not found', 404);
  };
}
