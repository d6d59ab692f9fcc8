/**
 * Mail through an SMTP relay (SMTP_URL), beside the outbox: every mail is first written as its
 * outbox row (and .eml file, outbox-email.ts), which is also its place in the delivery queue; a
 * sender then hands the queued rows to the relay with nodemailer.
 *
 * - After the commit: features call `send` once their transaction has committed, and the row is
 *   written in a statement of its own, so a rolled-back change mails nothing.
 * - Nothing lost: a row stays 'pending' until the relay accepts it. A relay that is down or
 *   answers 4xx is tried again with a growing pause (15 s, 30 s, 1 min ... at most 15 min) for
 *   up to a day; a permanent refusal (5xx, such as an unknown mailbox) or a day of failures marks
 *   the row 'failed' and logs an error.
 * - Never twice: a sender claims rows (a lease, FOR UPDATE SKIP LOCKED) before sending them, so
 *   two runs or two servers never send one row; a row sent is marked 'sent' and never claimed
 *   again. Each mail carries the Message-ID of its row, so in the one case left (the server dies
 *   between the relay's "250 OK" and the update) the copy sent again after the lease has the same
 *   Message-ID and mail systems treat it as the same message.
 */
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '../../../src/contract/constants.ts';
import type { Database } from '../../db/driver.ts';
import type { Logger } from '../../platform/logger.ts';
import type { EmailProvider } from './email-provider.ts';
import { createOutboxEmail } from './outbox-email.ts';

/** What the sender needs of a nodemailer transport (tests may give their own). */
export interface MailTransport {
  sendMail(mail: SendMailOptions): Promise<unknown>;
  close(): void;
}

export interface SmtpDeliveryOptions {
  db: Database;
  transport: MailTransport;
  now: () => number;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** How often queued mail is looked at besides right after a send (default 10 s). */
  intervalMs?: number;
  /** How long a claimed row is held by its sender (default 5 min; longer than a batch can take). */
  leaseMs?: number;
  /** Rows claimed at once (default 5). */
  batchSize?: number;
  /** How long a mail is retried before it is given up (default 24 h). */
  giveUpAfterMs?: number;
}

export interface DeliveryRun {
  sent: number;
  retrying: number;
  failed: number;
}

export interface SmtpDelivery {
  /** Asks for a run soon (after a send); a run under way runs again when it ends. */
  kick(): void;
  /** Runs until no due row is left; answers what this call did. */
  runOnce(): Promise<DeliveryRun>;
  /** Stops the timer, waits for a run under way and closes the transport. */
  stop(): Promise<void>;
}

const RETRY_FIRST_MS = 15_000;
const RETRY_MAX_MS = 15 * 60_000;
const DOMAIN = SUPPORT_EMAIL.split('@')[1]!;

/** The pause before try number `attempts + 1` after `attempts` failed tries. */
export const retryDelayMs = (attempts: number): number =>
  Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1));

/** The Message-ID of an outbox row: the same on every try, and in the row's .eml file. */
export const outboxMessageId = (id: number): string => `<outbox-${id}@${DOMAIN}>`;

/** A transport for SMTP_URL (smtp:// or smtps://, with user:password@ when the relay wants it). */
export function smtpTransport(url: string): MailTransport {
  const u = new URL(url);
  const secure = u.protocol === 'smtps:';
  return nodemailer.createTransport({
    host: u.hostname,
    port: u.port ? Number(u.port) : secure ? 465 : 587,
    secure,
    auth: u.username
      ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) }
      : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
}

type Row = {
  id: number | string;
  kind: string;
  to_address: string;
  subject: string;
  body_text: string;
  unsubscribe_page: string | null;
  unsubscribe_one_click: string | null;
  created_at: Date | string;
  smtp_attempts: number;
};

/** A refusal the relay will give again (5xx): trying later would not help. */
function permanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

const messageOf = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500);

export function startSmtpDelivery(options: SmtpDeliveryOptions): SmtpDelivery {
  const { db, transport, now, logger } = options;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const batchSize = options.batchSize ?? 5;
  const giveUpAfterMs = options.giveUpAfterMs ?? 24 * 60 * 60_000;

  const claim = async (): Promise<Row[]> => {
    const at = now();
    return db.query<Row>(
      `UPDATE outbox SET smtp_claimed_until = $2, smtp_attempts = smtp_attempts + 1
        WHERE id IN (SELECT id FROM outbox
                      WHERE smtp_state = 'pending' AND smtp_next_at <= $1
                        AND (smtp_claimed_until IS NULL OR smtp_claimed_until <= $1)
                      ORDER BY smtp_next_at, id LIMIT $3
                      FOR UPDATE SKIP LOCKED)
      RETURNING id, kind, to_address, subject, body_text, unsubscribe_page, unsubscribe_one_click,
                created_at, smtp_attempts`,
      [new Date(at).toISOString(), new Date(at + leaseMs).toISOString(), batchSize],
    );
  };

  const deliver = async (row: Row, run: DeliveryRun): Promise<void> => {
    const id = Number(row.id);
    const messageId = outboxMessageId(id);
    try {
      await transport.sendMail({
        from: { name: PRODUCT_NAME, address: SUPPORT_EMAIL },
        to: row.to_address,
        subject: row.subject,
        text: row.body_text,
        messageId,
        date: new Date(row.created_at),
        headers: {
          'X-Outbox-Kind': row.kind,
          ...(row.unsubscribe_one_click && row.unsubscribe_page
            ? {
                'List-Unsubscribe': `<${row.unsubscribe_one_click}>, <${row.unsubscribe_page}>`,
                'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
              }
            : {}),
        },
      });
    } catch (error) {
      const at = now();
      const givenUp = permanent(error) || at - new Date(row.created_at).getTime() >= giveUpAfterMs;
      await db.query(
        `UPDATE outbox SET smtp_state = $2, smtp_next_at = $3, smtp_claimed_until = NULL, smtp_error = $4
          WHERE id = $1 AND smtp_state = 'pending'`,
        [
          id,
          givenUp ? 'failed' : 'pending',
          new Date(at + retryDelayMs(row.smtp_attempts)).toISOString(),
          messageOf(error),
        ],
      );
      if (givenUp) {
        run.failed += 1;
        logger.error('mail given up', { outbox_id: id, kind: row.kind, error: messageOf(error) });
      } else {
        run.retrying += 1;
        logger.warn('mail relay refused or unreachable; will retry', {
          outbox_id: id,
          attempts: row.smtp_attempts,
          error: messageOf(error),
        });
      }
      return;
    }
    await db.query(
      `UPDATE outbox SET smtp_state = 'sent', smtp_sent_at = $2, smtp_claimed_until = NULL,
                         smtp_error = NULL, message_id = $3
        WHERE id = $1`,
      [id, new Date(now()).toISOString(), messageId],
    );
    run.sent += 1;
  };

  /** Claims and sends batches until none is due. */
  const drain = async (): Promise<DeliveryRun> => {
    const run: DeliveryRun = { sent: 0, retrying: 0, failed: 0 };
    for (;;) {
      // Oldest first (an UPDATE's RETURNING keeps no order).
      const rows = (await claim()).sort((a, b) => Number(a.id) - Number(b.id));
      if (rows.length === 0) return run;
      for (const row of rows) await deliver(row, run);
    }
  };

  let running: Promise<DeliveryRun> | null = null;
  let again = false;
  let stopped = false;
  const runOnce = (): Promise<DeliveryRun> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      const total: DeliveryRun = { sent: 0, retrying: 0, failed: 0 };
      do {
        again = false;
        try {
          const run = await drain();
          total.sent += run.sent;
          total.retrying += run.retrying;
          total.failed += run.failed;
        } catch (error) {
          logger.error('mail delivery run failed', { error: messageOf(error) });
        }
      } while (again && !stopped);
      return total;
    })().finally(() => {
      running = null;
    });
    return running;
  };

  const timer = setInterval(() => void runOnce(), options.intervalMs ?? 10_000);
  timer.unref();
  return {
    kick: () => {
      if (!stopped) void runOnce();
    },
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      transport.close();
    },
  };
}

/**
 * The e-mail provider with a relay: the outbox row, then a kick of the sender. `delivery` runs in
 * the background until stopped (server.ts stops it at shutdown).
 */
export function createSmtpEmail(
  options: Omit<SmtpDeliveryOptions, 'transport'> & { transport: MailTransport; outboxDir: string | null },
): { email: EmailProvider; delivery: SmtpDelivery } {
  const delivery = startSmtpDelivery(options);
  const email = createOutboxEmail(options.db, options.outboxDir, options.now, {
    smtp: { queued: () => delivery.kick() },
  });
  return { email, delivery };
}
