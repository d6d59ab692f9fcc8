/** Redemptions: the review list by status, and each step (approve, reject with a reason, sent, paid). */
import { useState } from 'react';
import { OPERATOR_API_PATHS, type RedemptionAction } from '../../contract/operator.ts';
import { formatUsd } from '../../contract/money.ts';
import type { Redemption } from '../../contract/redemption.ts';
import { Button } from '../../ui/button.tsx';
import { FormError } from '../../ui/form-error.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { operatorApi } from './operator-api.ts';
import { actions, formRow, list, muted, notice, panel } from './operator-styles.ts';
import { useOperatorAction } from './use-operator-action.ts';
import { useOperatorList } from './use-operator-list.ts';

/** A redemption as the review list answers it: the player's wire shape plus who asked. */
type ReviewRow = Redemption & { user_id: string; user_email: string };

const STATUSES = ['pending', 'approved', 'sent', 'paid', 'rejected', 'cancelled'] as const;
/** The steps each status allows (the server decides; these only choose the buttons shown). */
const STEPS: Record<string, readonly RedemptionAction[]> = {
  pending: ['approve', 'reject'],
  approved: ['mark-sent', 'reject'],
  sent: ['mark-paid', 'reject'],
};
const STEP_LABEL: Record<RedemptionAction, string> = {
  approve: 'Approve',
  reject: 'Reject',
  'mark-sent': 'Mark sent',
  'mark-paid': 'Mark paid',
};

/**
 * A prize-out is sent by the server to the prize-out provider when it is approved; its "mark sent"
 * sends it again (after a lost answer: the provider pays once) and its "mark paid" asks the
 * provider whether a processing payout was delivered.
 */
const PRIZE_OUT_LABEL: Partial<Record<RedemptionAction, string>> = {
  approve: 'Approve and send',
  'mark-sent': 'Send again',
  'mark-paid': 'Check payout',
};
const labelOf = (row: ReviewRow, which: RedemptionAction): string =>
  (row.method === 'prizeout' ? PRIZE_OUT_LABEL[which] : undefined) ?? STEP_LABEL[which];

const amountOf = (row: ReviewRow): string => formatUsd(row.usd);

export function RedemptionsSection({ onSignedOut }: { onSignedOut: () => void }) {
  const [status, setStatus] = useState<string>('pending');
  const [reason, setReason] = useState('');
  const redemptions = useOperatorList<ReviewRow>(
    `${OPERATOR_API_PATHS.redemptions}?status=${status}&limit=100`,
    onSignedOut,
  );
  const action = useOperatorAction(onSignedOut);

  const step = (row: ReviewRow, which: RedemptionAction) =>
    void action
      .run(async () => {
        const text = reason.trim();
        const answer = await operatorApi.post<{
          redemption?: { status: string; rejection_reason: string | null };
        }>(OPERATOR_API_PATHS.redemptionAction(row.id, which), text ? { reason: text } : {});
        const done = `${labelOf(row, which)}: redemption ${row.id.slice(0, 8)} of ${row.user_email} done.`;
        // A prize-out's answer says where the provider's answer left it (paid, sent, rejected).
        const sent = answer.redemption;
        if (!sent) return done;
        return `${done} The prize-out provider's answer: now ${sent.status}${
          sent.rejection_reason ? ` (${sent.rejection_reason})` : ''
        }.`;
      })
      .then((ok) => {
        if (!ok) return;
        if (which === 'reject') setReason('');
        redemptions.reload();
      });

  return (
    <section className={panel} aria-labelledby="operator-redemptions">
      <h2 id="operator-redemptions">Redemptions</h2>
      <p role="status" className={notice}>
        {action.result}
      </p>
      <FormError message={action.error ?? redemptions.error} />
      <div className={formRow}>
        <SelectField
          label="Status"
          name="redemption_status"
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          options={STATUSES.map((s) => ({ value: s, label: s }))}
        />
        <TextField
          label="Reason"
          name="redemption_reason"
          hint="Required to reject; the player reads it."
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      <Button variant="ghost" onClick={redemptions.reload}>
        Refresh
      </Button>
      {redemptions.rows && redemptions.rows.length === 0 ? (
        <p className={muted}>No {status} redemptions.</p>
      ) : null}
      <ul className={list} aria-label={`${status} redemptions`}>
        {(redemptions.rows ?? []).map((row) => (
          <li key={row.id}>
            <strong>{row.user_email}</strong> {amountOf(row)} · {row.method} · {row.status}
            <p className={muted}>
              {row.destination} · requested {new Date(row.created_at).toLocaleString()} · {row.id}
            </p>
            {row.rejection_reason ? <p className={muted}>Reason: {row.rejection_reason}</p> : null}
            <div className={actions}>
              {(STEPS[row.status] ?? []).map((which) => (
                <Button
                  key={which}
                  variant={which === 'reject' ? 'danger' : 'secondary'}
                  disabled={action.busy || (which === 'reject' && !reason.trim())}
                  aria-label={`${labelOf(row, which)} redemption of ${row.user_email} ${amountOf(row)}`}
                  onClick={() => step(row, which)}
                >
                  {labelOf(row, which)}
                </Button>
              ))}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
