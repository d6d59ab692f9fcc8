/**
 * The operator console's promotions (docs/api.md, "Operator console"): list, create, edit
 * (schedule and on/off switch included) and reorder promo pop-ups and carousel slides. Mounted
 * on the console's own app (server/features/operator/routes.ts), behind its session and CSRF
 * checks; each change runs with its audit row in one transaction.
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import {
  OPERATOR_PROMO_ROUTE_PATTERNS,
  PROMO_ERROR_CODES,
  PROMO_KINDS,
  PromoOrderSchema,
  PromoPopupInputSchema,
  PromoSlideInputSchema,
  type PromoKind,
} from '../../../src/contract/promotions.ts';
import type { ActionAnswer } from '../../../src/contract/operator.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../core/deps.ts';
import { readBody } from '../../http/validate.ts';
import { runOperatorAction, type ActionOutcome, type OperatorActor } from '../../core/audit.ts';
import type { OperatorEnv } from '../../core/sessions/operator-session.ts';
import { promoFieldsOf } from './promo-input.ts';
import {
  insertPromo,
  listPromos,
  lockAllPromoIds,
  lockPromo,
  setPromoOrder,
  toOperatorRow,
  updatePromo,
} from './promo-store.ts';

const kindOf = (raw: string | undefined): PromoKind => {
  if (!(PROMO_KINDS as readonly string[]).includes(raw ?? ''))
    throw new ApiError(404, PROMO_ERROR_CODES.PROMO_NOT_FOUND, 'Promotions are "popups" or "slides".');
  return raw as PromoKind;
};

const notFound = () => new ApiError(404, PROMO_ERROR_CODES.PROMO_NOT_FOUND, 'No promotion has that id.');

export function registerPromoOperatorRoutes(
  app: Hono<OperatorEnv>,
  deps: AppDeps,
  signedIn: MiddlewareHandler<OperatorEnv>,
  actorOf: (c: Context<OperatorEnv>) => OperatorActor,
): void {
  const { db } = deps;
  const answer = (r: ActionOutcome & { auditId: string }): ActionAnswer => ({
    before: r.before,
    after: r.after,
    audit_id: r.auditId,
  });
  const readInput = (c: Context, kind: PromoKind) =>
    kind === 'slides' ? readBody(c, PromoSlideInputSchema) : readBody(c, PromoPopupInputSchema);

  app.get(OPERATOR_PROMO_ROUTE_PATTERNS.list, signedIn, async (c) => {
    const kind = kindOf(c.req.param('kind'));
    const now = deps.now();
    return c.json({ results: (await listPromos(db, kind)).map((r) => toOperatorRow(kind, r, now)) });
  });

  app.post(OPERATOR_PROMO_ROUTE_PATTERNS.list, signedIn, async (c) => {
    const kind = kindOf(c.req.param('kind'));
    const input = await readInput(c, kind);
    const fields = promoFieldsOf(input, deps.now());
    const result = await runOperatorAction(db, actorOf(c), async (tx) => {
      const row = (await insertPromo(tx, kind, fields, deps.now()))!;
      const after = toOperatorRow(kind, row, deps.now());
      return {
        action: 'promo_created' as const,
        playerId: null,
        subject: `${kind}:${after.id}`,
        before: null,
        after: { ...after },
        reason: input.reason?.trim() || null,
      };
    });
    return c.json(answer(result), 201);
  });

  // Registered before the ':id' route so "order" is never read as an id.
  app.post(OPERATOR_PROMO_ROUTE_PATTERNS.order, signedIn, async (c) => {
    const kind = kindOf(c.req.param('kind'));
    const body = await readBody(c, PromoOrderSchema);
    const result = await runOperatorAction(db, actorOf(c), async (tx) => {
      const current = await lockAllPromoIds(tx, kind);
      const wanted = body.ids.map(String);
      const sameSet =
        wanted.length === current.length &&
        new Set(wanted).size === wanted.length &&
        wanted.every((id) => current.includes(id));
      if (!sameSet)
        throw new ApiError(
          400,
          PROMO_ERROR_CODES.INVALID_PROMO_ORDER,
          `Name every ${kind === 'popups' ? 'pop-up' : 'slide'} once, in the new order.`,
          'ids',
        );
      await setPromoOrder(tx, kind, wanted, deps.now());
      return {
        action: 'promo_reordered' as const,
        playerId: null,
        subject: kind,
        before: { ids: current },
        after: { ids: wanted },
        reason: body.reason?.trim() || null,
      };
    });
    return c.json(answer(result));
  });

  app.put(OPERATOR_PROMO_ROUTE_PATTERNS.one, signedIn, async (c) => {
    const kind = kindOf(c.req.param('kind'));
    const id = c.req.param('id');
    const input = await readInput(c, kind);
    const fields = promoFieldsOf(input, deps.now());
    const result = await runOperatorAction(db, actorOf(c), async (tx) => {
      const before = await lockPromo(tx, kind, id);
      if (!before) throw notFound();
      const after = await updatePromo(tx, kind, id, fields, deps.now());
      return {
        action: 'promo_updated' as const,
        playerId: null,
        subject: `${kind}:${String(before.id)}`,
        before: { ...toOperatorRow(kind, before, deps.now()) },
        after: { ...toOperatorRow(kind, after, deps.now()) },
        reason: input.reason?.trim() || null,
      };
    });
    return c.json(answer(result));
  });
}
