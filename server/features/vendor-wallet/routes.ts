/**
 * Seamless wallet routes, called by the game vendor's server (docs/vendor-wallet.md):
 *   POST /vendor-wallet/balance | bet | win | rollback
 * Signed (requireVendorSignature) instead of JWT + CSRF; app.ts exempts them from the CSRF check.
 */
import { Hono, type Context } from 'hono';
import {
  VENDOR_WALLET_ERROR_CODES,
  VENDOR_WALLET_PATHS,
  VendorBalanceRequestSchema,
  VendorBetRequestSchema,
  VendorRollbackRequestSchema,
  VendorWinRequestSchema,
} from '../../../src/contract/vendor-wallet.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppEnv } from '../../http/app-env.ts';
import type { AppDeps } from '../../core/deps.ts';
import { readBody } from '../../http/validate.ts';
import { minorToDisplay } from '../../core/ledger/money.ts';
import { requireVendorSignature } from './signature-check.ts';
import { findVendorSession, type VendorSession } from './vendor-sessions.ts';
import { currencyBalanceMinor, runVendorCall, type VendorCallResult } from './vendor-transactions.ts';

export function vendorWalletRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db, now } = deps;
  const routes = new Hono<AppEnv>();
  const signed = requireVendorSignature(deps.secrets.vendorWalletSecret, now);

  const sessionOf = async (token: string): Promise<VendorSession> => {
    const session = await findVendorSession(db, token);
    if (!session)
      throw new ApiError(
        404,
        VENDOR_WALLET_ERROR_CODES.VENDOR_SESSION_NOT_FOUND,
        'No game session with this token.',
        'session_token',
      );
    return session;
  };
  const answer = (c: Context<AppEnv>, result: VendorCallResult) => {
    if (result.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json(result.answer);
  };

  routes.post(VENDOR_WALLET_PATHS.balance, signed, async (c) => {
    const body = await readBody(c, VendorBalanceRequestSchema);
    const session = await sessionOf(body.session_token);
    if (session.expiresAtMs <= now())
      throw new ApiError(
        403,
        VENDOR_WALLET_ERROR_CODES.VENDOR_SESSION_EXPIRED,
        'The game session has expired. Wins and rollbacks of placed bets are still accepted.',
      );
    const minor = await currencyBalanceMinor(db, session.userId, session.currency);
    return c.json({ currency: session.currency, balance: minorToDisplay(session.currency, minor) });
  });

  routes.post(VENDOR_WALLET_PATHS.bet, signed, async (c) => {
    const body = await readBody(c, VendorBetRequestSchema);
    const session = await sessionOf(body.session_token);
    const call = {
      kind: 'bet',
      transactionId: body.transaction_id,
      roundId: body.round_id,
      amount: body.amount,
    } as const;
    return answer(c, await runVendorCall(db, session, call, now()));
  });

  routes.post(VENDOR_WALLET_PATHS.win, signed, async (c) => {
    const body = await readBody(c, VendorWinRequestSchema);
    const session = await sessionOf(body.session_token);
    const call = {
      kind: 'win',
      transactionId: body.transaction_id,
      betTransactionId: body.bet_transaction_id,
      roundId: body.round_id,
      amount: body.amount,
    } as const;
    return answer(c, await runVendorCall(db, session, call, now(), deps.logger));
  });

  routes.post(VENDOR_WALLET_PATHS.rollback, signed, async (c) => {
    const body = await readBody(c, VendorRollbackRequestSchema);
    const session = await sessionOf(body.session_token);
    const call = {
      kind: 'rollback',
      transactionId: body.transaction_id,
      betTransactionId: body.bet_transaction_id,
      roundId: body.round_id ?? null,
    } as const;
    return answer(c, await runVendorCall(db, session, call, now()));
  });

  return routes;
}
