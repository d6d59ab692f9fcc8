/**
 * Promo code at purchase: the player types a code and applies it; the code is checked with the
 * promo code validate call (context 'purchase', this package). Editing the code clears its
 * error and its applied state. The purchase sends only an applied code.
 */
import { useState, type FormEvent } from 'react';
import { css } from '@linaria/core';
import {
  PROMO_CODE_PATTERN,
  PromoCodeValidateResponseSchema,
  WALLET_API_PATHS,
  WALLET_ERROR_CODES,
  WALLET_TEXTS,
  type PromoCodeValidateResponse,
} from '../../../contract/wallet.ts';
import { api, isApiError } from '../../../lib/api-client.ts';
import { formatGold, formatSweeps } from '../../../contract/money.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';

const row = css`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: var(--space-2);
  align-items: start;
  & button {
    margin-top: 1.6rem;
  }
`;
const applied = css`
  margin: calc(-1 * var(--space-2)) 0 var(--space-3);
  color: var(--color-success);
  font-weight: 600;
`;

export const normalizePromo = (raw: string): string => raw.trim().toUpperCase();

export function promoGrantText(r: PromoCodeValidateResponse): string {
  const parts: string[] = [];
  if (r.gold_coins > 0) parts.push(`${formatGold(r.gold_coins)} Gold Coins`);
  if (r.sweeps_coins > 0) parts.push(`${formatSweeps(r.sweeps_coins)} Sweeps Coins`);
  return parts.length
    ? `${r.code} applied: +${parts.join(' and ')} with this purchase.`
    : `${r.code} applied.`;
}

export interface PromoCodeFieldProps {
  packageId: string;
  /** The applied code (null when none or after an edit). */
  onApplied: (code: string | null) => void;
  disabled?: boolean;
  initialCode?: string;
}

export function PromoCodeField({ packageId, onApplied, disabled, initialCode = '' }: PromoCodeFieldProps) {
  const [code, setCode] = useState(initialCode);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<PromoCodeValidateResponse | null>(null);
  const [checking, setChecking] = useState(false);

  async function apply(e?: FormEvent) {
    e?.preventDefault();
    const value = normalizePromo(code);
    setResult(null);
    onApplied(null);
    if (!value) {
      setError('Please enter a promo code.');
      return;
    }
    if (!PROMO_CODE_PATTERN.test(value)) {
      setError('Promo codes use only letters, digits, hyphens and underscores.');
      return;
    }
    setChecking(true);
    try {
      const r = await api.post(
        WALLET_API_PATHS.promoCodeValidate,
        { code: value, context: 'purchase', package_id: packageId },
        PromoCodeValidateResponseSchema,
        {
          handleErrors: false,
        },
      );
      setResult(r);
      setError(null);
      setCode(r.code);
      onApplied(r.code);
    } catch (err) {
      if (isApiError(err) && err.code === WALLET_ERROR_CODES.PROMO_PURCHASE_TIME_LOCKED)
        setError(WALLET_TEXTS.promoPurchaseTimeLocked);
      else setError(isApiError(err) ? err.message : 'We could not check this code. Please try again.');
    } finally {
      setChecking(false);
    }
  }

  return (
    <div>
      <div className={row}>
        <TextField
          label="Promo code (optional)"
          name="promo_code"
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={64}
          disabled={disabled}
          error={error}
          onChange={(e) => {
            setCode(e.target.value);
            // Editing the code clears its error and what it had applied.
            setError(null);
            if (result) {
              setResult(null);
              onApplied(null);
            }
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void apply();
            }
          }}
        />
        <Button
          variant="secondary"
          onClick={() => void apply()}
          loading={checking}
          disabled={disabled || !code.trim()}
        >
          Apply
        </Button>
      </div>
      {result ? (
        <p className={applied} role="status" data-testid="promo-applied">
          {promoGrantText(result)}
        </p>
      ) : null}
    </div>
  );
}
