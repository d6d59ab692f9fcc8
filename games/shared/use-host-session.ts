/**
 * The host's side of a game page's state every house game follows the same way: the currency of
 * the next round and whether the app is online. A `currency_swap` from the host changes the
 * currency of the next round (a round on the table keeps the one it was bet in) and is answered
 * with `currency_swap_success`; a `connectivity` message sets the online flag.
 */
import { useEffect, useState } from 'react';
import type { Currency } from '../../src/contract/currency.ts';
import type { HostBridge } from './host-bridge.ts';

export interface HostSession {
  /** The currency of the next round. */
  currency: Currency;
  online: boolean;
}

/**
 * `onCurrencySwap` runs after each swap (e.g. to reset the bet); pass a stable function, since a
 * new one subscribes again.
 */
export function useHostSession(
  bridge: HostBridge,
  onCurrencySwap?: (currency: Currency) => void,
): HostSession {
  const [currency, setCurrency] = useState<Currency>(bridge.init.currency);
  const [online, setOnline] = useState(bridge.init.online);

  useEffect(
    () =>
      bridge.onHostMessage((message) => {
        if (message.type === 'currency_swap') {
          setCurrency(message.currency);
          onCurrencySwap?.(message.currency);
          bridge.report('currency_swap_success', { currency: message.currency });
        } else if (message.type === 'connectivity') {
          setOnline(message.online);
        }
      }),
    [bridge, onCurrencySwap],
  );

  return { currency, online };
}
