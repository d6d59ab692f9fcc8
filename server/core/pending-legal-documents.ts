/**
 * Which legal documents a player still has to accept, as SQL: in core because the play gate asks it
 * in the same statement as the player's standing. The legal feature (features/legal) publishes the
 * documents and records acceptances.
 */

/** The newest version of each document type that must be accepted. */
export const LATEST_REQUIRED_SQL = `SELECT * FROM (
    SELECT DISTINCT ON (type) type, version, title, body, acceptance_required, scroll_required, created_at
      FROM legal_documents ORDER BY type, version DESC) latest
  WHERE latest.acceptance_required`;

/**
 * SQL condition, true while the player named by parameter `$<n>` has a pending document. Used
 * by the play gate in the same statement as the player's standing (one round trip per gate).
 */
export const pendingAcceptanceExistsSql = (userParam: string): string => `EXISTS (
  SELECT 1 FROM (${LATEST_REQUIRED_SQL}) d
   WHERE NOT EXISTS (SELECT 1 FROM legal_acceptances a
                      WHERE a.user_id = ${userParam} AND a.document_type = d.type AND a.document_version = d.version))`;
