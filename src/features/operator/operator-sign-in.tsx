/** The operator's own sign-in form (never a player's account). */
import { useState, type FormEvent } from 'react';
import type { OperatorSession } from '../../contract/operator.ts';
import { Button } from '../../ui/button.tsx';
import { FormError } from '../../ui/form-error.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { OperatorApiError, operatorApi } from './operator-api.ts';
import { panel } from './operator-styles.ts';

export function OperatorSignIn({ onSignedIn }: { onSignedIn: (session: OperatorSession) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await operatorApi.signIn(email, password));
    } catch (e) {
      setError(e instanceof OperatorApiError ? e.message : 'Sign-in failed.');
      setPassword('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={panel} aria-label="Operator sign-in" onSubmit={(e) => void submit(e)} noValidate>
      <h2>Operator sign-in</h2>
      <p>For operators only. Player accounts cannot sign in here.</p>
      <FormError message={error} />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="username"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Button type="submit" variant="primary" loading={busy} fullWidth>
        Sign in
      </Button>
    </form>
  );
}
