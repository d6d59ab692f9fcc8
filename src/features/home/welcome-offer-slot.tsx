/**
 * The home page's welcome offer line: reserved from the first paint (two lines at a phone's width),
 * its text loaded beside the page (welcome-offer-line.tsx), so the home route's first load carries
 * only this.
 */
import { lazy, Suspense } from 'react';
import { css } from '@linaria/core';
import { AfterHydration } from '../../ui/after-hydration.tsx';

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
      {/* Not in the server's markup (the offer is read in the browser) nor in the render that
          hydrates it: a lazy part there would make React drop the markup and render it again. */}
      <AfterHydration>
        <Suspense fallback={null}>
          <WelcomeOfferText goldOnly={goldOnly} />
        </Suspense>
      </AfterHydration>
    </p>
  );
}
