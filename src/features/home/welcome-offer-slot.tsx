/**
 * The home page's welcome offer line: reserved from the first paint (two lines at a phone's width),
 * its text loaded beside the page (welcome-offer-line.tsx), so the home route's first load carries
 * only this.
 */
import { lazy, Suspense } from 'react';
import { css } from '@linaria/core';

const WelcomeOfferText = lazy(() => import('./welcome-offer-line.tsx'));

const line = css`
  min-height: calc(2 * 1.4em);
  line-height: 1.4;
  margin: 0 auto var(--space-4);
  max-width: 30rem;
  font-weight: 700;
  color: var(--color-gold);
`;

export function WelcomeOfferSlot({ goldOnly }: { goldOnly: boolean }) {
  return (
    <p className={line} data-testid="welcome-offer" aria-live="polite">
      <Suspense fallback={null}>
        <WelcomeOfferText goldOnly={goldOnly} />
      </Suspense>
    </p>
  );
}
