/**
 * One purchase limit (daily, weekly or monthly): what is in force, what has been used in its
 * rolling window, any pending increase or removal with its date, and a form to set, change or
 * remove it. Errors (ours or the server's) show under the field; the outcome is announced.
 */
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { css } from '@linaria/core';
import {
  PurchaseLimitsResponseSchema,
  WALLET_API_PATHS,
  type PurchaseLimitPeriod,
  type PurchaseLimitState,
  type PurchaseLimitsResponse,
} from '../../contract/wallet.ts';
import { PURCHASE_LIMIT_COOLING_OFF_DAYS } from '../../contract/constants.ts';
import { api, ApiError } from '../../lib/api-client.ts';
import { formatUsd } from '../../contract/money.ts';
import { TextField } from '../../ui/text-field.tsx';
import { Button } from '../../ui/button.tsx';
import { FormError } from '../../ui/form-error.tsx';
import { createActionKeys } from './action-key.ts';
import {
  classifyLimitChange,
  limitText,
  parseLimitInput,
  PERIOD_LABELS,
  pendingText,
  previewChange,
  savedMessage,
} from './purchase-limit-rules.ts';

const block = css`
  padding: var(--space-4) 0;
  border-top: 1px solid var(--color-border);
  &:first-of-type {
    border-top: 0;
    padding-top: 0;
  }
  & h3 {
    margin: 0 0 var(--space-2);
    font-size: 1.1rem;
  }
`;
const current = css`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: var(--space-1) var(--space-3);
  margin: 0 0 var(--space-2);
  & strong {
    font-size: 1.3rem;
    font-variant-numeric: tabular-nums;
  }
`;
const usage = css`
  margin: 0 0 var(--space-3);
  color: var(--color-text-muted);
  font-size: 0.95rem;
`;
const pendingBox = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: var(--space-2);
  margin: 0 0 var(--space-3);
  padding: var(--space-2) var(--space-3);
  border-radius: var(--radius-sm);
  border-left: 4px solid var(--color-warning);
  background: var(--color-warning-bg);
  & p {
    margin: 0;
  }
`;
const actions = css`
  display: flex;
  flex-wrap: wrap;
  gap: var(--space-2);
  & > button {
    flex: 1 1 150px;
  }
`;
const preview = css`
  margin: calc(-1 * var(--space-2)) 0 var(--space-3);
  font-size: 0.9rem;
  color: var(--color-text-muted);
  min-height: 1.2em;
`;
const saved = css`
  margin: var(--space-3) 0 0;
  padding: var(--space-2) var(--space-3);
  border-radius: var(--radius-sm);
  border-left: 4px solid var(--color-success);
  background: var(--color-success-bg);
  font-weight: 600;
`;

export interface PurchaseLimitFormProps {
  period: PurchaseLimitPeriod;
  state: PurchaseLimitState;
  /** The server's answer after a change (the section stores it). */
  onSaved: (answer: PurchaseLimitsResponse) => void;
  /** Offline: changes need the server. */
  disabled?: boolean;
}

type Action = 'save' | 'remove' | 'keep';

export function PurchaseLimitForm({ period, state, onSaved, disabled = false }: PurchaseLimitFormProps) {
  const labels = PERIOD_LABELS[period];
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState<Action | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const keys = useMemo(() => createActionKeys(), []);

  const parsed = value.trim() ? parseLimitInput(value) : null;
  const hint = `Lowering takes effect at once. Raising or removing waits ${PURCHASE_LIMIT_COOLING_OFF_DAYS[period]} days.`;
  const previewText = parsed?.ok ? previewChange(period, state.amount_usd, parsed.value) : null;

  async function send(action: Action, amount: number | null) {
    const body = { [period]: amount };
    setBusy(action);
    setFormError(null);
    setMessage(null);
    try {
      const answer = await api.patch(WALLET_API_PATHS.purchaseLimits, body, PurchaseLimitsResponseSchema, {
        handleErrors: false,
        idempotencyKey: keys.keyFor(body),
      });
      keys.settled();
      onSaved(answer);
      setValue('');
      setFieldError(null);
      setMessage(savedMessage(period, answer[period]));
    } catch (e) {
      const error = e instanceof ApiError ? e : null;
      // No answer at all: keep the key so pressing again retries the same action.
      if (error && error.status !== 0) keys.settled();
      const text = error?.message || 'We could not save your limit. Please try again.';
      if (action === 'save' || error?.field === period) {
        setFieldError(text);
        inputRef.current?.focus();
      } else {
        setFormError(text);
      }
    } finally {
      setBusy(null);
    }
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const p = parseLimitInput(value);
    if (!p.ok) {
      setFieldError(p.message);
      setMessage(null);
      inputRef.current?.focus();
      return;
    }
    if (classifyLimitChange(state.amount_usd, p.value) === 'none' && !state.pending) {
      setFieldError(`That is already your ${labels.adjective} limit.`);
      inputRef.current?.focus();
      return;
    }
    void send('save', p.value);
  };

  const pending = pendingText(state);
  const removalPending = state.pending !== null && state.pending.amount_usd === null;
  const windowHours = state.window_hours;

  return (
    <section
      className={block}
      aria-labelledby={`limit-${period}-title`}
      data-testid={`purchase-limit-${period}`}
    >
      <h3 id={`limit-${period}-title`}>{labels.title}</h3>
      <p className={current}>
        <span>In force:</span>{' '}
        <strong data-testid={`purchase-limit-${period}-current`}>{limitText(state.amount_usd)}</strong>
      </p>
      <p className={usage}>
        {formatUsd(state.used_usd)} purchased in {labels.window}
        {state.remaining_usd !== null ? `, ${formatUsd(state.remaining_usd)} left` : ''}.
        <span className="visually-hidden">
          {' '}
          The window is {windowHours} hours and rolls forward continuously.
        </span>
      </p>
      {pending ? (
        <div className={pendingBox} data-testid={`purchase-limit-${period}-pending`}>
          <p>{pending}</p>
          {state.amount_usd !== null ? (
            <Button
              variant="secondary"
              onClick={() => void send('keep', state.amount_usd)}
              loading={busy === 'keep'}
              disabled={disabled || busy !== null}
            >
              Keep {limitText(state.amount_usd)}
            </Button>
          ) : null}
        </div>
      ) : null}
      <form onSubmit={onSubmit} noValidate aria-label={`Change ${labels.adjective} limit`}>
        <TextField
          ref={inputRef}
          label={`${labels.title} (USD)`}
          name={period}
          inputMode="decimal"
          autoComplete="off"
          placeholder={state.amount_usd === null ? 'e.g. 100' : String(state.amount_usd)}
          value={value}
          hint={hint}
          error={fieldError}
          disabled={disabled}
          onChange={(e) => {
            setValue(e.target.value);
            setFieldError(null);
            setMessage(null);
          }}
        />
        <p className={preview} aria-live="polite" data-testid={`purchase-limit-${period}-preview`}>
          {previewText}
        </p>
        <FormError message={formError} />
        <div className={actions}>
          <Button type="submit" loading={busy === 'save'} disabled={disabled || busy !== null}>
            {state.amount_usd === null ? `Set ${labels.adjective} limit` : `Change ${labels.adjective} limit`}
          </Button>
          {state.amount_usd !== null && !removalPending ? (
            <Button
              variant="secondary"
              onClick={() => void send('remove', null)}
              loading={busy === 'remove'}
              disabled={disabled || busy !== null}
            >
              Remove {labels.adjective} limit
            </Button>
          ) : null}
        </div>
      </form>
      <div aria-live="polite">
        {message ? (
          <p className={saved} data-testid={`purchase-limit-${period}-saved`}>
            {message}
          </p>
        ) : null}
      </div>
    </section>
  );
}
