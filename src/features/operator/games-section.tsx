/** Games: put one under maintenance (until a time, or until taken off) and take it off. */
import { useState } from 'react';
import { OPERATOR_API_PATHS } from '../../contract/operator.ts';
import { Button } from '../../ui/button.tsx';
import { FormError } from '../../ui/form-error.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { operatorApi } from './operator-api.ts';
import { actions, formRow, list, muted, notice, panel } from './operator-styles.ts';
import { useOperatorAction } from './use-operator-action.ts';
import { useOperatorList } from './use-operator-list.ts';

interface OperatorGame {
  id: string;
  name: string;
  maintenance: boolean;
  maintenance_until: string | null;
}

/** A datetime-local value (the operator's local time) as an ISO instant, or null when empty. */
const localToIso = (value: string): string | null => (value ? new Date(value).toISOString() : null);

export function GamesSection({ onSignedOut }: { onSignedOut: () => void }) {
  const games = useOperatorList<OperatorGame>(OPERATOR_API_PATHS.games, onSignedOut);
  const action = useOperatorAction(onSignedOut);
  const [gameId, setGameId] = useState('');
  const [until, setUntil] = useState('');
  const [reason, setReason] = useState('');
  const chosen = gameId || games.rows?.[0]?.id || '';

  const set = (on: boolean) =>
    void action
      .run(async () => {
        await operatorApi.post(OPERATOR_API_PATHS.gameMaintenance(chosen), {
          on,
          until: on ? localToIso(until) : null,
          ...(reason.trim() ? { reason: reason.trim() } : {}),
        });
        const name = games.rows?.find((g) => g.id === chosen)?.name ?? chosen;
        return on ? `${name} is under maintenance.` : `${name} is open again.`;
      })
      .then((ok) => ok && games.reload());

  return (
    <section className={panel} aria-labelledby="operator-games">
      <h2 id="operator-games">Game maintenance</h2>
      <p role="status" className={notice}>
        {action.result}
      </p>
      <FormError message={action.error ?? games.error} />
      <div className={formRow}>
        <SelectField
          label="Game"
          name="game_id"
          value={chosen}
          onChange={(e) => setGameId(e.target.value)}
          options={(games.rows ?? []).map((g) => ({
            value: g.id,
            label: `${g.name}${g.maintenance ? ' (maintenance)' : ''}`,
          }))}
        />
        <TextField
          label="Until (optional)"
          name="until"
          type="datetime-local"
          hint="Leave empty to keep it under maintenance until taken off."
          value={until}
          onChange={(e) => setUntil(e.target.value)}
        />
        <TextField
          label="Reason (optional)"
          name="maintenance_reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      <div className={actions}>
        <Button variant="primary" loading={action.busy} disabled={!chosen} onClick={() => set(true)}>
          Put under maintenance
        </Button>
        <Button variant="secondary" disabled={!chosen || action.busy} onClick={() => set(false)}>
          Take off maintenance
        </Button>
      </div>
      <ul className={list} aria-label="Games under maintenance">
        {(games.rows ?? [])
          .filter((g) => g.maintenance)
          .map((g) => (
            <li key={g.id}>
              {g.name}
              <span className={muted}>
                {' '}
                —{' '}
                {g.maintenance_until
                  ? `until ${new Date(g.maintenance_until).toLocaleString()}`
                  : 'until taken off'}
              </span>
            </li>
          ))}
      </ul>
    </section>
  );
}
