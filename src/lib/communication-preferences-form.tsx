/**
 * The marketing mail preferences form, used signed in (My Account) and from the signed link of a
 * marketing mail (/update-communication-preferences, no sign-in): one checkbox per category,
 * Save, and "Unsubscribe from all marketing email" as the one click the link promises.
 */
import { useState, type FormEvent } from 'react';
import { css } from '@linaria/core';
import {
  COMMUNICATION_PREFERENCES_TEXTS as TEXTS,
  MARKETING_CATEGORIES,
  CATEGORY_FIELDS,
  type CommunicationPreferences,
  type CommunicationPreferencesUpdate,
} from '../contract/communication-preferences.ts';
import { OFFLINE_ACTION_MESSAGE, useOnline } from '../pwa/online-status.ts';
import { Button } from '../ui/button.tsx';
import { CheckboxField } from '../ui/checkbox-field.tsx';
import { FormError } from '../ui/form-error.tsx';
import { isApiError } from './api-client.ts';

const hint = css`
  margin: calc(-1 * var(--space-2)) 0 var(--space-3) 2rem;
  color: var(--color-text-muted);
  font-size: 0.9rem;
`;
const actions = css`
  display: flex;
  flex-wrap: wrap;
  gap: var(--space-3);
  margin-top: var(--space-3);
`;
const fieldset = css`
  border: 0;
  margin: 0;
  padding: 0;
  min-width: 0;
  & legend {
    padding: 0;
    margin-bottom: var(--space-2);
    font-weight: 700;
  }
`;

export interface CommunicationPreferencesFormProps {
  /** Where the form's ids start (two forms never share a page, but tests render both). */
  idPrefix: string;
  current: CommunicationPreferences;
  save(change: CommunicationPreferencesUpdate): Promise<unknown>;
}

export function CommunicationPreferencesForm({ idPrefix, current, save }: CommunicationPreferencesFormProps) {
  const online = useOnline();
  const [values, setValues] = useState(current);
  const [busy, setBusy] = useState<'save' | 'all' | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  // A saved answer (or another tab's change on revalidation) resets the boxes to what the server has.
  const [shown, setShown] = useState(current);
  if (shown !== current) {
    setShown(current);
    setValues(current);
  }

  async function run(kind: 'save' | 'all', change: CommunicationPreferencesUpdate, done: string) {
    if (!online) {
      setError(OFFLINE_ACTION_MESSAGE);
      return;
    }
    setBusy(kind);
    setError(null);
    setStatus('');
    try {
      await save(change);
      setStatus(done);
    } catch (err) {
      setError(isApiError(err) ? err.message : 'Your preferences could not be saved. Please try again.');
    } finally {
      setBusy(null);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void run(
      'save',
      { promotions_email: values.promotions_email, news_email: values.news_email },
      TEXTS.saved,
    );
  }

  return (
    <form onSubmit={onSubmit} aria-describedby={`${idPrefix}-intro`} noValidate>
      <p id={`${idPrefix}-intro`}>{TEXTS.intro}</p>
      <fieldset className={fieldset}>
        <legend>Marketing email</legend>
        {MARKETING_CATEGORIES.map((category) => {
          const field = CATEGORY_FIELDS[category];
          const text = TEXTS.categories[category];
          return (
            <div key={category}>
              <CheckboxField
                id={`${idPrefix}-${category}`}
                name={field}
                label={text.label}
                checked={values[field]}
                aria-describedby={`${idPrefix}-${category}-hint`}
                onChange={(e) => setValues((v) => ({ ...v, [field]: e.currentTarget.checked }))}
              />
              <p id={`${idPrefix}-${category}-hint`} className={hint}>
                {text.hint}
              </p>
            </div>
          );
        })}
      </fieldset>
      <div className={actions}>
        <Button type="submit" loading={busy === 'save'} disabled={busy !== null}>
          {TEXTS.save}
        </Button>
        <Button
          variant="secondary"
          loading={busy === 'all'}
          disabled={busy !== null}
          onClick={() => void run('all', { promotions_email: false, news_email: false }, TEXTS.unsubscribed)}
        >
          {TEXTS.unsubscribeAll}
        </Button>
      </div>
      <p role="status" aria-live="polite" data-testid="preferences-status">
        {status}
      </p>
      <FormError message={error} />
    </form>
  );
}
