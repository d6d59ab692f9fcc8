/**
 * Dialogs that show a provider's page in a frame: the 3-D Secure challenge of the card
 * processor and the pay-by-bank authorization (the "pay-by-bank info" dialog). Messages are
 * accepted only from the provider origin given by the payments config and only with the
 * sandbox's source tag; anything else is ignored.
 */
import { useEffect, useState } from 'react';
import { CARD_FRAME_MESSAGES, CARD_FRAME_SOURCE } from '../../../contract/payment-pages.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import type { DialogComponentProps } from '../../../ui/dialog-registry.ts';
import { Spinner } from '../../../ui/spinner.tsx';
import { frame, frameLoading, frameWrap, lead, muted } from './dialog-styles.ts';

interface FrameMessage {
  source: string;
  type: string;
  [k: string]: unknown;
}

const isFrameMessage = (d: unknown): d is FrameMessage =>
  typeof d === 'object' &&
  d !== null &&
  (d as FrameMessage).source === CARD_FRAME_SOURCE &&
  typeof (d as FrameMessage).type === 'string';

/** Listens for one message type from one origin. */
function useFrameMessage(origin: string, type: string, onMessage: (m: FrameMessage) => void): void {
  useEffect(() => {
    const listener = (e: MessageEvent) => {
      if (e.origin !== origin || !isFrameMessage(e.data) || e.data.type !== type) return;
      onMessage(e.data);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
    // onMessage closes the dialog: stable for one opening
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [origin, type]);
}

const payloadOf = (m: FrameMessage): Record<string, unknown> =>
  typeof m.payload === 'object' && m.payload !== null ? (m.payload as Record<string, unknown>) : m;

export function ThreeDSecureDialog({ props, close }: DialogComponentProps) {
  const url = String(props.url ?? '');
  const origin = String(props.origin ?? '');
  const [loaded, setLoaded] = useState(false);
  useFrameMessage(origin, CARD_FRAME_MESSAGES.challengeComplete, (m) => {
    const outcome = payloadOf(m).outcome === 'completed' ? 'completed' : 'failed';
    close({ outcome });
  });
  return (
    <Dialog
      open
      dismissible={false}
      onClose={() => close({ outcome: 'cancelled' })}
      title="Verify your card"
      testId="dialog-three-d-secure"
      actions={
        <Button variant="secondary" onClick={() => close({ outcome: 'cancelled' })}>
          Cancel payment
        </Button>
      }
    >
      <p className={muted}>
        Your bank asks you to confirm this payment (3-D Secure). Complete the step below.
      </p>
      <div className={frameWrap}>
        <iframe
          className={frame}
          src={url}
          title="3-D Secure verification by your bank"
          onLoad={() => setLoaded(true)}
          data-testid="three-d-secure-frame"
        />
        {!loaded ? (
          <div className={frameLoading}>
            <Spinner label="Loading verification..." />
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}

/** Pay-by-bank: explains the step and shows the bank's authorization page; { outcome }. */
export function PayByBankInfoDialog({ props, close }: DialogComponentProps) {
  const url = String(props.url ?? '');
  const origin = String(props.origin ?? '');
  const [loaded, setLoaded] = useState(false);
  useFrameMessage(origin, CARD_FRAME_MESSAGES.bankAuthorizationComplete, (m) => {
    const o = payloadOf(m).outcome;
    close({ outcome: typeof o === 'string' ? o : 'declined' });
  });
  return (
    <Dialog
      open
      onClose={() => close({ outcome: 'cancelled' })}
      title="Pay by bank"
      testId="dialog-pay-by-bank-info"
    >
      <p className={lead}>
        Sign in to your bank and approve the payment. We will finish your purchase as soon as your bank
        confirms it.
      </p>
      <div className={frameWrap}>
        <iframe
          className={frame}
          src={url}
          title="Your bank's payment approval"
          onLoad={() => setLoaded(true)}
          data-testid="pay-by-bank-frame"
        />
        {!loaded ? (
          <div className={frameLoading}>
            <Spinner label="Connecting to your bank..." />
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}
