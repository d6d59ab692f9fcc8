/**
 * Acceptance of the legal documents that must be accepted (terms, sweepstakes rules, privacy
 * policy; legal-documents.ts DOCUMENT_SPECS). Table legal_acceptances keeps one row per player
 * and document version with its time and how it was given. A document is pending for a player
 * while the newest version of its type has no acceptance row: so a new version asks every
 * player once, and the play gate refuses play (TERMS_ACCEPTANCE_REQUIRED) until it is accepted.
 */
import {
  LEGAL_ACCEPTANCE_ERROR_CODES,
  LEGAL_ACCEPTANCE_TEXTS,
  type AcceptedDocument,
  type PendingLegalDocument,
} from '../../../src/contract/legal-acceptance.ts';
import type { LegalDocumentType } from '../../../src/contract/schemas.ts';
import type { Queryable } from '../../db/driver.ts';
import { ApiError } from '../../http/api-error.ts';
import { LATEST_REQUIRED_SQL } from '../../core/pending-legal-documents.ts';

export type AcceptanceVia = 'sign_up' | 'sign_up_legacy' | 'updated_terms' | 'seed';

type LatestRow = {
  type: LegalDocumentType;
  version: number | string;
  title: string;
  body: string;
  scroll_required: boolean;
  created_at: Date | string;
};

const toPending = (r: LatestRow): PendingLegalDocument => ({
  type: r.type,
  version: Number(r.version),
  title: r.title,
  body: r.body,
  scroll_required: r.scroll_required,
  timestamp_created: new Date(r.created_at).toISOString(),
});

/** Terms first, then sweepstakes rules, then privacy: the order the documents are read in. */
const ORDER: LegalDocumentType[] = ['terms_conditions', 'sweeps_rules', 'privacy_policy'];
const byOrder = (a: { type: LegalDocumentType }, b: { type: LegalDocumentType }) =>
  ORDER.indexOf(a.type) - ORDER.indexOf(b.type);

export async function latestRequiredDocuments(db: Queryable): Promise<PendingLegalDocument[]> {
  const rows = await db.query<LatestRow>(LATEST_REQUIRED_SQL);
  return rows.map(toPending).sort(byOrder);
}

/** The newest versions this player has not accepted yet. */
export async function pendingDocuments(db: Queryable, userId: string): Promise<PendingLegalDocument[]> {
  const rows = await db.query<LatestRow>(
    `SELECT d.* FROM (${LATEST_REQUIRED_SQL}) d
      WHERE NOT EXISTS (SELECT 1 FROM legal_acceptances a
                         WHERE a.user_id = $1 AND a.document_type = d.type AND a.document_version = d.version)`,
    [userId],
  );
  return rows.map(toPending).sort(byOrder);
}

const notAcceptable = (message: string, field: string, type: string) =>
  new ApiError(400, LEGAL_ACCEPTANCE_ERROR_CODES.DOCUMENT_NOT_ACCEPTABLE, message, field, { type });

/**
 * Checks `documents` against the newest required versions: each type at most once, each one a
 * document that is accepted, each version the newest (409 DOCUMENT_VERSION_OUTDATED otherwise,
 * so a player never accepts a text other than the one in force).
 */
function checkAgainstLatest(
  documents: readonly AcceptedDocument[],
  latest: readonly PendingLegalDocument[],
  field: string,
): void {
  const seen = new Set<string>();
  for (const doc of documents) {
    if (seen.has(doc.type)) throw notAcceptable(`${doc.type} is listed twice.`, field, doc.type);
    seen.add(doc.type);
    const current = latest.find((l) => l.type === doc.type);
    if (!current) throw notAcceptable(`${doc.type} is not a document that is accepted.`, field, doc.type);
    if (current.version !== doc.version)
      throw new ApiError(
        409,
        LEGAL_ACCEPTANCE_ERROR_CODES.DOCUMENT_VERSION_OUTDATED,
        LEGAL_ACCEPTANCE_TEXTS.versionOutdated,
        field,
        { type: doc.type, latest_version: current.version },
      );
  }
}

async function insertAcceptances(
  tx: Queryable,
  userId: string,
  documents: readonly AcceptedDocument[],
  via: AcceptanceVia,
  nowMs: number,
): Promise<void> {
  if (documents.length === 0) return;
  // One statement; the unique key makes repeated or parallel accepts of a version one row.
  await tx.query(
    `INSERT INTO legal_acceptances (user_id, document_type, document_version, accepted_at, via)
     SELECT $1, t.type, t.version, $4, $5
       FROM unnest($2::text[], $3::int[]) AS t(type, version)
     ON CONFLICT (user_id, document_type, document_version) DO NOTHING`,
    [
      userId,
      documents.map((d) => d.type),
      documents.map((d) => d.version),
      new Date(nowMs).toISOString(),
      via,
    ],
  );
}

/** POST accept: records the versions (each must be the newest of its type) and answers what is still pending. */
export async function acceptDocuments(
  tx: Queryable,
  userId: string,
  documents: readonly AcceptedDocument[],
  nowMs: number,
): Promise<PendingLegalDocument[]> {
  checkAgainstLatest(documents, await latestRequiredDocuments(tx), 'documents');
  await insertAcceptances(tx, userId, documents, 'updated_terms', nowMs);
  return pendingDocuments(tx, userId);
}

/**
 * Sign-up, in the account's transaction. The join form sends the versions it showed
 * (`accepted_documents`): every document that must be accepted has to be there, at its newest
 * version. A join form from before acceptance was sent (absent field) required the same terms
 * checkbox, so the newest versions are recorded for it, marked sign_up_legacy.
 */
export async function acceptAtSignUp(
  tx: Queryable,
  userId: string,
  accepted: readonly AcceptedDocument[] | null | undefined,
  nowMs: number,
): Promise<void> {
  const latest = await latestRequiredDocuments(tx);
  if (accepted === null || accepted === undefined) {
    await insertAcceptances(
      tx,
      userId,
      latest.map((l) => ({ type: l.type, version: l.version })),
      'sign_up_legacy',
      nowMs,
    );
    return;
  }
  checkAgainstLatest(accepted, latest, 'accepted_documents');
  const missing = latest.find((l) => !accepted.some((a) => a.type === l.type));
  if (missing)
    throw new ApiError(
      400,
      LEGAL_ACCEPTANCE_ERROR_CODES.DOCUMENT_ACCEPTANCE_MISSING,
      LEGAL_ACCEPTANCE_TEXTS.mustAccept,
      'accepted_documents',
      { type: missing.type },
    );
  await insertAcceptances(tx, userId, accepted, 'sign_up', nowMs);
}

/** Records the newest versions for a player without asking (the seeded demo player, benchmarks' players). */
export async function acceptLatestWithoutAsking(
  tx: Queryable,
  userId: string,
  via: AcceptanceVia,
  nowMs: number,
): Promise<void> {
  const latest = await latestRequiredDocuments(tx);
  await insertAcceptances(
    tx,
    userId,
    latest.map((l) => ({ type: l.type, version: l.version })),
    via,
    nowMs,
  );
}
