/**
 * The purchase error catalogue of spec section 8 as dialogs: payment error (message, optional
 * support link, code/subcode), payment fraud (close -> lobby), purchase limit reached (the
 * player's own limits, and the provider's 71/82/93), pay-by-bank payment error, coin store
 * unavailable, and the repeat-purchase confirmation. (Identity verification required is the
 * identity feature's dialog, registered by the app shell.)
 */
import { useNavigate } from 'react-router-dom';
import { PAYMENT_TEXTS } from '../../../contract/payments.ts';
import { WALLET_TEXTS } from '../../../contract/wallet.ts';
import { PROPERTY_DEFAULTS, PROPERTY_NAMES } from '../../../contract/properties.ts';
import { ROUTES } from '../../../contract/routes.ts';
import { SUPPORT_EMAIL } from '../../../contract/constants.ts';
import { MY_ACCOUNT_FRAGMENTS } from '../../../lib/child-routes.ts';
import { propertyValue } from '../../../state/properties-actions.ts';
import { logout } from '../../../state/session-actions.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import type { DialogComponentProps } from '../../../ui/dialog-registry.ts';
import { codeLine, lead } from './dialog-styles.ts';
import { PackageContents } from './package-contents.tsx';
import type { CoinPackage } from '../../../contract/payments.ts';

const text = (v: unknown, fallback: string): string => (typeof v === 'string' && v.trim() ? v : fallback);
const opt = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() ? v : v === null || v === undefined ? null : String(v);

function SupportLine() {
  return (
    <p>
      Contact support: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
    </p>
  );
}

export function PaymentErrorDialog({ props, close }: DialogComponentProps) {
  const code = opt(props.code);
  const subCode = opt(props.subCode);
  const done = () => {
    close({ closed: true });
    if (props.signOutOnClose) void logout();
  };
  return (
    <Dialog
      open
      onClose={done}
      title={text(props.title, 'Payment Error')}
      testId="dialog-payment-error"
      actions={<Button onClick={done}>OK</Button>}
    >
      <p className={lead} data-testid="payment-error-message">
        {text(props.message, 'Your payment could not be completed. Please try another payment method.')}
      </p>
      {props.supportLink ? <SupportLine /> : null}
      {code ? (
        <p className={codeLine}>
          Error code: {code}
          {subCode ? ` / ${subCode}` : ''}
        </p>
      ) : null}
    </Dialog>
  );
}

/** An account issue: the only way out is back to the lobby. */
export function PaymentFraudDialog({ close }: DialogComponentProps) {
  const navigate = useNavigate();
  const done = () => {
    close({ closed: true });
    void navigate(ROUTES.lobby);
  };
  return (
    <Dialog
      open
      onClose={done}
      title={PAYMENT_TEXTS.paymentFraudTitle}
      testId="dialog-payment-fraud"
      actions={<Button onClick={done}>Close</Button>}
    >
      <p className={lead}>{PAYMENT_TEXTS.paymentFraud}</p>
      <SupportLine />
    </Dialog>
  );
}

export function PurchaseLimitDialog({ props, close }: DialogComponentProps) {
  const navigate = useNavigate();
  if (props.variant === 'provider') {
    return (
      <Dialog
        open
        onClose={() => close({ closed: true })}
        title={PAYMENT_TEXTS.providerLimitTitle}
        testId="dialog-purchase-limit"
        actions={<Button onClick={() => close({ closed: true })}>OK</Button>}
      >
        <p className={lead}>{PAYMENT_TEXTS.providerLimit}</p>
        <SupportLine />
        {props.code ? <p className={codeLine}>Code: {String(props.code)}</p> : null}
      </Dialog>
    );
  }
  const manage = () => {
    close({ manageLimits: true });
    void navigate(`${ROUTES.myAccount}#${MY_ACCOUNT_FRAGMENTS.purchaseLimits}`);
  };
  return (
    <Dialog
      open
      onClose={() => close({ closed: true })}
      title="Purchase Limit Reached"
      testId="dialog-purchase-limit"
      actions={
        <>
          <Button variant="secondary" onClick={manage}>
            {WALLET_TEXTS.manageLimitsButton}
          </Button>
          <Button onClick={() => close({ closed: true })}>{WALLET_TEXTS.okIUnderstandButton}</Button>
        </>
      }
    >
      <p className={lead} data-testid="purchase-limit-message">
        {WALLET_TEXTS.purchaseLimitReached}
      </p>
    </Dialog>
  );
}

export function PayByBankErrorDialog({ props, close }: DialogComponentProps) {
  const code = opt(props.code);
  return (
    <Dialog
      open
      onClose={() => close({ closed: true })}
      title={PAYMENT_TEXTS.payByBankErrorTitle}
      testId="dialog-pay-by-bank-error"
      actions={<Button onClick={() => close({ closed: true })}>OK</Button>}
    >
      <p className={lead}>
        {text(props.message, 'Your bank did not complete the payment. Nothing was charged.')}
      </p>
      {props.phoneInUse ? <SupportLine /> : null}
      {code ? <p className={codeLine}>Error code: {code}</p> : null}
    </Dialog>
  );
}

export function CoinStoreUnavailableDialog({ close }: DialogComponentProps) {
  const message =
    propertyValue(PROPERTY_NAMES.coinStoreUnavailableMessage) ||
    PROPERTY_DEFAULTS.coin_store_unavailable_message;
  return (
    <Dialog
      open
      onClose={() => close({ closed: true })}
      title={PAYMENT_TEXTS.coinStoreUnavailableTitle}
      testId="dialog-coin-store-unavailable"
      actions={<Button onClick={() => close({ closed: true })}>OK</Button>}
    >
      <p className={lead}>{message}</p>
    </Dialog>
  );
}

/** Repeat purchase within 5 minutes: { confirmedPurchase }. */
export function ConfirmPurchaseDialog({ props, close }: DialogComponentProps) {
  const pkg = props.package as CoinPackage | undefined;
  return (
    <Dialog
      open
      onClose={() => close({ confirmedPurchase: false })}
      title="Buy Again?"
      testId="dialog-confirm-purchase"
      actions={
        <>
          <Button variant="secondary" onClick={() => close({ confirmedPurchase: false })}>
            Cancel
          </Button>
          <Button onClick={() => close({ confirmedPurchase: true })}>Yes, buy again</Button>
        </>
      }
    >
      <p className={lead}>{PAYMENT_TEXTS.repeatPurchase}</p>
      {pkg ? <PackageContents pkg={pkg} /> : null}
    </Dialog>
  );
}
