/**
 * SMS sandbox: each text becomes a row in the `outbox` table (kind 'sms', to_address the number,
 * subject the purpose, body_text the message) AND a plain-text file in DATA_DIR/outbox/ (named
 * <UTC time>-<id>-sms.txt), next to the mails, so the operator and the tests can read a code.
 * Nothing leaves the machine.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Queryable } from '../../db/driver.ts';
import type { SmsMessage, SmsProvider } from './sms-provider.ts';

export const SMS_OUTBOX_KIND = 'sms';

export const renderSmsFile = (message: SmsMessage, at: Date): string =>
  [
    `To: ${message.to}`,
    `Date: ${at.toUTCString()}`,
    `Purpose: ${message.purpose}`,
    '',
    message.text,
    '',
  ].join('\n');

export function createOutboxSms(db: Queryable, outboxDir: string | null, now: () => number): SmsProvider {
  return {
    async send(message) {
      const at = new Date(now());
      const rows = await db.query<{ id: number | string }>(
        'INSERT INTO outbox (kind, to_address, subject, body_text, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        [SMS_OUTBOX_KIND, message.to, message.purpose, message.text, at.toISOString()],
      );
      const id = Number(rows[0]?.id);
      if (!outboxDir) return;
      mkdirSync(outboxDir, { recursive: true });
      const fileName = `${at.toISOString().replace(/[:.]/g, '-')}-${id}-sms.txt`;
      writeFileSync(path.join(outboxDir, fileName), renderSmsFile(message, at), { mode: 0o600 });
      await db.query('UPDATE outbox SET file_name = $1 WHERE id = $2', [fileName, id]);
    },
  };
}
