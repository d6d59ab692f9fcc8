/**
 * Legal acceptance routes: the documents awaiting this player's acceptance, and accepting them
 * (publishing a new version on a running server is a test route: test-support/legal-publish-routes.ts).
 */
import { Hono } from 'hono';
import {
  AcceptLegalDocumentsRequestSchema,
  LEGAL_ACCEPTANCE_PATHS,
} from '../../../src/contract/legal-acceptance.ts';
import { transaction } from '../../db/transaction.ts';
import type { AppEnv } from '../../http/app-env.ts';
import type { AppDeps } from '../../core/deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { check, readJson } from '../../http/validate.ts';
import { acceptDocuments, pendingDocuments } from './legal-acceptance.ts';

export function legalAcceptanceRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const auth = requireAuth(deps);

  app.get(LEGAL_ACCEPTANCE_PATHS.pending, auth, async (c) =>
    c.json({ results: await pendingDocuments(deps.db, c.get('userId')) }),
  );

  app.post(LEGAL_ACCEPTANCE_PATHS.accept, auth, async (c) => {
    const body = check(await readJson(c), AcceptLegalDocumentsRequestSchema);
    const userId = c.get('userId');
    const pending = await transaction(deps.db, (tx) =>
      acceptDocuments(tx, userId, body.documents, deps.now()),
    );
    deps.logger.info('legal documents accepted', {
      user_id: userId,
      documents: body.documents.map((d) => `${d.type}@${d.version}`).join(','),
    });
    return c.json({ results: pending });
  });

  return app;
}
