/**
 * The vendor game: the page asks our server for a launch URL (a session token for the vendor,
 * who then moves coins server to server through the seamless wallet) and shows it in a
 * sandboxed frame. Meanwhile the header says IN GAME (the vendor's frame shows the balance);
 * on leaving, the balances are reloaded so the new balance shows.
 */
import { useEffect, useState } from 'react';
import { css } from '@linaria/core';
import type { Game } from '../../contract/games.ts';
import type { Currency } from '../../contract/currency.ts';
import { enterVendorGame, leaveVendorGame } from '../../state/game-actions.ts';
import { isApiError } from '../../lib/api-client.ts';
import { Notice } from '../../ui/page.tsx';
import { launchVendorGame, type VendorLaunch } from './api.ts';

const frameClass = css`
  display: block;
  width: 100%;
  height: min(78dvh, 760px);
  min-height: 420px;
  border: 1px solid var(--color-border);
  border-radius: var(--radius-lg);
  background: var(--color-surface);
`;

/** The most the vendor's frame may do: run its scripts against its own origin and post its forms. */
export const VENDOR_FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-forms';

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

type LaunchState =
  | { status: 'loading'; key: string }
  | { status: 'ready'; key: string; launch: VendorLaunch }
  /** `retry`: worth trying again (no answer, a server error); a refusal is shown as the server words it. */
  | { status: 'failed'; key: string; message: string; retry: boolean };

export function VendorGameFrame({ game, currency }: { game: Game; currency: Currency }) {
  const key = `${game.id}:${currency}`;
  const [state, setState] = useState<LaunchState>({ status: 'loading', key });

  useEffect(() => {
    enterVendorGame();
    return () => void leaveVendorGame();
  }, []);

  useEffect(() => {
    const abort = new AbortController();
    launchVendorGame(game.id, currency, abort.signal).then(
      (launch) =>
        setState(
          // The frame loads only the vendor's own origin, whatever else an answer might carry.
          originOf(launch.launch_url) === originOf(launch.vendor_origin)
            ? { status: 'ready', key, launch }
            : { status: 'failed', key, message: 'The game could not be started.', retry: true },
        ),
      (e: unknown) => {
        if (abort.signal.aborted) return;
        const message = e instanceof Error && e.message ? e.message : 'The game could not be started.';
        // A refusal (a break or self-exclusion, maintenance...) is final: said as the house games
        // say it, the server's words, without "try again".
        const refused = isApiError(e) && e.status >= 400 && e.status < 500;
        setState({ status: 'failed', key, message, retry: !refused });
      },
    );
    return () => abort.abort();
  }, [game.id, currency, key]);

  // A new currency starts a new launch: the old answer is not shown meanwhile.
  const current: LaunchState = state.key === key ? state : { status: 'loading', key };
  if (current.status === 'failed') {
    return (
      <Notice tone="error" testId="vendor-launch-failed">
        <p>
          {current.message}
          {current.retry && ' Please try again in a moment.'}
        </p>
      </Notice>
    );
  }
  if (current.status === 'loading') return <p role="status">Starting {game.name}...</p>;
  return (
    <iframe
      className={frameClass}
      src={current.launch.launch_url}
      title={game.name}
      sandbox={VENDOR_FRAME_SANDBOX}
      referrerPolicy="no-referrer"
      allow=""
      data-testid="vendor-game-frame"
    />
  );
}
