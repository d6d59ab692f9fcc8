/**
 * Legal documents acceptance (spec sections 3, 4 and 5): which versions of the documents that
 * must be accepted (terms, sweepstakes rules, privacy policy) a player accepted, and which new
 * versions still await acceptance. The server refuses play (TERMS_ACCEPTANCE_REQUIRED, see
 * player-standing.ts) until every pending one is accepted. Framework-free: app and server.
 */
import { array, enums, integer, object, size, type, string, boolean, type Infer } from 'superstruct';
import { LEGAL_DOCUMENT_TYPES } from './schemas.ts';

export const LEGAL_ACCEPTANCE_PATHS = {
  /** GET -> PendingLegalDocumentsResponse: the newest versions this player has not accepted yet. */
  pending: '/legal-acceptances/pending',
  /** POST AcceptLegalDocumentsRequest -> PendingLegalDocumentsResponse (what is still pending after). */
  accept: '/legal-acceptances',
  /**
   * POST { type } (test mode only, LEGAL_TEST_MODE=true): publishes a new version of a document
   * with a revision line appended, as a changed document file does at the next start.
   */
  testPublish: '/test/legal-documents/publish',
} as const;

/** A document version as the join form and the updated-terms dialog send it back. */
export const AcceptedDocumentSchema = object({
  type: enums(LEGAL_DOCUMENT_TYPES),
  version: size(integer(), 1, 1_000_000),
});
export type AcceptedDocument = Infer<typeof AcceptedDocumentSchema>;

/** At most one entry per document type. */
export const MAX_ACCEPTED_DOCUMENTS = LEGAL_DOCUMENT_TYPES.length;

export const AcceptLegalDocumentsRequestSchema = object({
  documents: size(array(AcceptedDocumentSchema), 1, MAX_ACCEPTED_DOCUMENTS),
});
export type AcceptLegalDocumentsRequest = Infer<typeof AcceptLegalDocumentsRequestSchema>;

export const TestPublishRequestSchema = object({ type: enums(LEGAL_DOCUMENT_TYPES) });

export const PendingLegalDocumentSchema = type({
  type: enums(LEGAL_DOCUMENT_TYPES),
  version: integer(),
  title: string(),
  body: string(),
  scroll_required: boolean(),
  timestamp_created: string(),
});
export type PendingLegalDocument = Infer<typeof PendingLegalDocumentSchema>;
export const PendingLegalDocumentsResponseSchema = type({ results: array(PendingLegalDocumentSchema) });
export type PendingLegalDocumentsResponse = Infer<typeof PendingLegalDocumentsResponseSchema>;

export { LEGAL_ACCEPTANCE_ERROR_CODES, type LegalAcceptanceErrorCode } from './legal-acceptance-codes.ts';

/** Spec section 5's exact texts. */
export const LEGAL_ACCEPTANCE_TEXTS = {
  mustAccept:
    'Please read the full Terms & Conditions by scrolling to the end and accept by clicking the checkbox.',
  checkbox:
    'I am at least 18 years old (or the age of majority in my state) and I agree to the Terms and Conditions',
  /** Why the checkbox is still disabled (read by screen readers through aria-describedby). */
  scrollFirst: 'Scroll to the end of the Terms and Conditions to enable the checkbox.',
  reachedEnd: 'You have reached the end of the documents.',
  updatedTitle: 'Updated Terms',
  updatedIntro:
    'We have updated the documents below. Please read them and accept to continue to play. You can still sign out instead.',
  versionOutdated: 'A newer version was published while you were reading. Please read it and accept again.',
} as const;
