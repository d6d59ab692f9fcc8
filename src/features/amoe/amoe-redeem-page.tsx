/**
 * The AMOE redeem page: the 12-character code from the mailed-in request. The field upper-cases
 * what is typed and ignores spaces and dashes; a code of the wrong length or with characters the
 * codes never use (0, O, 1, I) is explained under the field (announced) before anything is sent.
 * The server's answer opens the AMOE dialog: the Sweeps Coins credited or why the code was
 * refused; "Review code" puts focus back in the field. The balances reload after a credit.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { css } from '@linaria/core';
import {
  AMOE_CODE_ALPHABET,
  AMOE_CODE_INPUT_MAX,
  AMOE_CODE_LENGTH,
  AMOE_TEXTS,
  formatAmoeCode,
  isAmoeCode,
  normalizeAmoeCode,
} from '../../contract/amoe.ts';
import { ROUTES } from '../../contract/routes.ts';
import { isApiError } from '../../lib/api-client.ts';
import { useOnline } from '../../pwa/online-status.ts';
import { landPendingAndReloadBalances } from '../../state/balances-actions.ts';
import { openDialog } from '../../state/dialog-actions.ts';
import { store } from '../../state/store.ts';
import { AppLink } from '../../ui/app-link.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, Notice, Page } from '../../ui/page.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { redeemAmoeCode } from './api.ts';
import { setRedeemOutcome } from './amoe-state.ts';
import { AMOE_DIALOG } from './register-amoe-dialog.ts';
import { sendOnce } from '../../state/player-actions.ts';

const codeInput = css`
  & input {
    font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
    font-size: 1.2rem;
    letter-spacing: 0.08em;
    text-transform: uppercase;
  }
`;

/** The field's own check: what is wrong with the typed code, or null when it has the format. */
export function codeInputProblem(raw: string): string | null {
  const code = normalizeAmoeCode(raw);
  if (code.length === 0) return `Enter the ${AMOE_CODE_LENGTH}-character code from your AMOE letter.`;
  if ([...code].some((ch) => !AMOE_CODE_ALPHABET.includes(ch)))
    return 'Codes use letters and digits only, and never 0, O, 1 or I. Please review the code.';
  if (code.length !== AMOE_CODE_LENGTH)
    return `The code has ${AMOE_CODE_LENGTH} characters; you entered ${code.length}. Please review the code.`;
  return isAmoeCode(code) ? null : AMOE_TEXTS.codeInvalid;
}

export default function AmoeRedeemPage() {
  const online = useOnline();
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const dialogs = useSnapshot(store.dialogs);
  const reviewRequested = dialogs.results.amoe?.reviewCode === true;

  useEffect(() => {
    if (reviewRequested) {
      input.current?.focus();
      input.current?.select();
    }
  }, [reviewRequested]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = codeInputProblem(value);
    setFieldError(problem);
    if (problem) {
      input.current?.focus();
      return;
    }
    const code = normalizeAmoeCode(value);
    setPending(true);
    try {
      // One key per code until its outcome is known, kept across reloads (state/player-actions.ts):
      // the same code sent again after a lost answer is replayed on the server, never credited twice.
      const answer = await sendOnce(`amoe:${code}`, { code }, (key) => redeemAmoeCode(code, key));
      setRedeemOutcome(answer);
      setValue('');
      openDialog(AMOE_DIALOG, { outcome: 'credited', amount_ghc: answer.amount_ghc });
      void landPendingAndReloadBalances();
    } catch (err) {
      const errorCode = isApiError(err) ? err.code : 'UNKNOWN';
      setRedeemOutcome({ errorCode });
      openDialog(AMOE_DIALOG, {
        outcome: 'refused',
        errorCode,
        message: isApiError(err) ? err.message : null,
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <Page title="Redeem an AMOE code" width="narrow">
      <Card>
        <p>
          Enter the {AMOE_CODE_LENGTH}-character code we sent you for your mailed-in request. Spaces and
          dashes do not matter.
        </p>
        <form onSubmit={(e) => void submit(e)} noValidate data-testid="amoe-redeem-form">
          <TextField
            ref={input}
            className={codeInput}
            label="AMOE code"
            name="code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={AMOE_CODE_INPUT_MAX}
            placeholder="XXXX-XXXX-XXXX"
            value={value}
            hint={`${AMOE_CODE_LENGTH} letters and digits, for example ${formatAmoeCode('ABCD2345EFGH')}`}
            onChange={(e) => {
              setValue(e.target.value.toUpperCase());
              if (fieldError) setFieldError(null);
            }}
            error={fieldError}
            aria-required
          />
          {fieldError ? (
            <p role="alert" className="visually-hidden">
              {fieldError}
            </p>
          ) : null}
          {online ? null : <Notice tone="warning">{AMOE_TEXTS.offline}</Notice>}
          <Button type="submit" fullWidth disabled={pending || !online} data-testid="amoe-redeem-submit">
            {pending ? 'Redeeming...' : 'Redeem code'}
          </Button>
        </form>
      </Card>
      <p>
        No code yet? <AppLink to={ROUTES.amoeStart}>Request free Sweeps Coins by mail</AppLink>
      </p>
    </Page>
  );
}
