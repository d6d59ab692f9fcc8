/**
 * After the frame reported success: the result call with its retries, then the identity dialog
 * shows where the player stands (verified, pending, rejected) or why there is no decision yet.
 * Runs on its own, not tied to the KYC dialog, which closes 2 s after the frame's success. The
 * auth response is kept until the result is answered (state/identity-actions.ts): a lost answer
 * is sent again, also after a reload.
 */
import {
  KYC_TEXTS,
  KYC_TIMINGS,
  type IdentityPromptReason,
  type KycFlow,
  type KycLink,
} from '../../contract/kyc.ts';
import { openDialog } from '../../state/dialog-actions.ts';
import { fetchKeptKycResult } from '../../state/identity-actions.ts';
import { reloadCurrentUser } from '../../state/mobile-verification-actions.ts';
import { fetchResultWithRetries, waitMs, type ResultRetryOutcome } from './kyc-result-retry.ts';

const messageOf = (error: unknown): string | null =>
  error instanceof Error && error.message ? error.message : null;

/** The line the identity dialog shows above the state's message, or null when the result speaks for itself. */
export function noticeFor(outcome: ResultRetryOutcome<unknown>): string | null {
  switch (outcome.kind) {
    case 'decided':
      return null;
    case 'no-decision-max':
    case 'max-retries':
      return KYC_TEXTS.noDecisionMax;
    case 'failed':
      return messageOf(outcome.error) ?? KYC_TEXTS.unavailable;
  }
}

export async function settleVerification(
  flow: KycFlow,
  authResponse: string,
  link: Pick<KycLink, 'max_retries' | 'retry_pause_seconds'>,
  reason: IdentityPromptReason,
): Promise<void> {
  // The KYC dialog closes 2 s after the frame's success; the outcome shows once it has.
  const [outcome] = await Promise.all([
    fetchResultWithRetries(() => fetchKeptKycResult(flow, authResponse), link),
    waitMs(KYC_TIMINGS.autoCloseMs),
  ]);
  const reauthenticated =
    flow === 'reauthentication' && outcome.kind === 'decided' ? outcome.result.outcome : null;
  // A verified re-authentication settles what the server asked for: read the player again.
  if (reauthenticated === 'verified') void reloadCurrentUser().catch(() => undefined);
  openDialog('identity-verification', {
    reason,
    notice: noticeFor(outcome),
    reauthenticated,
  });
}
