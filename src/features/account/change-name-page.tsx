/**
 * /change-name: first and last name, then the confirm-full-name dialog {confirmFullName} (prizes
 * are paid to this name) before patch me saves it. The server applies the join form's name rules
 * and the one-account-per-person and household rules.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { openDialogForResult } from '../../state/dialog-actions.ts';
import { store } from '../../state/store.ts';
import { Button } from '../../ui/button.tsx';
import { focusField } from '../../ui/focus-field.ts';
import { FormError } from '../../ui/form-error.tsx';
import { Card, Notice, Page } from '../../ui/page.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { changeName } from './account-api.ts';
import { ACCOUNT_DIALOGS } from './account-dialog-kinds.ts';
import { formFailure } from './account-form.ts';
import { BackToAccount } from './back-to-account.tsx';
import './register-account-dialogs.ts';

const FIELDS = ['first_name', 'last_name'] as const;
type Field = (typeof FIELDS)[number];
const clean = (s: string): string => s.trim().replace(/\s+/g, ' ');

export default function ChangeNamePage() {
  const { user } = useSnapshot(store.session);
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    first_name: store.session.user?.first_name ?? '',
    last_name: store.session.user?.last_name ?? '',
  }));
  const [shown, setShown] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const first = clean(values.first_name);
    const last = clean(values.last_name);
    const errors: Partial<Record<Field, string>> = {};
    if (!first) errors.first_name = 'Please enter your first name.';
    if (!last) errors.last_name = 'Please enter your last name.';
    setShown(errors);
    setFormError(null);
    const missing = FIELDS.find((f) => errors[f]);
    if (missing) return focusField(formRef.current, missing);
    const answer = await openDialogForResult(ACCOUNT_DIALOGS.confirmFullName, {
      fullName: `${first} ${last}`,
    });
    if (answer?.confirmFullName !== true) return;
    setPending(true);
    try {
      const next = await changeName(first, last);
      setValues({ first_name: next.first_name, last_name: next.last_name });
      setSaved(true);
    } catch (error) {
      const failure = formFailure(error, FIELDS);
      if (failure.field) {
        setShown({ [failure.field]: failure.message });
        focusField(formRef.current, failure.field);
      } else setFormError(failure.message);
    } finally {
      setPending(false);
    }
  };

  const field = (name: Field, label: string, autoComplete: string) => (
    <TextField
      label={label}
      name={name}
      autoComplete={autoComplete}
      value={values[name]}
      error={shown[name]}
      maxLength={60}
      onChange={(e) => {
        setValues((v) => ({ ...v, [name]: e.target.value }));
        setShown((s) => ({ ...s, [name]: undefined }));
        setSaved(false);
      }}
      required
    />
  );

  return (
    <Page title="Change Name" width="narrow">
      {saved && user ? (
        <Notice tone="success" testId="name-changed">
          Your name is now {user.first_name} {user.last_name}.
        </Notice>
      ) : null}
      <Card>
        <p>Use your full legal name as it appears on your ID: prizes are paid only to it.</p>
        <form ref={formRef} noValidate onSubmit={onSubmit} aria-label="Change name">
          {field('first_name', 'First name', 'given-name')}
          {field('last_name', 'Last name', 'family-name')}
          <FormError message={formError} />
          <Button type="submit" fullWidth loading={pending}>
            Save name
          </Button>
        </form>
      </Card>
      <BackToAccount />
    </Page>
  );
}
