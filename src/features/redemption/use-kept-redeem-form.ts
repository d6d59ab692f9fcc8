/**
 * The redeem form kept between visits (the user's temp_withdrawal_data, docs/redemption.md "The
 * form kept between visits"): loaded once when the form opens, saved a moment after the player
 * stops typing. Best effort: a failed load or save changes nothing on the page (the form still
 * works), offline nothing is sent. The server clears it when a redemption is requested and refuses
 * a bank account number, which this never sends.
 */
import { useCallback, useEffect, useRef } from 'react';
import { REDEMPTION_API_PATHS } from '../../contract/redemption-pages.ts';
import {
  TempWithdrawalDataAnswerSchema,
  type KeptWithdrawalData,
  type RedemptionMethod,
} from '../../contract/withdrawal-data.ts';
import type { TempWithdrawalData } from '../../contract/redemption.ts';
import { api } from '../../lib/api-client.ts';

/** Saved this long after the last change: one call per pause, not per key stroke. */
export const KEEP_DELAY_MS = 800;

export interface KeptRedeemForm {
  /** Saves the form after KEEP_DELAY_MS without a newer change. */
  keep(data: TempWithdrawalData): void;
  /** Drops a save not sent yet (the form is being submitted: the server clears the kept form). */
  cancel(): void;
}

/**
 * `restore` is called once with the kept form of this method when it has loaded (never with
 * another method's form).
 */
export function useKeptRedeemForm(
  method: RedemptionMethod,
  enabled: boolean,
  online: boolean,
  restore: (kept: KeptWithdrawalData) => void,
): KeptRedeemForm {
  const restoreRef = useRef(restore);
  const onlineRef = useRef(online);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    restoreRef.current = restore;
    onlineRef.current = online;
  }, [restore, online]);

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    api
      .get(REDEMPTION_API_PATHS.withdrawalData, TempWithdrawalDataAnswerSchema, { handleErrors: false })
      .then((answer) => {
        const data = answer.temp_withdrawal_data;
        if (live && data && data.method === method) restoreRef.current(data);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [enabled, method]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const keep = useCallback(
    (data: TempWithdrawalData) => {
      if (!enabled) return;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        if (!onlineRef.current) return;
        void api
          .put(REDEMPTION_API_PATHS.withdrawalData, data, TempWithdrawalDataAnswerSchema, {
            handleErrors: false,
          })
          .catch(() => undefined);
      }, KEEP_DELAY_MS);
    },
    [enabled],
  );

  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  return { keep, cancel };
}
