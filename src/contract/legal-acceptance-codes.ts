/**
 * The legal acceptance error codes (src/contract/legal-acceptance.ts re-exports them), in a module
 * of their own so the join page can tell an outdated version apart without loading the rest of
 * the acceptance contract.
 */
export const LEGAL_ACCEPTANCE_ERROR_CODES = {
  /** 409: a version sent is not the newest of its type (a newer one was published meanwhile); extra.type, extra.latest_version. */
  DOCUMENT_VERSION_OUTDATED: 'DOCUMENT_VERSION_OUTDATED',
  /** 400: a document that must be accepted is missing from the join form's list; field accepted_documents, extra.type. */
  DOCUMENT_ACCEPTANCE_MISSING: 'DOCUMENT_ACCEPTANCE_MISSING',
  /** 400: the type is not one that is accepted (game rules, responsible social gaming), or listed twice. */
  DOCUMENT_NOT_ACCEPTABLE: 'DOCUMENT_NOT_ACCEPTABLE',
} as const;
export type LegalAcceptanceErrorCode =
  (typeof LEGAL_ACCEPTANCE_ERROR_CODES)[keyof typeof LEGAL_ACCEPTANCE_ERROR_CODES];
