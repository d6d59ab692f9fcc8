/** GET /legal-documents: the latest version of each legal document (legal-documents.ts). */
import { Hono } from 'hono';
import { API_PATHS } from '../../../src/contract/api-paths.ts';
import type { AppEnv } from '../../http/app-env.ts';
import type { AppDeps } from '../../core/deps.ts';
import { latestLegalDocuments } from './legal-documents.ts';

export function legalRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get(API_PATHS.legalDocuments, async (c) => c.json({ results: await latestLegalDocuments(deps.db) }));
  return app;
}
