/** Named properties: read every value, edit one (checked by the server against its rule). */
import { useState } from 'react';
import { OPERATOR_API_PATHS, type OperatorProperty } from '../../contract/operator.ts';
import { Button } from '../../ui/button.tsx';
import { FormError } from '../../ui/form-error.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { operatorApi } from './operator-api.ts';
import { actions, muted, notice, panel, valueBox } from './operator-styles.ts';
import { useOperatorAction } from './use-operator-action.ts';
import { useOperatorList } from './use-operator-list.ts';

export function PropertiesSection({ onSignedOut }: { onSignedOut: () => void }) {
  const properties = useOperatorList<OperatorProperty>(OPERATOR_API_PATHS.properties, onSignedOut);
  const action = useOperatorAction(onSignedOut);
  const [name, setName] = useState('');
  const [draft, setDraft] = useState<{ name: string; value: string } | null>(null);
  const [reason, setReason] = useState('');
  const rows = properties.rows ?? [];
  const chosen = rows.find((p) => p.name === name) ?? rows[0];
  const value = draft && draft.name === chosen?.name ? draft.value : (chosen?.value ?? '');

  const save = () =>
    void action
      .run(async () => {
        if (!chosen) return '';
        await operatorApi.put(OPERATOR_API_PATHS.property(chosen.name), { value, reason });
        return `${chosen.name} saved.`;
      })
      .then((ok) => {
        if (!ok) return;
        setDraft(null);
        setReason('');
        properties.reload();
      });

  return (
    <section className={panel} aria-labelledby="operator-properties">
      <h2 id="operator-properties">Named properties</h2>
      <p role="status" className={notice}>
        {action.result}
      </p>
      <FormError message={action.error ?? properties.error} />
      <SelectField
        label="Property"
        name="property_name"
        value={chosen?.name ?? ''}
        onChange={(e) => {
          setName(e.target.value);
          setDraft(null);
        }}
        options={rows.map((p) => ({ value: p.name, label: p.read_only ? `${p.name} (read-only)` : p.name }))}
      />
      {chosen ? (
        <>
          <label htmlFor="operator-property-value">Value</label>
          <textarea
            id="operator-property-value"
            className={valueBox}
            aria-describedby="operator-property-expected"
            readOnly={chosen.read_only}
            value={value}
            onChange={(e) => setDraft({ name: chosen.name, value: e.target.value })}
          />
          <p id="operator-property-expected" className={muted}>
            Must be {chosen.expected}.
          </p>
          <TextField
            label="Reason"
            name="property_reason"
            required
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          <div className={actions}>
            <Button
              variant="primary"
              loading={action.busy}
              disabled={chosen.read_only || !reason.trim()}
              onClick={save}
            >
              Save property
            </Button>
          </div>
        </>
      ) : null}
    </section>
  );
}
