/** Says so within a second of the network going away, and goes when it returns. */
import { css } from '@linaria/core';
import { useOnline } from '../../pwa/online-status.ts';

const banner = css`
  margin: 0;
  padding: var(--space-2) var(--space-3);
  background: var(--color-warning);
  color: #1c1400;
  font-weight: 600;
  text-align: center;
  font-size: 0.95rem;
`;

export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status" aria-live="polite">
      {online ? null : (
        <p className={banner} data-testid="offline-banner">
          You're offline. Showing what was saved on this device; buying, playing and redeeming come back when
          you reconnect.
        </p>
      )}
    </div>
  );
}
