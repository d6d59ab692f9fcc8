/**
 * The home page as a first-time visitor sees it, without the router: the light entry renders
 * it at once so the home route's first load carries only React and this page; the full app
 * (router, session, PWA plumbing) loads at idle and takes over with the same markup.
 */
import { StrictMode } from 'react';
import HomePage from '../features/home/home-page.tsx';
import { Footer } from './layout/footer.tsx';
import { SignedOutHomeHeader } from './layout/header-bar.tsx';

export function HomeLanding() {
  return (
    <StrictMode>
      <SignedOutHomeHeader />
      <main id="main" tabIndex={-1}>
        <HomePage />
      </main>
      <Footer />
    </StrictMode>
  );
}
