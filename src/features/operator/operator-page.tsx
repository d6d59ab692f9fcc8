/**
 * /operator: the operator console, outside the player guards and layout, in a chunk of its own
 * (player routes carry none of it). Its own sign-in (never a player account or token), then one
 * section per action; every action is audited by the server. Not for search engines.
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { OperatorSession } from '../../contract/operator.ts';
import { Button } from '../../ui/button.tsx';
import { operatorApi } from './operator-api.ts';
import { OperatorSignIn } from './operator-sign-in.tsx';
import { consolePage, muted, sectionNav, toolbar } from './operator-styles.ts';

/** The sections load once an operator is signed in: the page's first load is its sign-in form. */
const OperatorConsole = lazy(() => import('./operator-console.tsx'));

/** Sections of the Sweeps side, left out in gold-only mode. */
const SWEEPS_SECTIONS = ['operator-redemptions', 'operator-amoe'];
const SECTIONS = [
  ['operator-redemptions', 'Redemptions'],
  ['operator-amoe', 'Mail-in requests'],
  ['operator-player', 'Player'],
  ['operator-games', 'Games'],
  ['operator-properties', 'Properties'],
  ['operator-marketing', 'Marketing mail'],
  ['operator-promotions', 'Promotions'],
  ['operator-audit', 'Audit'],
] as const;

type SessionState =
  | { kind: 'loading' }
  | { kind: 'signed-out'; error?: string }
  | { kind: 'signed-in'; session: OperatorSession };

export function OperatorPage() {
  const [state, setState] = useState<SessionState>({ kind: 'loading' });
  const [goldOnly, setGoldOnly] = useState(false);

  useEffect(() => {
    document.title = 'Operator console';
    let live = true;
    operatorApi.goldOnly().then(
      (on) => live && setGoldOnly(on),
      () => undefined,
    );
    operatorApi.session().then(
      (session) => live && setState(session ? { kind: 'signed-in', session } : { kind: 'signed-out' }),
      () => live && setState({ kind: 'signed-out', error: 'The server could not be reached.' }),
    );
    return () => {
      live = false;
    };
  }, []);

  const onSignedOut = useCallback(() => setState({ kind: 'signed-out' }), []);
  const signOut = () => void operatorApi.signOut().finally(onSignedOut);

  return (
    <main className={consolePage}>
      <meta name="robots" content="noindex, nofollow" />
      <div className={toolbar}>
        <h1>Operator console</h1>
        {state.kind === 'signed-in' ? (
          <Button variant="secondary" onClick={signOut}>
            Sign out
          </Button>
        ) : null}
      </div>
      {state.kind === 'loading' ? <p role="status">Loading…</p> : null}
      {state.kind === 'signed-out' ? (
        <>
          {state.error ? <p role="alert">{state.error}</p> : null}
          <OperatorSignIn onSignedIn={(session) => setState({ kind: 'signed-in', session })} />
        </>
      ) : null}
      {state.kind === 'signed-in' ? (
        <>
          <p className={muted}>Signed in as {state.session.operator.email}</p>
          <nav className={sectionNav} aria-label="Console sections">
            <ul>
              {SECTIONS.filter(([id]) => !goldOnly || !SWEEPS_SECTIONS.includes(id)).map(([id, label]) => (
                <li key={id}>
                  <a href={`#${id}`}>{label}</a>
                </li>
              ))}
            </ul>
          </nav>
          <Suspense fallback={<p role="status">Loading…</p>}>
            <OperatorConsole goldOnly={goldOnly} onSignedOut={onSignedOut} />
          </Suspense>
        </>
      ) : null}
    </main>
  );
}

export default OperatorPage;
