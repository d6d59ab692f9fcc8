/** Responsible play routes: settings, setting a break or self-exclusion, the reality check and its session figures. */
import { Hono } from 'hono';
import {
  RESPONSIBLE_PLAY_PATHS,
  SetRealityCheckRequestSchema,
  SetRestrictionRequestSchema,
} from '../../../src/contract/responsible-play.ts';
import { transaction } from '../../db/transaction.ts';
import type { AppEnv } from '../../http/app-env.ts';
import type { AppDeps } from '../../core/deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { check, readJson } from '../../http/validate.ts';
import { checkRestriction, readSettings, setRealityCheck, setRestriction } from './restrictions.ts';
import { sessionSummary } from './session-summary.ts';

export function responsiblePlayRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const auth = requireAuth(deps);

  app.get(RESPONSIBLE_PLAY_PATHS.settings, auth, async (c) =>
    c.json(await readSettings(deps.db, c.get('userId'), deps.now())),
  );

  app.post(RESPONSIBLE_PLAY_PATHS.restriction, auth, async (c) => {
    const wanted = checkRestriction(check(await readJson(c), SetRestrictionRequestSchema));
    const userId = c.get('userId');
    const { settings, changed } = await transaction(deps.db, (tx) =>
      setRestriction(tx, userId, wanted, deps.now()),
    );
    if (changed)
      deps.logger.info('play restriction set', {
        user_id: userId,
        restriction: settings.play_restriction,
        until: settings.play_restricted_until,
      });
    return c.json(settings, changed ? 201 : 200);
  });

  app.put(RESPONSIBLE_PLAY_PATHS.realityCheck, auth, async (c) => {
    const { minutes } = check(await readJson(c), SetRealityCheckRequestSchema);
    return c.json(await setRealityCheck(deps.db, c.get('userId'), minutes, deps.now()));
  });

  app.get(RESPONSIBLE_PLAY_PATHS.session, auth, async (c) =>
    c.json(await sessionSummary(deps.db, c.get('userId'), c.get('sessionId'), deps.now())),
  );

  return app;
}
