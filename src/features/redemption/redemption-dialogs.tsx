/**
 * The redemption dialogs (spec section 4). Each closes with its spec result: confirm redemption
 * {confirmedRedemption}, prize-out email {emailConfirmed}, cancel redemption {confirmCancel,
 * redemptionID}. Loaded when the first of them opens (register-redemption-dialogs.ts).
 */
import { css } from '@linaria/core';
import { REDEMPTION_METHOD_LABELS, type RedemptionMethod } from '../../contract/redemption.ts';
import { formatSweeps, formatUsd } from '../../contract/money.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import type { DialogComponentProps } from '../../ui/dialog-registry.ts';

const facts = css`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: var(--space-1) var(--space-3);
  margin: var(--space-3) 0 0;
  & dt {
    color: var(--color-text-muted);
  }
  & dd {
    margin: 0;
    font-weight: 700;
    overflow-wrap: anywhere;
  }
`;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

export function ConfirmRedemptionDialog({ props, close }: DialogComponentProps) {
  const method = str(props.method) as RedemptionMethod;
  const fee = num(props.feeGhc);
  const no = () => close({ confirmedRedemption: false });
  return (
    <Dialog
      open
      onClose={no}
      title="Confirm Redemption"
      testId="dialog-confirm-redemption"
      actions={
        <>
          <Button variant="secondary" onClick={no}>
            Go back
          </Button>
          <Button onClick={() => close({ confirmedRedemption: true })} data-testid="confirm-redemption">
            Redeem
          </Button>
        </>
      }
    >
      <p>Please check your redemption. Once sent, it can be cancelled only while it is pending.</p>
      <dl className={facts}>
        <dt>Method</dt>
        <dd>{REDEMPTION_METHOD_LABELS[method] ?? method}</dd>
        <dt>Sweeps Coins</dt>
        <dd>{formatSweeps(num(props.amount))}</dd>
        {fee > 0 ? (
          <>
            <dt>Fee</dt>
            <dd>{formatSweeps(fee)} Sweeps Coins</dd>
          </>
        ) : null}
        <dt>Prize value</dt>
        <dd>{formatUsd(num(props.usd))}</dd>
        <dt>Sent to</dt>
        <dd>{str(props.destination)}</dd>
      </dl>
    </Dialog>
  );
}

export function PrizeoutEmailDialog({ props, close }: DialogComponentProps) {
  const no = () => close({ emailConfirmed: false });
  return (
    <Dialog
      open
      onClose={no}
      title="Confirm Your Email"
      testId="dialog-prizeout-email"
      actions={
        <>
          <Button variant="secondary" onClick={no}>
            Not this email
          </Button>
          <Button onClick={() => close({ emailConfirmed: true })}>Yes, send it here</Button>
        </>
      }
    >
      <p>Your prize-out will be sent to this email:</p>
      <p>
        <strong>{str(props.email)}</strong>
      </p>
      <p>To use another email, change the email of your account first.</p>
    </Dialog>
  );
}

export function CancelRedemptionDialog({ props, close }: DialogComponentProps) {
  const redemptionID = str(props.redemptionID);
  const no = () => close({ confirmCancel: false, redemptionID });
  return (
    <Dialog
      open
      onClose={no}
      title="Cancel Redemption?"
      testId="dialog-cancel-redemption"
      actions={
        <>
          <Button variant="secondary" onClick={no}>
            Keep it
          </Button>
          <Button
            variant="danger"
            onClick={() => close({ confirmCancel: true, redemptionID })}
            data-testid="confirm-cancel-redemption"
          >
            Cancel redemption
          </Button>
        </>
      }
    >
      <p>
        The {formatSweeps(num(props.amount))} Sweeps Coins of this redemption go back to your redeemable
        balance.
      </p>
    </Dialog>
  );
}
