/** A player by email: set the identity state, or apply a support-side purchase-limit decrease. */
import { useState } from 'react';
import { OPERATOR_API_PATHS } from '../../contract/operator.ts';
import { formatUsd } from '../../contract/money.ts';
import { IDENTITY_STATES } from '../../contract/player-standing.ts';
import { PURCHASE_LIMIT_PERIODS } from '../../contract/wallet.ts';
import { Button } from '../../ui/button.tsx';
import { FormError } from '../../ui/form-error.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { operatorApi } from './operator-api.ts';
import { actions, formRow, notice, panel } from './operator-styles.ts';
import { useOperatorAction } from './use-operator-action.ts';

export function PlayerSection({ onSignedOut }: { onSignedOut: () => void }) {
  const action = useOperatorAction(onSignedOut);
  const [email, setEmail] = useState('');
  const [reason, setReason] = useState('');
  const [state, setState] = useState<string>('verified');
  const [period, setPeriod] = useState<string>('daily');
  const [amount, setAmount] = useState('');
  const ready = email.trim() !== '' && reason.trim() !== '';

  const setIdentity = () =>
    void action.run(async () => {
      const answer = await operatorApi.post<{ before: { identity_state: string } }>(
        OPERATOR_API_PATHS.identity,
        {
          email: email.trim(),
          state,
          reason: reason.trim(),
        },
      );
      return `Identity state of ${email.trim()}: ${answer.before.identity_state} → ${state}.`;
    });

  const decrease = () =>
    void action.run(async () => {
      await operatorApi.post(OPERATOR_API_PATHS.purchaseLimitDecrease, {
        email: email.trim(),
        period,
        amount_usd: Number(amount),
        reason: reason.trim(),
      });
      return `The ${period} purchase limit of ${email.trim()} is now ${formatUsd(Number(amount))}, in force now.`;
    });

  return (
    <section className={panel} aria-labelledby="operator-player">
      <h2 id="operator-player">Player</h2>
      <p role="status" className={notice}>
        {action.result}
      </p>
      <FormError message={action.error} />
      <div className={formRow}>
        <TextField
          label="Player email"
          name="player_email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          label="Reason"
          name="player_reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      <h3>Identity state</h3>
      <SelectField
        label="New identity state"
        name="identity_state"
        value={state}
        onChange={(e) => setState(e.target.value)}
        options={IDENTITY_STATES.map((s) => ({ value: s, label: s }))}
      />
      <div className={actions}>
        <Button variant="primary" disabled={!ready} loading={action.busy} onClick={setIdentity}>
          Set identity state
        </Button>
      </div>
      <h3>Purchase limit decrease</h3>
      <div className={formRow}>
        <SelectField
          label="Period"
          name="limit_period"
          value={period}
          onChange={(e) => setPeriod(e.target.value)}
          options={PURCHASE_LIMIT_PERIODS.map((p) => ({ value: p, label: p }))}
        />
        <TextField
          label="New limit (USD)"
          name="amount_usd"
          inputMode="decimal"
          hint="Only lower than the limit in force; it applies at once."
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
      </div>
      <div className={actions}>
        <Button variant="primary" disabled={!ready || !(Number(amount) > 0)} onClick={decrease}>
          Apply decrease
        </Button>
      </div>
    </section>
  );
}
