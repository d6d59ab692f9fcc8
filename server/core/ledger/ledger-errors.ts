/** How the ledger's own failures are answered over HTTP (registered with the error handler by app.ts). */
import type { Context } from 'hono';
import { IDEMPOTENCY_HEADER } from '../../../src/contract/constants.ts';
import { WALLET_ERROR_CODES } from '../../../src/contract/wallet.ts';
import { ApiError } from '../../http/api-error.ts';
import type { Logger } from '../../platform/logger.ts';
import { LedgerKeyConflictError } from './ledger.ts';

/**
 * A ledger key already used for a different movement: nothing was written. Logged, since a key
 * the server derives should never collide (a bug), and answered 409, never 500.
 */
export function answerLedgerKeyConflict(error: Error, c: Context, logger: Logger): ApiError | null {
  if (!(error instanceof LedgerKeyConflictError)) return null;
  logger.warn('ledger key reused for a different entry', {
    method: c.req.method,
    path: c.req.path,
    key: error.idempotencyKey,
    differs: error.differs,
  });
  return new ApiError(
    409,
    WALLET_ERROR_CODES.LEDGER_KEY_CONFLICT,
    `The coins of this action were already moved under its key with a different ${error.differs.join(', ')}; nothing was changed. Use a new ${IDEMPOTENCY_HEADER} for a new action.`,
    null,
    { differs: error.differs },
  );
}
