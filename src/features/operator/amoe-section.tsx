/** AMOE: mailed postal requests, and issuing the code of one (shown once to deliver by mail). */
import { useState } from 'react';
import { OPERATOR_API_PATHS } from '../../contract/operator.ts';
import { formatCoins, minorToDisplay } from '../../contract/money.ts';
import { Button } from '../../ui/button.tsx';
import { FormError } from '../../ui/form-error.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { operatorApi } from './operator-api.ts';
import { actions, list, muted, notice, panel } from './operator-styles.ts';
import { useOperatorAction } from './use-operator-action.ts';
import { useOperatorList } from './use-operator-list.ts';

interface PostalRequestRow {
  postalRequestCode: string;
  email: string;
  firstName: string;
  lastName: string;
  amountCents: number;
  createdAt: string;
  status: 'open' | 'issued';
}

export function AmoeSection({ onSignedOut }: { onSignedOut: () => void }) {
  const [status, setStatus] = useState<'open' | 'issued'>('open');
  const requests = useOperatorList<PostalRequestRow>(
    `${OPERATOR_API_PATHS.amoeRequests}?status=${status}`,
    onSignedOut,
  );
  const action = useOperatorAction(onSignedOut);

  const issue = (row: PostalRequestRow) =>
    void action
      .run(async () => {
        const answer = await operatorApi.post<{ code: string; expires_at: string }>(
          OPERATOR_API_PATHS.amoeCodes,
          {
            postal_request_code: row.postalRequestCode,
          },
        );
        return `Code for ${row.postalRequestCode} (${row.email}): ${answer.code}, expires ${new Date(answer.expires_at).toLocaleDateString()}. It is shown only now.`;
      })
      .then((ok) => ok && requests.reload());

  return (
    <section className={panel} aria-labelledby="operator-amoe">
      <h2 id="operator-amoe">Mail-in requests (AMOE)</h2>
      <p role="status" className={notice}>
        {action.result}
      </p>
      <FormError message={action.error ?? requests.error} />
      <SelectField
        label="Requests"
        name="amoe_status"
        value={status}
        onChange={(e) => setStatus(e.target.value === 'issued' ? 'issued' : 'open')}
        options={[
          { value: 'open', label: 'Open (no code yet)' },
          { value: 'issued', label: 'Code issued' },
        ]}
      />
      {requests.rows && requests.rows.length === 0 ? <p className={muted}>No {status} requests.</p> : null}
      <ul className={list} aria-label={`${status} mail-in requests`}>
        {(requests.rows ?? []).map((row) => (
          <li key={row.postalRequestCode}>
            <strong>{row.postalRequestCode}</strong> · {row.firstName} {row.lastName} · {row.email}
            <p className={muted}>
              {formatCoins('sweeps', minorToDisplay('sweeps', row.amountCents))} Sweeps Coins · requested{' '}
              {new Date(row.createdAt).toLocaleDateString()}
            </p>
            {row.status === 'open' ? (
              <div className={actions}>
                <Button
                  variant="secondary"
                  disabled={action.busy}
                  aria-label={`Issue code for ${row.postalRequestCode}`}
                  onClick={() => issue(row)}
                >
                  Issue code
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
