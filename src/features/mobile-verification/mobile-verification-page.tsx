/**
 * Mobile verification (spec sections 2, 4, 8): a pending player enters a US mobile number, gets a
 * 6-digit code by SMS and types it back. Every error of spec section 8 is shown: as text under
 * the field (invalid number, wrong or expired code) or as the mobile verification dialog
 * ({clickedActionButton}: same number -> RESEND CODE, existing account -> SIGN IN, duplicate
 * number, too many codes today, unexpected error). Verified: the player is reloaded and the
 * page's guard takes them to the lobby. Leaving asks first (verify-to-continue).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { css } from '@linaria/core';
import {
  MOBILE_CODE_LENGTH,
  MOBILE_VERIFICATION_ERROR_CODES as CODES,
  MOBILE_VERIFICATION_TEXTS as TEXTS,
  maskedPhone,
  mobileErrorKind,
  usMobileDigits,
} from '../../contract/mobile-verification.ts';
import { isApiError } from '../../lib/api-client.ts';
import { useOnline } from '../../pwa/online-status.ts';
import { openDialogOnce } from '../../state/dialog-actions.ts';
import {
  askMobileVerificationDialog,
  reloadCurrentUser,
  sendMobileCode,
  verifyMobileCode,
} from '../../state/mobile-verification-actions.ts';
import { logout } from '../../state/session-actions.ts';
import { Button } from '../../ui/button.tsx';
import { focusField } from '../../ui/focus-field.ts';
import { Card, Notice, Page } from '../../ui/page.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useDebouncedPhoneFormat } from './use-debounced-phone-format.ts';
import './mobile-verification-dialogs.ts';

const actions = css`
  display: flex;
  flex-direction: column;
  gap: var(--space-3);
  margin-top: var(--space-4);
`;
const codeInput = css`
  input {
    font-size: 1.5rem;
    letter-spacing: 0.4em;
    font-variant-numeric: tabular-nums;
  }
`;

type Step = { kind: 'phone' } | { kind: 'code'; phone: string };

const retryTime = (iso: unknown): string => {
  const at = typeof iso === 'string' ? new Date(iso) : null;
  return at && !Number.isNaN(at.getTime())
    ? at.toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' })
    : 'tomorrow';
};

export function MobileVerificationPage() {
  const online = useOnline();
  const phoneField = useDebouncedPhoneFormat();
  const [step, setStep] = useState<Step>({ kind: 'phone' });
  const [code, setCode] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  // The player just asked for a code: the field they type it in takes the focus.
  useEffect(() => {
    if (step.kind === 'code') codeRef.current?.focus();
  }, [step]);

  /** Shows a refusal of either call; answers true when a resend was asked for. */
  async function explain(error: unknown, phone: string): Promise<boolean> {
    if (!isApiError(error)) {
      await askMobileVerificationDialog({
        title: TEXTS.unexpectedTitle,
        message: TEXTS.unexpected,
        actionLabel: TEXTS.okButton,
      });
      return false;
    }
    if (error.code === 'OFFLINE' || error.code === 'NETWORK_ERROR') {
      setStatus(null);
      return false;
    }
    if (error.code === CODES.MOBILE_NOT_PENDING) {
      await reloadCurrentUser().catch(() => undefined);
      return false;
    }
    if (error.code === CODES.MOBILE_INVALID_PHONE) {
      setPhoneError(TEXTS.phoneInvalid);
      focusField(formRef.current, 'phone');
      return false;
    }
    switch (mobileErrorKind(error.code)) {
      case 'same': {
        setStep({ kind: 'code', phone });
        return askMobileVerificationDialog({
          title: TEXTS.sameTitle,
          message: TEXTS.same,
          actionLabel: TEXTS.sameButton,
          dismissLabel: TEXTS.okButton,
        });
      }
      case 'duplicate-number':
        await askMobileVerificationDialog({
          title: TEXTS.duplicateNumberTitle,
          message: TEXTS.duplicateNumber,
          actionLabel: TEXTS.okButton,
        });
        setStep({ kind: 'phone' });
        return false;
      case 'existing-account': {
        const closed = error.code === CODES.MOBILE_CLOSED_ACCOUNT;
        const signIn = await askMobileVerificationDialog({
          title: closed ? TEXTS.closedAccountTitle : TEXTS.duplicateAccountTitle,
          message: closed ? TEXTS.closedAccount : TEXTS.duplicateAccount,
          actionLabel: TEXTS.signInButton,
          dismissLabel: TEXTS.okButton,
        });
        if (signIn) await logout();
        else setStep({ kind: 'phone' });
        return false;
      }
      case 'verification':
        setCodeError(
          error.code === CODES.MOBILE_WRONG_CODE && typeof error.extra?.attempts_left === 'number'
            ? TEXTS.wrongCode.replace('{attempts}', String(error.extra.attempts_left))
            : error.code === CODES.MOBILE_WRONG_CODE
              ? error.message
              : TEXTS.codeExpired,
        );
        focusField(formRef.current, 'code');
        return false;
      case 'frequency':
        await askMobileVerificationDialog({
          title: TEXTS.frequencyTitle,
          message: TEXTS.frequency.replace('{time}', retryTime(error.extra?.retry_at)),
          actionLabel: TEXTS.okButton,
        });
        return false;
      default:
        await askMobileVerificationDialog({
          title: TEXTS.unexpectedTitle,
          message: TEXTS.unexpected,
          actionLabel: TEXTS.okButton,
        });
        return false;
    }
  }

  async function send(phone: string, resend: boolean): Promise<void> {
    setBusy(true);
    setStatus(null);
    let again = false;
    try {
      await sendMobileCode(phone, resend);
      setCode('');
      setCodeError(null);
      setStep({ kind: 'code', phone });
      setStatus(TEXTS.codeSentTo.replace('{phone}', maskedPhone(phone)));
    } catch (error) {
      again = await explain(error, phone);
    } finally {
      setBusy(false);
    }
    if (again) await send(phone, true);
  }

  async function onSubmitPhone(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy || !online) return;
    const typed = phoneField.formatNow();
    const digits = usMobileDigits(typed);
    const problem = typed.trim() === '' ? TEXTS.phoneRequired : digits ? null : TEXTS.phoneInvalid;
    setPhoneError(problem);
    if (problem || !digits) return focusField(formRef.current, 'phone');
    await send(digits, false);
  }

  async function onSubmitCode(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy || !online || step.kind !== 'code') return;
    const typed = code.replace(/\s/g, '');
    if (!new RegExp(`^\\d{${MOBILE_CODE_LENGTH}}$`).test(typed)) {
      setCodeError(TEXTS.codeInvalid);
      return focusField(formRef.current, 'code');
    }
    setBusy(true);
    setCodeError(null);
    let again = false;
    try {
      await verifyMobileCode(step.phone, typed);
      setStatus(TEXTS.verified);
    } catch (error) {
      again = await explain(error, step.phone);
    } finally {
      setBusy(false);
    }
    if (again) await send(step.phone, true);
  }

  const offline = online ? null : (
    <Notice tone="warning" testId="mobile-verification-offline">
      <p>{TEXTS.offline}</p>
    </Notice>
  );

  return (
    <Page title={TEXTS.pageTitle} width="narrow">
      <Card>
        {offline}
        {step.kind === 'phone' ? (
          <form ref={formRef} noValidate onSubmit={onSubmitPhone} aria-label={TEXTS.pageTitle}>
            <p>{TEXTS.intro}</p>
            <TextField
              label={TEXTS.phoneLabel}
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder="(555) 555-5555"
              maxLength={20}
              value={phoneField.value}
              onChange={(e) => {
                phoneField.setValue(e.target.value);
                setPhoneError(null);
              }}
              error={phoneError}
              required
            />
            <div className={actions}>
              <Button type="submit" fullWidth loading={busy} disabled={!online}>
                {TEXTS.sendCode}
              </Button>
            </div>
          </form>
        ) : (
          <form ref={formRef} noValidate onSubmit={onSubmitCode} aria-label={TEXTS.codeFormLabel}>
            <p role="status" data-testid="mobile-verification-status">
              {status ?? TEXTS.codeSentTo.replace('{phone}', maskedPhone(step.phone))}
            </p>
            <TextField
              className={codeInput}
              label={TEXTS.codeLabel}
              name="code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              ref={codeRef}
              pattern="[0-9]*"
              maxLength={MOBILE_CODE_LENGTH}
              value={code}
              onChange={(e) => {
                setCode(e.target.value.replace(/\D/g, '').slice(0, MOBILE_CODE_LENGTH));
                setCodeError(null);
              }}
              error={codeError}
              required
            />
            <div className={actions}>
              <Button type="submit" fullWidth loading={busy} disabled={!online}>
                {TEXTS.verify}
              </Button>
              <Button
                type="button"
                variant="secondary"
                fullWidth
                disabled={busy || !online}
                onClick={() => void send(step.phone, true)}
              >
                {TEXTS.resend}
              </Button>
              <Button
                type="button"
                variant="ghost"
                fullWidth
                disabled={busy}
                onClick={() => {
                  setStep({ kind: 'phone' });
                  setCodeError(null);
                  setStatus(null);
                }}
              >
                {TEXTS.changeNumber}
              </Button>
            </div>
          </form>
        )}
        <div className={actions}>
          <Button
            type="button"
            variant="ghost"
            fullWidth
            onClick={() => openDialogOnce('verify-to-continue')}
          >
            {TEXTS.signOut}
          </Button>
        </div>
      </Card>
    </Page>
  );
}

export default MobileVerificationPage;
