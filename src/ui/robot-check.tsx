/**
 * "I'm not a robot" (contract/robot-check.ts), used by the mail-in postal request code and the join
 * form: ticking the box fetches a signed challenge from the server (`fetchChallenge`, the page's
 * call) and solves it (sandbox proof of work, robot-check-solver.ts); the solved token is handed
 * to the parent, which sends it with its call. A token works once and for 2 minutes: when it
 * expires the box unticks itself and says so. After a use the parent mounts a fresh box (key).
 */
import { useEffect, useRef, useState } from 'react';
import { css } from '@linaria/core';
import { ROBOT_CHECK_TEXTS, type RobotCheckChallenge } from '../contract/robot-check.ts';
import { CheckboxField } from './checkbox-field.tsx';
import { Spinner } from './spinner.tsx';
import { solveCaptchaChallenge } from './robot-check-solver.ts';

export interface RobotCheckToken {
  token: string;
  siteKey: string;
}

type Phase = 'idle' | 'checking' | 'verified';
/** setTimeout's longest delay (a longer one fires at once). */
const MAX_TIMER_MS = 2 ** 31 - 1;

const box = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: var(--space-3);
  padding: var(--space-3);
  margin: 0 0 var(--space-3);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
  background: var(--color-surface-2);
  & > div {
    margin: 0;
  }
`;
const status = css`
  font-size: 0.85rem;
  color: var(--color-text-muted);
`;

export function RobotCheck({
  onToken,
  fetchChallenge,
  disabled,
  error: refusal,
}: {
  onToken: (token: RobotCheckToken | null) => void;
  /** The page's call for a challenge (AMOE: the player's; join: the sign-up's). */
  fetchChallenge: () => Promise<RobotCheckChallenge>;
  disabled?: boolean;
  /** The server's refusal of the last token, shown until the box is ticked again. */
  error?: string | null;
}) {
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const expiry = useRef<ReturnType<typeof setTimeout> | null>(null);

  const clear = () => {
    abort.current?.abort();
    abort.current = null;
    if (expiry.current) clearTimeout(expiry.current);
    expiry.current = null;
  };

  useEffect(() => clear, []);

  async function tick(checked: boolean) {
    clear();
    setError(null);
    onToken(null);
    if (!checked) {
      setPhase('idle');
      return;
    }
    setPhase('checking');
    const controller = new AbortController();
    abort.current = controller;
    try {
      const challenge = await fetchChallenge();
      const answer = await solveCaptchaChallenge(
        challenge.challenge,
        challenge.difficulty,
        controller.signal,
      );
      if (controller.signal.aborted) return;
      onToken({ token: `${challenge.challenge}:${answer}`, siteKey: challenge.site_key });
      setPhase('verified');
      // Give up a little before the server would, so a post never races the expiry.
      const lifeMs = Math.min(
        MAX_TIMER_MS,
        Math.max(0, Date.parse(challenge.expires_at) - Date.now() - 5_000),
      );
      expiry.current = setTimeout(() => {
        onToken(null);
        setPhase('idle');
        setError(ROBOT_CHECK_TEXTS.expired);
      }, lifeMs);
    } catch (err) {
      if (controller.signal.aborted) return;
      setPhase('idle');
      setError(
        err instanceof Error && 'status' in err && (err as { status: number }).status === 0
          ? ROBOT_CHECK_TEXTS.offline
          : ROBOT_CHECK_TEXTS.failed,
      );
    }
  }

  return (
    <div className={box} data-testid="robot-check">
      <CheckboxField
        name="not_a_robot"
        label={ROBOT_CHECK_TEXTS.label}
        checked={phase !== 'idle'}
        disabled={disabled || phase === 'checking'}
        onChange={(e) => void tick(e.target.checked)}
        error={error ?? (phase === 'idle' ? refusal : null)}
      />
      <span className={status} aria-live="polite" data-testid="robot-check-status">
        {phase === 'checking' ? (
          <Spinner label="Checking..." />
        ) : phase === 'verified' ? (
          'Verified'
        ) : (
          'Sandbox check'
        )}
      </span>
    </div>
  );
}
