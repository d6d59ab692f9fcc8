/**
 * "I'm not a robot": ticking the box fetches a signed challenge from the server and solves it
 * (sandbox proof of work, captcha-solver.ts); the solved token is handed to the parent, which
 * sends it with the postal request code call. A token works once and for 2 minutes: when it
 * expires the box unticks itself and says so. After a use the parent mounts a fresh box (key).
 */
import { useEffect, useRef, useState } from 'react';
import { css } from '@linaria/core';
import { AMOE_TEXTS } from '../../contract/amoe.ts';
import { CheckboxField } from '../../ui/checkbox-field.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { fetchCaptchaChallenge } from './api.ts';
import { solveCaptchaChallenge } from './captcha-solver.ts';

export interface RobotCheckToken {
  token: string;
  siteKey: string;
}

type Phase = 'idle' | 'checking' | 'verified';

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
  disabled,
}: {
  onToken: (token: RobotCheckToken | null) => void;
  disabled?: boolean;
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
      const challenge = await fetchCaptchaChallenge();
      const answer = await solveCaptchaChallenge(
        challenge.challenge,
        challenge.difficulty,
        controller.signal,
      );
      if (controller.signal.aborted) return;
      onToken({ token: `${challenge.challenge}:${answer}`, siteKey: challenge.site_key });
      setPhase('verified');
      // Give up a little before the server would, so a post never races the expiry.
      const lifeMs = Math.max(0, Date.parse(challenge.expires_at) - Date.now() - 5_000);
      expiry.current = setTimeout(() => {
        onToken(null);
        setPhase('idle');
        setError('The check expired. Please tick the box again.');
      }, lifeMs);
    } catch (err) {
      if (controller.signal.aborted) return;
      setPhase('idle');
      setError(
        err instanceof Error && 'status' in err && (err as { status: number }).status === 0
          ? AMOE_TEXTS.offline
          : AMOE_TEXTS.captchaFailed,
      );
    }
  }

  return (
    <div className={box} data-testid="robot-check">
      <CheckboxField
        name="not_a_robot"
        label="I'm not a robot"
        checked={phase !== 'idle'}
        disabled={disabled || phase === 'checking'}
        onChange={(e) => void tick(e.target.checked)}
        error={error}
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
