/**
 * A marketing mail an operator sends from the console to every player who wants its category.
 * Left out: players who turned the category off, closed or suspended accounts, and players on a
 * break or self-excluded (responsible play: no offers while they stay away). Every mail carries
 * the signed preferences link in its text and the List-Unsubscribe headers.
 */
import {
  CATEGORY_FIELDS,
  COMMUNICATION_PREFERENCES_TEXTS,
  type MarketingMailingRequest,
  type MarketingMailingResult,
} from '../../../src/contract/communication-preferences.ts';
import type { Database } from '../../db/driver.ts';
import { transaction } from '../../db/transaction.ts';
import type { EmailProvider } from '../../providers/email/email-provider.ts';
import { writeAuditRow } from '../../core/audit.ts';
import { oneClickUnsubscribeUrl, preferencesLinkKey, preferencesPageUrl } from './preferences-link.ts';

export interface MailingDeps {
  db: Database;
  email: EmailProvider;
  publicOrigin: string;
  jwtSecret: string;
  now: () => number;
}

type AudienceRow = { id: string; email: string; wanted: boolean };

/** Every player with whether this mail may go to them. */
async function audience(
  db: Database,
  request: MarketingMailingRequest,
  nowIso: string,
): Promise<AudienceRow[]> {
  const field = CATEGORY_FIELDS[request.category];
  return db.query<AudienceRow>(
    `SELECT u.id, u.email,
            (u.account_state = 'active'
             AND u.suspended_at IS NULL
             AND (u.play_restriction IS NULL
                  OR (u.play_restricted_until IS NOT NULL AND u.play_restricted_until <= $1))
             AND COALESCE(p.${field}, true)) AS wanted
       FROM users u
       LEFT JOIN communication_preferences p ON p.user_id = u.id
      ORDER BY u.created_at, u.id`,
    [nowIso],
  );
}

export async function sendMarketingMailing(
  deps: MailingDeps,
  operatorId: string,
  request: MarketingMailingRequest,
): Promise<MarketingMailingResult> {
  const nowMs = deps.now();
  const key = preferencesLinkKey(deps.jwtSecret);
  const players = await audience(deps.db, request, new Date(nowMs).toISOString());
  let sent = 0;
  for (const player of players) {
    if (!player.wanted) continue;
    const pageUrl = preferencesPageUrl(deps.publicOrigin, key, player.id);
    await deps.email.send({
      kind: `marketing_${request.category}`,
      to: player.email,
      subject: request.subject,
      text: `${request.body_text}\n\n${COMMUNICATION_PREFERENCES_TEXTS.footer(pageUrl)}`,
      unsubscribe: { pageUrl, oneClickUrl: oneClickUnsubscribeUrl(deps.publicOrigin, key, player.id) },
    });
    sent += 1;
  }
  const skipped = players.length - sent;
  const mailingId = await transaction(deps.db, async (tx) => {
    const rows = await tx.query<{ id: string | number }>(
      `INSERT INTO marketing_mailings (category, subject, body_text, operator_id, sent_count, skipped_count, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [
        request.category,
        request.subject,
        request.body_text,
        operatorId,
        sent,
        skipped,
        new Date(nowMs).toISOString(),
      ],
    );
    const id = String(rows[0]?.id);
    await writeAuditRow(tx, {
      operatorId,
      nowMs,
      action: 'marketing_mailing_sent',
      playerId: null,
      subject: `mailing:${id}`,
      before: null,
      after: { category: request.category, subject: request.subject, sent, skipped },
      reason: null,
    });
    return id;
  });
  return { mailing_id: mailingId, sent, skipped };
}
