/**
 * Legal documents. The texts live in ./documents/<type>.md (markdown-lite: "## " headings,
 * "- " list items, blank-line paragraphs) and are copied into legal_documents by the seed. When a
 * file's text changes, the next start stores it as a new version with a new timestamp, so
 * acceptance of an older version can be detected; the API answers the latest version of each
 * (legal-document-routes.ts).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { POLICY_PAGES } from '../../../src/contract/routes.ts';
import type { LegalDocument, LegalDocumentType } from '../../../src/contract/schemas.ts';
import type { Database, Queryable } from '../../db/driver.ts';
import { transaction } from '../../db/transaction.ts';
import { composeGameRules } from './game-rules.ts';

const DOCUMENTS_DIR = fileURLToPath(new URL('./documents/', import.meta.url));

interface DocumentSpec {
  type: LegalDocumentType;
  acceptance_required: boolean;
  scroll_required: boolean;
}

/** Terms, sweepstakes rules and privacy are accepted at sign-up (and again when they change); terms must be scrolled through. */
export const DOCUMENT_SPECS: DocumentSpec[] = [
  { type: 'terms_conditions', acceptance_required: true, scroll_required: true },
  { type: 'sweeps_rules', acceptance_required: true, scroll_required: false },
  { type: 'privacy_policy', acceptance_required: true, scroll_required: false },
  { type: 'game_rules', acceptance_required: false, scroll_required: false },
  { type: 'responsible_social_gaming', acceptance_required: false, scroll_required: false },
];

export const documentFile = (type: LegalDocumentType): string =>
  `${DOCUMENTS_DIR}${type.replace(/_/g, '-')}.md`;
const titleOf = (type: LegalDocumentType): string => POLICY_PAGES.find((p) => p.type === type)?.title ?? type;

export async function seedLegalDocuments(db: Database): Promise<void> {
  for (const spec of DOCUMENT_SPECS) {
    const text = readFileSync(documentFile(spec.type), 'utf8').trim();
    const body = spec.type === 'game_rules' ? composeGameRules(text) : text;
    const sha = createHash('sha256').update(body).digest('hex');
    await transaction(db, async (tx) => {
      const latest = await tx.query<{ version: number; body_sha256: string }>(
        'SELECT version, body_sha256 FROM legal_documents WHERE type = $1 ORDER BY version DESC LIMIT 1',
        [spec.type],
      );
      if (latest[0]?.body_sha256 === sha) return;
      await tx.query(
        `INSERT INTO legal_documents (type, version, title, body, body_sha256, acceptance_required, scroll_required)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          spec.type,
          (latest[0]?.version ?? 0) + 1,
          titleOf(spec.type),
          body,
          sha,
          spec.acceptance_required,
          spec.scroll_required,
        ],
      );
    });
  }
}

export async function latestLegalDocuments(db: Queryable): Promise<LegalDocument[]> {
  const rows = await db.query<{
    type: LegalDocumentType;
    version: number | string;
    title: string;
    body: string;
    acceptance_required: boolean;
    scroll_required: boolean;
    created_at: Date | string;
  }>(
    `SELECT DISTINCT ON (type) type, version, title, body, acceptance_required, scroll_required, created_at
       FROM legal_documents ORDER BY type, version DESC`,
  );
  const order = DOCUMENT_SPECS.map((s) => s.type);
  return rows
    .sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type))
    .map((r) => ({
      type: r.type,
      version: Number(r.version),
      title: r.title,
      body: r.body,
      acceptance_required: r.acceptance_required,
      scroll_required: r.scroll_required,
      timestamp_created: new Date(r.created_at).toISOString(),
    }));
}
