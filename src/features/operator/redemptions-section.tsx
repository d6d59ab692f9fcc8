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
        await operatorApi.post(
          OPERATOR_API_PATHS.redemptionAction(row.id, which),
          text ? { reason: text } : {},
        );
        return `${STEP_LABEL[which]}: redemption ${row.id.slice(0, 8)} of ${row.user_email} done.`;
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
                  aria-label={`${STEP_LABEL[which]} redemption of ${row.user_email} ${amountOf(row)}`}
                  onClick={() => step(row, which)}
                >
                  {STEP_LABEL[which]}
                </Button>
              ))}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
