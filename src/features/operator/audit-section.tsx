/** The latest audit rows: who did what to whom, when, before and after, and why. */
import { OPERATOR_API_PATHS, type AuditRow } from '../../contract/operator.ts';
import { Button } from '../../ui/button.tsx';
import { FormError } from '../../ui/form-error.tsx';
import { list, muted, panel } from './operator-styles.ts';
import { useOperatorList } from './use-operator-list.ts';

export function AuditSection({ onSignedOut }: { onSignedOut: () => void }) {
  const audit = useOperatorList<AuditRow>(`${OPERATOR_API_PATHS.audit}?limit=30`, onSignedOut);
  return (
    <section className={panel} aria-labelledby="operator-audit">
      <h2 id="operator-audit">Audit trail</h2>
      <FormError message={audit.error} />
      <Button variant="ghost" onClick={audit.reload}>
        Refresh
      </Button>
      <ul className={list} aria-label="Latest operator actions">
        {(audit.rows ?? []).map((row) => (
          <li key={row.id}>
            <strong>{row.action}</strong> {row.subject ?? ''} · {row.operator_email} ·{' '}
            <time dateTime={row.at}>{new Date(row.at).toLocaleString()}</time>
            {row.reason ? <p className={muted}>Reason: {row.reason}</p> : null}
            <p className={muted}>
              {JSON.stringify(row.before)} → {JSON.stringify(row.after)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
