/**
 * Communication preferences: signed in (My Account), from the signed link of a marketing mail
 * (no sign-in), and a mail client's one-click unsubscribe (RFC 8058, signed by the link).
 */
import { Hono, type Context } from 'hono';
import {
  COMMUNICATION_PREFERENCES_ERROR_CODES,
  COMMUNICATION_PREFERENCES_PATHS,
  CommunicationPreferencesUpdateSchema,
  LinkSignatureSchema,
  LinkUserIdSchema,
  LinkedPreferencesUpdateSchema,
  type LinkedPreferences,
} from '../../../src/contract/communication-preferences.ts';
import { is } from 'superstruct';
import { ApiError } from '../../http/api-error.ts';
import type { AppEnv } from '../../http/app-env.ts';
import type { AppDeps } from '../../core/deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { check, readJson } from '../../http/validate.ts';
import { maskEmail } from '../redemption/public.ts';
import { isValidPreferencesLink, preferencesLinkKey } from './preferences-link.ts';
import { findLinkedPlayer, readPreferences, updatePreferences } from './preferences-store.ts';

const invalidLink = () =>
  new ApiError(
    400,
    COMMUNICATION_PREFERENCES_ERROR_CODES.PREFERENCES_LINK_INVALID,
    'This preferences link is not valid. Sign in and open My Account to manage your preferences.',
    't',
  );

export function communicationPreferencesRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const auth = requireAuth(deps);
  const key = preferencesLinkKey(deps.secrets.jwtSecret);

  /** The player a link names, once its signature checks out (the same answer for a forged link and an unknown player). */
  async function linkedPlayer(userId: unknown, signature: unknown): Promise<{ id: string; email: string }> {
    if (!is(userId, LinkUserIdSchema) || !is(signature, LinkSignatureSchema)) throw invalidLink();
    if (!isValidPreferencesLink(key, userId, signature)) throw invalidLink();
    const player = await findLinkedPlayer(deps.db, userId);
    if (!player) throw invalidLink();
    return player;
  }

  const linked = async (player: { id: string; email: string }): Promise<LinkedPreferences> => ({
    ...(await readPreferences(deps.db, player.id)),
    email_masked: maskEmail(player.email),
  });

  app.get(COMMUNICATION_PREFERENCES_PATHS.mine, auth, async (c) =>
    c.json(await readPreferences(deps.db, c.get('userId'))),
  );

  app.put(COMMUNICATION_PREFERENCES_PATHS.mine, auth, async (c) => {
    const change = check(await readJson(c), CommunicationPreferencesUpdateSchema);
    return c.json(await updatePreferences(deps.db, c.get('userId'), change, 'account', deps.now()));
  });

  app.get(COMMUNICATION_PREFERENCES_PATHS.link, async (c) => {
    const player = await linkedPlayer(c.req.query('u'), c.req.query('t'));
    return c.json(await linked(player));
  });

  app.put(COMMUNICATION_PREFERENCES_PATHS.linkUpdate, async (c) => {
    const body = check(await readJson(c), LinkedPreferencesUpdateSchema);
    const player = await linkedPlayer(body.u, body.t);
    const { promotions_email, news_email } = body;
    await updatePreferences(deps.db, player.id, { promotions_email, news_email }, 'link', deps.now());
    deps.logger.info('communication preferences changed from a mail link', { user_id: player.id });
    return c.json(await linked(player));
  });

  // A mail client's "Unsubscribe" button (List-Unsubscribe-Post): no cookies, no JSON, the
  // signed link in the query string is the credential. Everything marketing turns off.
  app.post(COMMUNICATION_PREFERENCES_PATHS.oneClick, async (c: Context<AppEnv>) => {
    const player = await linkedPlayer(c.req.query('u'), c.req.query('t'));
    await updatePreferences(
      deps.db,
      player.id,
      { promotions_email: false, news_email: false },
      'one_click',
      deps.now(),
    );
    deps.logger.info('unsubscribed by one click', { user_id: player.id });
    return c.json({ unsubscribed: true });
  });

  return app;
}
