/**
 * The KYC dialog (spec section 4): loads the verification link, shows the provider's frame with
 * a spinner until the frame's first message (accepted only from the provider's origin and the
 * frame's own window). A message with an authorization token and the payload value success
 * stores {authResponse}, starts the result check and closes the dialog after 2 s.
 */
import { useEffect, useRef, useState } from 'react';
import { css } from '@linaria/core';
import {
  IDENTITY_PROMPT_REASONS,
  KYC_ERROR_CODES,
  KYC_FLOWS,
  KYC_TEXTS,
  KYC_TIMINGS,
  type IdentityPromptReason,
  type KycFlow,
  type KycLink,
} from '../../contract/kyc.ts';
import { isApiError } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import type { DialogComponentProps } from '../../ui/dialog-registry.ts';
import { Notice } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { fetchKycLink } from './api.ts';
import { readFrameMessage } from './kyc-frame-message.ts';
import { settleVerification } from './verification-result.ts';

const frameBox = css`
  position: relative;
  min-height: 460px;
`;
const frame = css`
  display: block;
  width: 100%;
  height: 460px;
  border: 0;
  border-radius: var(--radius-md);
  background: #fff;
`;
const spinnerCover = css`
  position: absolute;
  inset: 0;
  display: grid;
  place-items: center;
  background: var(--color-surface);
`;

type Phase =
  | { kind: 'loading-link' }
  | { kind: 'link-failed'; message: string }
  | { kind: 'frame'; link: KycLink; ready: boolean }
  | { kind: 'submitted' };

const flowOf = (v: unknown): KycFlow =>
  (KYC_FLOWS as readonly unknown[]).includes(v) ? (v as KycFlow) : 'verification';
const reasonOf = (v: unknown): IdentityPromptReason =>
  (IDENTITY_PROMPT_REASONS as readonly unknown[]).includes(v) ? (v as IdentityPromptReason) : 'generic';

function linkErrorMessage(error: unknown): string {
  if (!isApiError(error)) return KYC_TEXTS.unavailable;
  if (error.code === KYC_ERROR_CODES.KYC_UNAVAILABLE) return KYC_TEXTS.unavailable;
  if (error.code === KYC_ERROR_CODES.KYC_FLOW_UNAVAILABLE) return KYC_TEXTS.flowUnavailable;
  return error.message || KYC_TEXTS.unavailable;
}

export function KycDialog({ props, close }: DialogComponentProps) {
  const flow = flowOf(props.flow);
  const reason = reasonOf(props.reason);
  const [phase, setPhase] = useState<Phase>({ kind: 'loading-link' });
  const frameRef = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    const abort = new AbortController();
    fetchKycLink(flow, abort.signal).then(
      (link) => setPhase({ kind: 'frame', link, ready: false }),
      (error: unknown) => {
        if (!abort.signal.aborted) setPhase({ kind: 'link-failed', message: linkErrorMessage(error) });
      },
    );
    return () => abort.abort();
  }, [flow]);

  const link = phase.kind === 'frame' ? phase.link : null;
  useEffect(() => {
    if (!link) return;
    const providerOrigin = new URL(link.href).origin;
    const onMessage = (event: MessageEvent) => {
      const signal = readFrameMessage(event, providerOrigin, frameRef.current?.contentWindow ?? null);
      if (!signal) return;
      if (signal.event !== 'submitted') {
        setPhase((p) => (p.kind === 'frame' && !p.ready ? { ...p, ready: true } : p));
        return;
      }
      setPhase({ kind: 'submitted' });
      void settleVerification(flow, signal.authResponse, link, reason);
      window.setTimeout(() => close({ authResponse: signal.authResponse }), KYC_TIMINGS.autoCloseMs);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [link, flow, reason, close]);

  const cancel = () => close({ authResponse: null });
  return (
    <Dialog
      open
      onClose={cancel}
      title={KYC_TEXTS.kycTitle}
      testId="dialog-kyc"
      actions={
        phase.kind === 'link-failed' ? (
          <Button variant="secondary" onClick={cancel}>
            Close
          </Button>
        ) : undefined
      }
    >
      {phase.kind === 'loading-link' ? <Spinner label={KYC_TEXTS.frameLoading} /> : null}
      {phase.kind === 'link-failed' ? (
        <Notice tone="error" testId="kyc-link-error">
          {phase.message}
        </Notice>
      ) : null}
      {phase.kind === 'frame' ? (
        <div className={frameBox}>
          <iframe
            ref={frameRef}
            className={frame}
            src={phase.link.href}
            title="Identity verification"
            data-testid="kyc-frame"
            referrerPolicy="no-referrer"
          />
          {phase.ready ? null : (
            <div className={spinnerCover} data-testid="kyc-frame-spinner">
              <Spinner label={KYC_TEXTS.frameLoading} />
            </div>
          )}
        </div>
      ) : null}
      {phase.kind === 'submitted' ? (
        <Notice tone="success" testId="kyc-submitted">
          {KYC_TEXTS.submitted}
        </Notice>
      ) : null}
    </Dialog>
  );
}
