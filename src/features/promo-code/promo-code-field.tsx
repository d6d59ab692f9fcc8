/**
 * Reusable promo code entry: label "Promo code", an input and an Apply button. Apply asks the
 * server (usePromoCodeValidation); success shows the coins the code gives, a refusal shows why
 * under the field (unknown, not started, expired, used, used up, not applicable, time-locked).
 * Enter in the input applies the code instead of submitting the surrounding form. Editing an
 * applied code takes it off until Apply is pressed again; Remove clears it.
 * Used at purchase (pay-now) and usable at join.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { css, cx } from '@linaria/core';
import type { PromoCodeValidateResponse, PromoContext } from '../../contract/wallet.ts';
import { control, describedBy, errorText, fieldWrap, hintText, labelText } from '../../ui/field-styles.ts';
import { Button } from '../../ui/button.tsx';
import { useOnline } from '../../pwa/online-status.ts';
import { PROMO_CODE_MAX_LENGTH, promoSuccessMessage } from './promo-code-rules.ts';
import { usePromoCodeValidation } from './use-promo-code-validation.ts';

const row = css`
  display: flex;
  gap: var(--space-2);
  align-items: stretch;
  & > input {
    flex: 1 1 auto;
    min-width: 0;
    text-transform: uppercase;
  }
  & > button {
    flex: none;
  }
`;
const success = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: var(--space-2);
  margin: 0;
  padding: var(--space-2) var(--space-3);
  border-radius: var(--radius-sm);
  border-left: 4px solid var(--color-success);
  background: var(--color-success-bg);
  font-weight: 600;
`;
const removeButton = css`
  min-height: 36px;
  padding: var(--space-1) var(--space-3);
  font-size: 0.9rem;
`;

export interface PromoCodeFieldProps {
  /** Where the code is used: 'purchase' (pay-now, signed in) or 'join'. */
  context: PromoContext;
  /** With context 'purchase': the selected package, so package-specific codes are checked. */
  packageId?: string;
  /** Prefill, e.g. the promo code from the URL or local storage (spec navigation effects). */
  defaultCode?: string;
  /** Apply `defaultCode` once on mount. */
  autoApply?: boolean;
  /** Called with the applied code's answer, or null when no code is applied any more. */
  onChange?: (applied: PromoCodeValidateResponse | null) => void;
  disabled?: boolean;
  label?: string;
  /** Wire name: the error test id is `field-error-<name>`. */
  name?: string;
  /** An error about the code answered by a later call (e.g. the purchase), shown under the field. */
  serverError?: string | null;
}

export function PromoCodeField({
  context,
  packageId,
  defaultCode = '',
  autoApply = false,
  onChange,
  disabled = false,
  label = 'Promo code',
  name = 'promo_code',
  serverError = null,
}: PromoCodeFieldProps) {
  const autoId = useId();
  const inputId = `${name}-${autoId}`;
  const errorId = `${inputId}-error`;
  const statusId = `${inputId}-status`;
  const hintId = `${inputId}-hint`;
  const online = useOnline();
  const [value, setValue] = useState(defaultCode);
  const validation = usePromoCodeValidation({ context, packageId });
  const { apply, reset, status, result } = validation;
  const inputRef = useRef<HTMLInputElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const applied = status === 'applied' && result ? result : null;
  const error = status === 'error' ? validation.error : serverError;
  const checking = status === 'checking';

  // Tell the parent whenever the applied code changes (including "none").
  const appliedCode = applied?.code ?? null;
  const lastReported = useRef<string | null>(null);
  useEffect(() => {
    if (appliedCode === lastReported.current) return;
    lastReported.current = appliedCode;
    onChangeRef.current?.(applied);
  }, [appliedCode, applied]);

  // A package change may change whether the code applies: check it again.
  const firstPackage = useRef(packageId);
  useEffect(() => {
    if (packageId === firstPackage.current) return;
    firstPackage.current = packageId;
    if (appliedCode) void apply(appliedCode);
    // Only the package matters here; appliedCode is read as of the change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [packageId]);

  const autoApplied = useRef(false);
  useEffect(() => {
    if (!autoApply || autoApplied.current || !defaultCode.trim()) return;
    autoApplied.current = true;
    void apply(defaultCode);
  }, [autoApply, defaultCode, apply]);

  const onApply = () => {
    if (disabled || checking) return;
    void apply(value).then((r) => {
      if (!r) inputRef.current?.focus();
    });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      // Inside a payment form, Enter must not submit the purchase.
      e.preventDefault();
      onApply();
    }
  };

  const onRemove = () => {
    reset();
    setValue('');
    inputRef.current?.focus();
  };

  return (
    <div className={fieldWrap} data-testid="promo-code-field">
      <label htmlFor={inputId} className={labelText}>
        {label}
      </label>
      <div className={row}>
        <input
          ref={inputRef}
          id={inputId}
          name={name}
          type="text"
          className={control}
          value={value}
          maxLength={PROMO_CODE_MAX_LENGTH}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(!online && hintId, error && errorId, applied && statusId)}
          onChange={(e) => {
            setValue(e.target.value);
            // Editing takes an applied (or refused) code off until Apply is pressed again.
            if (status !== 'idle' && status !== 'checking') reset();
          }}
          onKeyDown={onKeyDown}
        />
        <Button
          variant="secondary"
          onClick={onApply}
          loading={checking}
          disabled={disabled || !online || !value.trim()}
          aria-describedby={!online ? hintId : undefined}
        >
          Apply
        </Button>
      </div>
      {!online ? (
        <p id={hintId} className={hintText}>
          You&apos;re offline. Promo codes can be applied when you reconnect.
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={errorText} data-testid={`field-error-${name}`} role="alert">
          {error}
        </p>
      ) : null}
      <div aria-live="polite">
        {applied ? (
          <p id={statusId} className={cx(success)} data-testid="promo-code-applied">
            <span>{promoSuccessMessage(applied, context)}</span>
            <Button variant="ghost" className={removeButton} onClick={onRemove} aria-label={`Remove promo code ${applied.code}`}>
              Remove
            </Button>
          </p>
        ) : null}
      </div>
    </div>
  );
}

export default PromoCodeField;
