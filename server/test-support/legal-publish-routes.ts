/**
 * POST /test/legal-documents/publish (LEGAL_TEST_MODE): publishes a new version of a legal document
 * on a running server, so browser tests see the acceptance dialog. Mounted only by the test entries.
 */
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { LEGAL_ACCEPTANCE_PATHS, TestPublishRequestSchema } from '../../src/contract/legal-acceptance.ts';
import type { LegalDocumentType } from '../../src/contract/schemas.ts';
import type { AppDeps } from '../core/deps.ts';
import type { Queryable } from '../db/driver.ts';
import { transaction } from '../db/transaction.ts';
import type { AppEnv } from '../http/app-env.ts';
import { check, readJson } from '../http/validate.ts';

/**
 * A new version of `type`: the newest text with a dated revision line appended, as a changed
 * document file becomes a new version at the next start (legal-documents.ts seedLegalDocuments).
 */
export async function publishRevision(
  db: Queryable,
  type: LegalDocumentType,
  nowMs: number,
): Promise<{ type: LegalDocumentType; version: number }> {
  const rows = await db.query<{
    version: number | string;
    title: string;
    body: string;
    acceptance_required: boolean;
    scroll_required: boolean;
  }>(
    `SELECT version, title, body, acceptance_required, scroll_required FROM legal_documents
      WHERE type = $1 ORDER BY version DESC LIMIT 1`,
    [type],
  );
  const latest = rows[0];
  if (!latest) throw new Error(`no ${type} document to revise`);
  const version = Number(latest.version) + 1;
  const body = `${latest.body}\n\nRevision ${version}, published ${new Date(nowMs).toISOString()}.`;
  await db.query(
    `INSERT INTO legal_documents (type, version, title, body, body_sha256, acceptance_required, scroll_required, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      type,
      version,
      latest.title,
      body,
      createHash('sha256').update(body).digest('hex'),
      latest.acceptance_required,
      latest.scroll_required,
      new Date(nowMs).toISOString(),
    ],
  );
  return { type, version };
}

export function legalPublishRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post(LEGAL_ACCEPTANCE_PATHS.testPublish, async (c) => {
    const body = check(await readJson(c), TestPublishRequestSchema);
    const published = await transaction(deps.db, (tx) => publishRevision(tx, body.type, deps.now()));
    deps.logger.warn('legal document version published through the test path', published);
    return c.json(published, 201);
  });
  return app;
}
