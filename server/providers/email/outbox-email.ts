/**
 * Outbox "mail relay": each mail becomes a row in the `outbox` table AND a plain-text .eml file in
 * DATA_DIR/outbox/ (named <UTC time>-<id>-<kind>.eml) that the operator can open in any mail
 * client or text editor. Nothing leaves the machine.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { COMPANY_NAME, PRODUCT_NAME, SUPPORT_EMAIL } from '../../../src/contract/constants.ts';
import type { Database } from '../../db/driver.ts';
import type { EmailMessage, EmailProvider } from './email-provider.ts';

const headerSafe = (s: string): string => s.replace(/[\r\n]+/g, ' ');

export function renderEml(message: EmailMessage, id: number, at: Date): string {
  return [
    `From: ${PRODUCT_NAME} <${SUPPORT_EMAIL}>`,
    `To: ${headerSafe(message.to)}`,
    `Subject: ${headerSafe(message.subject)}`,
    `Date: ${at.toUTCString()}`,
    `Message-ID: <outbox-${id}@${SUPPORT_EMAIL.split('@')[1]}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    `X-Outbox-Kind: ${headerSafe(message.kind)}`,
    ...(message.unsubscribe
      ? [
          `List-Unsubscribe: <${headerSafe(message.unsubscribe.oneClickUrl)}>, <${headerSafe(message.unsubscribe.pageUrl)}>`,
          'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
        ]
      : []),
    '',
    message.text,
    '',
    `-- ${COMPANY_NAME}`,
    '',
  ].join('\r\n');
}

export interface OutboxOptions {
  /**
   * With an SMTP relay (smtp-email.ts): each row is also queued for delivery (smtp_state
   * 'pending', due at once) and `queued` is called after the row is written.
   */
  smtp?: { queued: () => void };
}

export function createOutboxEmail(
  db: Database,
  outboxDir: string | null,
  now: () => number,
  options: OutboxOptions = {},
): EmailProvider {
  return {
    async send(message) {
      const at = new Date(now());
      const rows = await db.query<{ id: number | string }>(
        `INSERT INTO outbox (kind, to_address, subject, body_text, created_at, unsubscribe_page,
                             unsubscribe_one_click, smtp_state, smtp_next_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $5) RETURNING id`,
        [
          message.kind,
          message.to,
          message.subject,
          message.text,
          at.toISOString(),
          message.unsubscribe?.pageUrl ?? null,
          message.unsubscribe?.oneClickUrl ?? null,
          options.smtp ? 'pending' : null,
        ],
      );
      const id = Number(rows[0]?.id);
      options.smtp?.queued();
      if (!outboxDir) return;
      mkdirSync(outboxDir, { recursive: true });
      const stamp = at.toISOString().replace(/[:.]/g, '-');
      const fileName = `${stamp}-${id}-${message.kind.replace(/[^\w-]/g, '_')}.eml`;
      writeFileSync(path.join(outboxDir, fileName), renderEml(message, id, at), { mode: 0o600 });
      await db.query('UPDATE outbox SET file_name = $1 WHERE id = $2', [fileName, id]);
    },
  };
}
