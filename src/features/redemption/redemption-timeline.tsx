/**
 * The status timeline of one redemption: requested → identity checked → approved → sent → paid
 * (or cancelled / rejected with its reason). Each step done shows its time; the next one shows
 * when it is expected (the service levels of docs/redemption.md); later ones are greyed. An
 * ordered list, so a screen reader reads the steps in order with their state.
 */
import { css, cx } from '@linaria/core';
import {
  TIMELINE_PATH,
  TIMELINE_STEP_LABELS,
  type Redemption,
  type TimelineStep,
} from '../../contract/redemption.ts';
import { visuallyHiddenRules } from '../../ui/visually-hidden.ts';

const list = css`
  list-style: none;
  margin: var(--space-3) 0 0;
  padding: 0;
  & li {
    position: relative;
    padding: 0 0 var(--space-3) var(--space-5);
    border-left: 2px solid var(--color-border);
    margin-left: 6px;
  }
  & li:last-child {
    border-left-color: transparent;
    padding-bottom: 0;
  }
  & li::before {
    content: '';
    position: absolute;
    left: -8px;
    top: 2px;
    width: 14px;
    height: 14px;
    border-radius: 50%;
    background: var(--color-surface-2);
    border: 2px solid var(--color-border);
  }
`;
const done = css`
  &::before {
    background: var(--color-success) !important;
    border-color: var(--color-success) !important;
  }
`;
const next = css`
  &::before {
    border-color: var(--color-primary) !important;
  }
`;
const ended = css`
  &::before {
    background: var(--color-danger) !important;
    border-color: var(--color-danger) !important;
  }
`;
const later = css`
  color: var(--color-text-muted);
`;
const when = css`
  display: block;
  font-size: 0.85rem;
  color: var(--color-text-muted);
`;
const visuallyHidden = css`
  ${visuallyHiddenRules}
`;
const stepName = css`
  font-weight: 700;
`;

export const formatWhen = (iso: string): string =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function RedemptionTimeline({ redemption }: { redemption: Redemption }) {
  const byStep = new Map(redemption.timeline.map((t) => [t.step, t]));
  const terminal = byStep.get('cancelled') ?? byStep.get('rejected') ?? null;
  const steps: TimelineStep[] = terminal
    ? [...TIMELINE_PATH.filter((s) => byStep.has(s)), terminal.step]
    : [...TIMELINE_PATH];
  const lastDone = [...redemption.timeline]
    .reverse()
    .find((t) => t.step !== 'cancelled' && t.step !== 'rejected');
  const nextStep = terminal ? null : steps.find((s) => !byStep.has(s));
  return (
    <ol className={list} aria-label="Status timeline" data-testid={`timeline-${redemption.id}`}>
      {steps.map((step) => {
        const entry = byStep.get(step);
        const isEnd = step === 'cancelled' || step === 'rejected';
        if (entry)
          return (
            <li key={step} className={isEnd ? ended : done} data-step={step} data-state="done">
              <span className={stepName}>{TIMELINE_STEP_LABELS[step]}</span>
              <span className={visuallyHidden}>, done</span>
              <time className={when} dateTime={entry.at}>
                {formatWhen(entry.at)}
              </time>
              {isEnd && entry.note ? <span className={when}>Reason: {entry.note}</span> : null}
            </li>
          );
        const expected = step === nextStep ? lastDone?.expected_next_at : null;
        return (
          <li
            key={step}
            className={cx(later, step === nextStep && next)}
            data-step={step}
            data-state="waiting"
          >
            <span className={stepName}>{TIMELINE_STEP_LABELS[step]}</span>
            {expected ? (
              <span className={when}>
                Expected by <time dateTime={expected}>{formatWhen(expected)}</time>
              </span>
            ) : (
              <span className={visuallyHidden}>, not yet</span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
