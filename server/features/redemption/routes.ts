/**
 * Redemption API (spec section 7: redemption transactions, cancel pending redemption, cash out).
 * Money-changing calls need the Idempotency-Key header; a retry answers the first outcome.
 * Not mounted in gold-only mode (no Sweeps): the paths then answer 404 like any unknown path.
 */
import { centsToDisplay, displayToMinor } from '../../core/ledger/money.ts';
import { Hono } from 'hono';
import {
  CancelRedemptionRequestSchema,
  CashOutRequestSchema,
  REDEMPTION_API_PATHS,
  RedemptionRequestSchema,
  type CashOutAnswer,
  type RedemptionCancelled,
  type RedemptionCreated,
  type RedemptionList,
  type TempWithdrawalDataAnswer,
} from '../../../src/contract/redemption.ts';
import type { Balances } from '../../../src/contract/schemas.ts';
import type { AppEnv } from '../../http/app-env.ts';
import type { AppDeps } from '../../core/deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { idempotent, requestKeyOf } from '../../http/idempotency.ts';
import { check, readJson } from '../../http/validate.ts';
import { cancelRedemption, redemptionOptions, requestRedemption } from './redemption-requests.ts';
import { listPlayerRedemptions, wireRedemptions } from './redemption-store.ts';
import {
  checkWithdrawalData,
  clearWithdrawalData,
  readWithdrawalData,
  saveWithdrawalData,
} from './withdrawal-data.ts';

const balancesAfter = (b: Balances) => ({
  balance_redeemable_ghc: b.balance_redeemable_ghc,
  balance_total_ghc: b.balance_total_ghc,
});

export function redemptionRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const auth = requireAuth(deps);
  const once = idempotent(deps.db, deps.now);

  app.get(REDEMPTION_API_PATHS.redemptions, auth, async (c) => {
    const body: RedemptionList = { redemptions: await listPlayerRedemptions(deps.db, c.get('userId')) };
    // Statuses change on the operator's side: never served from a cache.
    c.header('Cache-Control', 'no-store');
    return c.json(body);
  });

  app.get(REDEMPTION_API_PATHS.options, auth, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await redemptionOptions(deps, c.get('userId')));
  });

  // The redeem form kept between visits (temp_withdrawal_data): no money moves, no key needed.
  app.get(REDEMPTION_API_PATHS.withdrawalData, auth, async (c) => {
    c.header('Cache-Control', 'no-store');
    const body: TempWithdrawalDataAnswer = {
      temp_withdrawal_data: await readWithdrawalData(deps.db, c.get('userId')),
    };
    return c.json(body);
  });

  app.put(REDEMPTION_API_PATHS.withdrawalData, auth, async (c) => {
    const data = checkWithdrawalData(await readJson(c));
    const body: TempWithdrawalDataAnswer = {
      temp_withdrawal_data: await saveWithdrawalData(deps.db, c.get('userId'), data, deps.now()),
    };
    return c.json(body);
  });

  app.delete(REDEMPTION_API_PATHS.withdrawalData, auth, async (c) => {
    await clearWithdrawalData(deps.db, c.get('userId'));
    return c.body(null, 204);
  });

  app.post(REDEMPTION_API_PATHS.create, auth, once, async (c) => {
    const body = check(await readJson(c), RedemptionRequestSchema);
    const outcome = await requestRedemption(deps, c.get('userId'), requestKeyOf(c), {
      method: body.method,
      sweepsCents: displayToMinor('sweeps', body.amount),
      paypalEmail: body.paypal_email,
      bank: body.bank,
      giftCardBrand: body.gift_card_brand,
      emailConfirmed: body.email_confirmed,
      cashOut: false,
    });
    const [redemption] = await wireRedemptions(deps.db, [outcome.row]);
    const answer: RedemptionCreated = {
      redemption: redemption!,
      amount_ghc: centsToDisplay(outcome.takenSweepsCents),
      balances: balancesAfter(outcome.balances),
    };
    return c.json(answer, 201);
  });

  app.post(REDEMPTION_API_PATHS.cashOut, auth, once, async (c) => {
    const body = check(await readJson(c), CashOutRequestSchema);
    const outcome = await requestRedemption(deps, c.get('userId'), requestKeyOf(c), {
      method: 'paypal',
      sweepsCents: displayToMinor('sweeps', body.amount),
      cashOut: true,
    });
    const [redemption] = await wireRedemptions(deps.db, [outcome.row]);
    const answer: CashOutAnswer = {
      amount_ghc: centsToDisplay(outcome.takenSweepsCents),
      fee_ghc: centsToDisplay(Number(outcome.row.fee_sweeps_cents)),
      redemption: redemption!,
      balances: balancesAfter(outcome.balances),
    };
    return c.json(answer, 201);
  });

  app.post(REDEMPTION_API_PATHS.cancel, auth, once, async (c) => {
    const body = check(await readJson(c), CancelRedemptionRequestSchema);
    const { row, balances } = await cancelRedemption(deps, c.get('userId'), body.redemption_id);
    const [redemption] = await wireRedemptions(deps.db, [row]);
    const answer: RedemptionCancelled = { redemption: redemption!, balances: balancesAfter(balances) };
    return c.json(answer);
  });

  return app;
}
