/**
 * The redemption list of spec section 3 (redemptions, loading, pending_cancel, error,
 * cancel_error) on SWR:
 * - live while the page is open: refetched every LIVE_REFRESH_MS while any redemption is still
 *   moving (pending, approved, sent), and on focus and reconnect. Polling rather than server-sent
 *   events: a status changes a few times a day at most, by an operator; a small no-store GET every
 *   30 s costs less than holding a connection per open page, needs no cross-instance fan-out, and
 *   survives proxies and sleeping phones.
 * - kept offline: the answer is saved by the persisted SWR cache (src/lib/persisted-swr.ts), so
 *   the last visit's list and timelines open without a connection.
 * Cancel: pending_cancel holds the id until the server answers; success reloads the list and the
 * user, failure shows 'Failed to Cancel Redemption, Error: {status}'.
 */
import { useState } from 'react';
import {
  OPEN_REDEMPTION_STATUSES,
  REDEMPTION_API_PATHS,
  RedemptionListSchema,
  type Redemption,
  type RedemptionList,
} from '../../contract/redemption.ts';
import { isApiError } from '../../lib/api-client.ts';
import { useApiGet } from '../../lib/swr.tsx';
import { openDialogForResult } from '../../state/dialog-actions.ts';
import { cancelPendingRedemption } from '../../state/redemption-actions.ts';
import { sendOnce } from '../../state/player-actions.ts';
import { cancelFailedText, loadFailedText } from './redeem-rules.ts';
import { REDEMPTION_DIALOGS } from './redemption-dialog-kinds.ts';

export const LIVE_REFRESH_MS = 30_000;

/** How soon to refetch: every LIVE_REFRESH_MS while a redemption is still moving, else only on focus. */
export const liveRefreshInterval = (data: RedemptionList | undefined): number =>
  data?.redemptions.some((r) => OPEN_REDEMPTION_STATUSES.includes(r.status)) ? LIVE_REFRESH_MS : 0;

export interface RedemptionListState {
  redemptions: readonly Redemption[];
  loading: boolean;
  /** Id of the redemption whose cancel is in flight, else null. */
  pending_cancel: string | null;
  error: string | null;
  cancel_error: string | null;
  /** Answer shown is a saved copy or the last good one (offline or the reload failed). */
  stale: boolean;
  reload: () => Promise<unknown>;
  askCancel: (r: Redemption) => Promise<void>;
}

export function useRedemptionList(): RedemptionListState {
  const swr = useApiGet(REDEMPTION_API_PATHS.redemptions, RedemptionListSchema, {
    handleErrors: false,
    swr: { refreshInterval: liveRefreshInterval, keepPreviousData: true },
  });
  const [pendingCancel, setPendingCancel] = useState<string | null>(null);
  const [cancelError, setCancelError] = useState<string | null>(null);

  const askCancel = async (r: Redemption) => {
    if (pendingCancel) return;
    const result = await openDialogForResult(REDEMPTION_DIALOGS.cancelRedemption, {
      redemptionID: r.id,
      amount: r.amount_ghc,
    });
    if (!result?.confirmCancel || result.redemptionID !== r.id) return;
    setCancelError(null);
    setPendingCancel(r.id);
    try {
      // One key per cancel until its outcome is known (kept across reloads): a retry after a
      // lost answer is replayed on the server.
      await sendOnce(`redemption-cancel:${r.id}`, {}, (key) => cancelPendingRedemption(r.id, key));
      await swr.mutate();
    } catch (error) {
      setCancelError(cancelFailedText(isApiError(error) ? error.status : 0));
      // The status may have moved on (approved meanwhile): show what the server has now.
      void swr.mutate();
    } finally {
      setPendingCancel(null);
    }
  };

  const error = swr.error ? loadFailedText(swr.error.status) : null;
  return {
    redemptions: swr.data?.redemptions ?? [],
    loading: swr.isLoading,
    pending_cancel: pendingCancel,
    error,
    cancel_error: cancelError,
    stale: Boolean(swr.error && swr.data),
    reload: () => swr.mutate(),
    askCancel,
  };
}
