/**
 * The redeem form of one method (gift card, PayPal, bank, paper check, prize-out) or a cash out.
 * Checks the amount as the server does (redeem-rules.ts), asks the prize-out email dialog
 * {emailConfirmed} and the confirm-redemption dialog {confirmedRedemption}, then sends the request
 * with one Idempotency-Key per confirmed request, kept (across reloads) until its outcome is known. The
 * server's refusals are shown where they belong: amount and e-wallet errors under their field,
 * identity through the identity-verification dialog, W-9 and suspension through theirs (the API
 * client opens them), the period limit as a notice. No connection: the form says so and waits.
 * The form in progress is kept on the account between visits (temp_withdrawal_data), except the
 * bank account number, which is never kept; a cash out has nothing worth keeping.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { css } from '@linaria/core';
import {
  GIFT_CARD_BRAND_LABELS,
  REDEMPTION_ERROR_CODES,
  REDEMPTION_METHOD_LABELS,
  type RedemptionOptions,
} from '../../contract/redemption-pages.ts';
import type {
  GiftCardBrand,
  KeptWithdrawalData,
  Redemption,
  RedemptionMethod,
  RedemptionRequest,
} from '../../contract/redemption.ts';
import { CHILD_ROUTES } from '../../lib/child-routes.ts';
import { ApiError, CLIENT_ERROR_CODES, isApiError, reportApiError } from '../../lib/api-client.ts';
import { formatSweeps, formatUsd } from '../../contract/money.ts';
import { OFFLINE_ACTION_MESSAGE, useOnline } from '../../pwa/online-status.ts';
import { openDialog } from '../../state/dialog-actions.ts';
import { openDialogForResult } from '../../state/dialog-actions.ts';
import { Button } from '../../ui/button.tsx';
import { Notice } from '../../ui/page.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { amountProblem, parseAmount, usdValue } from './redeem-rules.ts';
import { REDEMPTION_DIALOGS } from './redemption-dialog-kinds.ts';
import { useKeptRedeemForm } from './use-kept-redeem-form.ts';

const form = css`
  display: grid;
  gap: var(--space-3);
  max-width: 32rem;
`;
const value = css`
  margin: 0;
  color: var(--color-text-muted);
`;

/** Fields the server may name in an error, mapped to this form's inputs. */
const FIELD_OF: Readonly<Record<string, string>> = {
  amount: 'amount',
  paypal_email: 'paypal_email',
  'bank.routing_number': 'routing_number',
  'bank.account_number': 'account_number',
  'bank.account_holder': 'account_holder',
  bank: 'account_number',
  gift_card_brand: 'gift_card_brand',
  email_confirmed: 'amount',
};

/**
 * The redemption calls and the kept-key sender load once the player asks to redeem (while the
 * confirmation is open), not with the redeem pages (their first load stays within the 150 KB
 * budget). A chunk that cannot load is a connection problem, told like one.
 */
const redemptionActions = () =>
  Promise.all([import('../../state/redemption-actions.ts'), import('../../state/player-actions.ts')])
    .then(([calls, { sendOnce }]) => ({ ...calls, sendOnce }))
    .catch(() => {
      throw new ApiError(
        0,
        CLIENT_ERROR_CODES.NETWORK_ERROR,
        'We could not reach our servers. Please try again.',
      );
    });

export interface RedeemFormProps {
  method: RedemptionMethod;
  options: RedemptionOptions;
  /** PayPal to the e-wallet on file, with the cash-out fee. */
  cashOut?: boolean;
}

export function RedeemForm({ method, options, cashOut = false }: RedeemFormProps) {
  const navigate = useNavigate();
  const online = useOnline();
  const [amount, setAmount] = useState('');
  const [paypalEmail, setPaypalEmail] = useState(options.ewallet_email ?? '');
  const [holder, setHolder] = useState('');
  const [routing, setRouting] = useState('');
  const [account, setAccount] = useState('');
  const [accountType, setAccountType] = useState<'checking' | 'savings'>('checking');
  const [brand, setBrand] = useState<GiftCardBrand | ''>('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** Set once the player typed: a kept form loading later does not overwrite what they typed. */
  const typed = useRef(false);
  // The form as the player left it on a former visit.
  const kept = useKeptRedeemForm(method, !cashOut, online, (k: KeptWithdrawalData) => {
    if (typed.current) return;
    if (k.amount) setAmount(k.amount);
    if (k.paypal_email && !options.ewallet_email) setPaypalEmail(k.paypal_email);
    if (k.gift_card_brand && options.gift_card_brands.includes(k.gift_card_brand))
      setBrand(k.gift_card_brand);
    if (k.bank?.account_holder) setHolder(k.bank.account_holder);
    if (k.bank?.routing_number) setRouting(k.bank.routing_number);
    if (k.bank?.account_type) setAccountType(k.bank.account_type);
  });

  /** Saves the form in progress after a change (the account number is never part of it). */
  const edited = (
    change: Partial<{
      amount: string;
      paypal: string;
      brand: GiftCardBrand | '';
      holder: string;
      routing: string;
      type: 'checking' | 'savings';
    }>,
  ) => {
    if (cashOut) return;
    typed.current = true;
    const next = {
      amount: change.amount ?? amount,
      paypal: change.paypal ?? paypalEmail,
      brand: change.brand ?? brand,
      holder: change.holder ?? holder,
      routing: change.routing ?? routing,
      type: change.type ?? accountType,
    };
    kept.keep({
      method,
      amount: next.amount.replace(/[^0-9.,]/g, '').slice(0, 16),
      ...(method === 'paypal' ? { paypal_email: next.paypal.slice(0, 254) } : {}),
      ...(method === 'gift_card' && next.brand ? { gift_card_brand: next.brand } : {}),
      ...(method === 'ach'
        ? {
            bank: {
              // A run of digits in the name box is an account number typed in the wrong place: not kept.
              account_holder: /\d{6,}/.test(next.holder) ? '' : next.holder.slice(0, 100),
              routing_number: next.routing,
              account_type: next.type,
            },
          }
        : {}),
    });
  };

  const feeGhc = cashOut ? options.cash_out_fee_usd * options.sweeps_per_usd : 0;
  const parsed = parseAmount(amount);
  const id = (name: string) => `redeem-${method}${cashOut ? '-cash-out' : ''}-${name}`;

  function localErrors(): Record<string, string> {
    const found: Record<string, string> = {};
    const problem = amountProblem(amount, method, options, feeGhc);
    if (problem) found.amount = problem;
    if (method === 'paypal' && !cashOut && !/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(paypalEmail.trim()))
      found.paypal_email = 'Please enter your PayPal email.';
    if (method === 'ach') {
      if (!holder.trim()) found.account_holder = 'Please enter the name on the account.';
      if (!/^\d{9}$/.test(routing)) found.routing_number = 'Please enter the 9-digit routing number.';
      if (!/^\d{4,17}$/.test(account))
        found.account_number = 'Please enter the account number (4 to 17 digits).';
    }
    if (method === 'gift_card' && !brand) found.gift_card_brand = 'Please choose a gift card.';
    return found;
  }

  function destination(): string {
    switch (method) {
      case 'paypal':
        return `PayPal ${cashOut ? (options.ewallet_email ?? '') : paypalEmail.trim()}`;
      case 'ach':
        return `Bank account ending ${account.slice(-4)}`;
      case 'paper_check':
        return 'A check mailed to your billing address';
      case 'gift_card':
        return brand ? `${GIFT_CARD_BRAND_LABELS[brand]} gift card by email` : 'Gift card';
      case 'prizeout':
        return `Prize-out to ${options.prizeout_email}`;
    }
  }

  function requestBody(value: number, emailConfirmed: boolean): RedemptionRequest {
    const body: RedemptionRequest = { method, amount: value };
    if (method === 'paypal') body.paypal_email = paypalEmail.trim();
    if (method === 'ach')
      body.bank = {
        account_holder: holder.trim(),
        routing_number: routing,
        account_number: account,
        account_type: accountType,
      };
    if (method === 'gift_card' && brand) body.gift_card_brand = brand;
    if (method === 'prizeout') body.email_confirmed = emailConfirmed;
    return body;
  }

  function explain(error: ApiError) {
    if (error.code === REDEMPTION_ERROR_CODES.IDENTITY_VERIFICATION_REQUIRED) {
      openDialog('identity-verification', { reason: 'redemption' });
      return;
    }
    if (error.code === REDEMPTION_ERROR_CODES.REDEMPTION_LIMIT_REACHED) {
      setNotice(error.message);
      return;
    }
    // The server asks the verified player to confirm it is them (a name change, a large redemption):
    // the reason stays on the page and the re-authentication opens at once.
    if (error.code === REDEMPTION_ERROR_CODES.KYC_REAUTHENTICATION_REQUIRED) {
      setNotice(error.message);
      openDialog('kyc', { flow: 'reauthentication', reason: 'redemption' });
      return;
    }
    const field = error.field ? FIELD_OF[error.field] : undefined;
    if (field && error.status < 500) {
      setErrors({ [field]: error.message });
      document.getElementById(id(field))?.focus();
      return;
    }
    if (error.status === 0 || error.status >= 500) {
      void navigate(CHILD_ROUTES.redeemError, { state: { message: error.message, status: error.status } });
      return;
    }
    // The standing blocks (W-9, suspension) and 403s open their catalogue dialog.
    reportApiError(error);
    setNotice(error.message);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy || !online) return;
    setNotice(null);
    const found = localErrors();
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first || parsed === null) {
      if (first) document.getElementById(id(first))?.focus();
      return;
    }
    let emailConfirmed = false;
    if (method === 'prizeout') {
      const r = await openDialogForResult(REDEMPTION_DIALOGS.prizeoutEmail, {
        email: options.prizeout_email,
      });
      if (!r?.emailConfirmed) return;
      emailConfirmed = true;
    }
    const actions = redemptionActions();
    void actions.catch(() => undefined); // told on submit; a cancelled confirmation needs none
    const confirmed = await openDialogForResult(REDEMPTION_DIALOGS.confirmRedemption, {
      method,
      amount: parsed,
      feeGhc,
      usd: usdValue(parsed, options.sweeps_per_usd),
      destination: destination(),
    });
    if (!confirmed?.confirmedRedemption) return;
    kept.cancel(); // a save sent after the request would keep a form already redeemed
    const body = requestBody(parsed, emailConfirmed);
    const text = JSON.stringify({ cashOut, body });
    setBusy(true);
    try {
      const { submitCashOut, submitRedemption, sendOnce } = await actions;
      // One key per confirmed request until its outcome is known, kept across reloads: the same
      // request again (a retry after a lost answer) is replayed on the server, never made twice.
      const redemption: Redemption = await sendOnce(
        `redemption:${text}`,
        { cashOut, body },
        async (key, sent) =>
          sent.cashOut
            ? (await submitCashOut(parsed, key)).redemption
            : (await submitRedemption(sent.body, key)).redemption,
      );
      void navigate(CHILD_ROUTES.redeemSuccess, { state: { redemption } });
    } catch (error) {
      if (isApiError(error)) explain(error);
      else throw error;
    } finally {
      setBusy(false);
    }
  }

  const minimum = options.minimums_ghc[method];
  return (
    <form className={form} onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={busy}>
      <TextField
        id={id('amount')}
        name="amount"
        label="Sweeps Coins to redeem"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(e) => {
          setAmount(e.target.value);
          edited({ amount: e.target.value });
        }}
        error={errors.amount}
        hint={`Minimum ${formatSweeps(minimum)}, you have ${formatSweeps(options.redeemable_ghc)} redeemable${
          cashOut ? `; the cash-out fee is ${formatSweeps(feeGhc)}` : ''
        }.`}
      />
      <p className={value} aria-live="polite" data-testid="redeem-value">
        Prize value: {formatUsd(parsed === null ? 0 : usdValue(parsed, options.sweeps_per_usd))}
      </p>
      {method === 'paypal' && !cashOut ? (
        <TextField
          id={id('paypal_email')}
          name="paypal_email"
          type="email"
          label="PayPal email"
          autoComplete="email"
          value={paypalEmail}
          onChange={(e) => {
            setPaypalEmail(e.target.value);
            edited({ paypal: e.target.value });
          }}
          error={errors.paypal_email}
          hint={
            options.ewallet_email
              ? 'Redemptions go to the PayPal e-wallet on your account.'
              : 'The first PayPal email you use becomes the e-wallet of your account.'
          }
        />
      ) : null}
      {method === 'ach' ? (
        <>
          <TextField
            id={id('account_holder')}
            name="account_holder"
            label="Name on the account"
            autoComplete="name"
            value={holder}
            onChange={(e) => {
              setHolder(e.target.value);
              edited({ holder: e.target.value });
            }}
            error={errors.account_holder}
          />
          <TextField
            id={id('routing_number')}
            name="routing_number"
            label="Routing number"
            inputMode="numeric"
            maxLength={9}
            value={routing}
            onChange={(e) => {
              const digits = e.target.value.replace(/\D/g, '').slice(0, 9);
              setRouting(digits);
              edited({ routing: digits });
            }}
            error={errors.routing_number}
          />
          <TextField
            id={id('account_number')}
            name="account_number"
            label="Account number"
            inputMode="numeric"
            maxLength={17}
            autoComplete="off"
            value={account}
            onChange={(e) => setAccount(e.target.value.replace(/\D/g, ''))}
            error={errors.account_number}
            hint={`Kept encrypted; only the last 4 digits are shown, and it is asked again on each visit. A transfer your bank returns costs a ${formatUsd(options.rejected_ach_fee_usd)} fee.`}
          />
          <SelectField
            id={id('account_type')}
            name="account_type"
            label="Account type"
            value={accountType}
            onChange={(e) => {
              const type = e.target.value === 'savings' ? 'savings' : 'checking';
              setAccountType(type);
              edited({ type });
            }}
            options={[
              { value: 'checking', label: 'Checking' },
              { value: 'savings', label: 'Savings' },
            ]}
          />
        </>
      ) : null}
      {method === 'gift_card' ? (
        <SelectField
          id={id('gift_card_brand')}
          name="gift_card_brand"
          label="Gift card"
          placeholder="Choose a gift card"
          value={brand}
          onChange={(e) => {
            setBrand(e.target.value as GiftCardBrand | '');
            edited({ brand: e.target.value as GiftCardBrand | '' });
          }}
          error={errors.gift_card_brand}
          options={options.gift_card_brands.map((b) => ({ value: b, label: GIFT_CARD_BRAND_LABELS[b] }))}
        />
      ) : null}
      {notice ? (
        <Notice tone="warning" testId="redeem-notice">
          {notice}
        </Notice>
      ) : null}
      {!online ? (
        <Notice tone="info" testId="redeem-offline">
          {OFFLINE_ACTION_MESSAGE}
        </Notice>
      ) : null}
      <Button type="submit" loading={busy} disabled={!online} data-testid="redeem-submit">
        {cashOut ? 'Cash out' : `Redeem by ${REDEMPTION_METHOD_LABELS[method]}`}
      </Button>
    </form>
  );
}
