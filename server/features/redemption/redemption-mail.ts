/**
 * The mail a player gets when an operator moves a redemption on (approved, sent, paid, rejected
 * with the reason): sent after the step's transaction committed, through the e-mail provider
 * (outbox, and the SMTP relay with SMTP_URL: docs/operations.md "Outgoing mail"). A mail that
 * cannot be queued is logged and never undoes the step.
 */
import { PRODUCT_NAME, SUPPORT_EMAIL } from '../../../src/contract/constants.ts';
import { centsToDisplay, formatUsd } from '../../../src/contract/money.ts';
import { REDEMPTION_METHOD_LABELS } from '../../../src/contract/redemption.ts';
import { ROUTES } from '../../../src/contract/routes.ts';
import type { Queryable } from '../../db/driver.ts';
import type { Logger } from '../../platform/logger.ts';
import type { EmailProvider } from '../../providers/email/email-provider.ts';
import { findUserContact } from '../../core/users/users-repo.ts';
import type { RedemptionRow } from './redemption-store.ts';

export interface RedemptionMailDeps {
  db: Queryable;
  email: EmailProvider;
  logger: Pick<Logger, 'error'>;
  publicOrigin: string;
}

const WHAT: Partial<
  Record<RedemptionRow['status'], (r: RedemptionRow) => { subject: string; line: string }>
> = {
  approved: () => ({
    subject: `Your ${PRODUCT_NAME} redemption was approved`,
    line: 'was approved. We send the payout next and will tell you when it leaves.',
  }),
  sent: () => ({
    subject: `Your ${PRODUCT_NAME} redemption is on its way`,
    line: 'has been sent. Depending on the method it can take a few business days to arrive.',
  }),
  paid: () => ({
    subject: `Your ${PRODUCT_NAME} redemption was paid`,
    line: 'was paid. Thank you for playing.',
  }),
  rejected: (r) => ({
    subject: `Your ${PRODUCT_NAME} redemption was not approved`,
    line: `was not approved: ${r.rejection_reason ?? 'see your redemption history'}. The Sweeps Coins held for it are back in your balance.`,
  }),
};

/** Mails the player the redemption's new status (statuses without a mail send nothing). */
export async function mailRedemptionStatus(deps: RedemptionMailDeps, row: RedemptionRow): Promise<void> {
  const what = WHAT[row.status]?.(row);
  if (!what) return;
  try {
    const player = await findUserContact(deps.db, row.user_id);
    if (!player) return;
    const amount = formatUsd(centsToDisplay(Number(row.usd_cents)));
    await deps.email.send({
      kind: `redemption_${row.status}`,
      to: player.email,
      subject: what.subject,
      text: [
        `Hi ${player.first_name},`,
        '',
        `Your redemption of ${amount} by ${REDEMPTION_METHOD_LABELS[row.method]} ${what.line}`,
        '',
        `Your redemptions: ${deps.publicOrigin}${ROUTES.redeem}`,
        '',
        `Questions? Write to ${SUPPORT_EMAIL}.`,
      ].join('\n'),
    });
  } catch (error) {
    deps.logger.error('redemption mail not queued', {
      redemption_id: row.id,
      status: row.status,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
