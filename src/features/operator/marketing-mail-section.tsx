/**
 * Marketing mail: a subject and text sent to every player whose communication preferences want
 * the category (closed accounts, players on a break or self-excluded are left out by the
 * server). Each mail carries the player's signed preferences link and one-click unsubscribe.
 */
import { useState } from 'react';
import {
  COMMUNICATION_PREFERENCES_TEXTS,
  MARKETING_CATEGORIES,
  type MarketingCategory,
  type MarketingMailingResult,
} from '../../contract/communication-preferences.ts';
import { OPERATOR_API_PATHS } from '../../contract/operator.ts';
import { Button } from '../../ui/button.tsx';
import { FormError } from '../../ui/form-error.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { operatorApi } from './operator-api.ts';
import { actions, muted, notice, panel, valueBox } from './operator-styles.ts';
import { useOperatorAction } from './use-operator-action.ts';

export function MarketingMailSection({ onSignedOut }: { onSignedOut: () => void }) {
  const [category, setCategory] = useState<MarketingCategory>('promotions');
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const action = useOperatorAction(onSignedOut);

  const send = () =>
    void action
      .run(async () => {
        const r = await operatorApi.post<MarketingMailingResult>(OPERATOR_API_PATHS.marketingMailings, {
          category,
          subject: subject.trim(),
          body_text: text.trim(),
        });
        return `Sent to ${r.sent} players; ${r.skipped} left out (opted out, closed, on a break or self-excluded).`;
      })
      .then((ok) => {
        if (ok) {
          setSubject('');
          setText('');
        }
      });

  return (
    <section className={panel} aria-labelledby="operator-marketing">
      <h2 id="operator-marketing">Marketing mail</h2>
      <p className={muted}>
        Goes only to players who want the category. The player&apos;s preferences link and one-click
        unsubscribe are added to every mail.
      </p>
      <p role="status" className={notice}>
        {action.result}
      </p>
      <FormError message={action.error} />
      <SelectField
        label="Category"
        name="marketing_category"
        value={category}
        onChange={(e) => setCategory(e.target.value === 'news' ? 'news' : 'promotions')}
        options={MARKETING_CATEGORIES.map((c) => ({
          value: c,
          label: COMMUNICATION_PREFERENCES_TEXTS.categories[c].label,
        }))}
      />
      <TextField
        label="Subject"
        name="marketing_subject"
        maxLength={150}
        required
        value={subject}
        onChange={(e) => setSubject(e.target.value)}
      />
      <label htmlFor="operator-marketing-text">Text</label>
      <textarea
        id="operator-marketing-text"
        className={valueBox}
        maxLength={10_000}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <div className={actions}>
        <Button
          variant="primary"
          loading={action.busy}
          disabled={!subject.trim() || !text.trim()}
          onClick={send}
        >
          Send marketing mail
        </Button>
      </div>
    </section>
  );
}
