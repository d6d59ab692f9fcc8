import { AppLink } from '../../ui/app-link.tsx';
import { css, cx } from '@linaria/core';
import { useSnapshot } from 'valtio';
import { isTrue, PROPERTY_NAMES } from '../../contract/properties.ts';
import { store } from '../../state/store.ts';
import { ROUTES } from '../../contract/routes.ts';
import { EXCLUDED_STATES, MINIMUM_AGE, PRODUCT_NAME } from '../../contract/constants.ts';
import { Page, Card } from '../../ui/page.tsx';
import { ButtonLink } from '../../ui/button.tsx';
import { CrownMark } from '../../ui/logo.tsx';
import { WelcomeOfferSlot } from './welcome-offer-slot.tsx';

const hero = css`
  text-align: center;
  padding: var(--space-5) 0 var(--space-6);
`;
const heroMark = css`
  display: inline-block;
  margin-bottom: var(--space-3);
  filter: drop-shadow(0 6px 18px rgba(245, 200, 76, 0.35));
`;
const heroTitle = css`
  font-size: 2rem;
  margin-bottom: var(--space-3);
  & span {
    color: var(--color-gold);
  }
  @media (min-width: 768px) {
    font-size: 2.75rem;
  }
`;
const heroText = css`
  max-width: 36rem;
  margin: 0 auto var(--space-5);
  color: var(--color-text-muted);
  font-size: 1.1rem;
`;
const ctas = css`
  display: flex;
  flex-direction: column;
  gap: var(--space-3);
  max-width: 22rem;
  margin: 0 auto;
  @media (min-width: 520px) {
    flex-direction: row;
    & > * {
      flex: 1;
    }
  }
`;
const noPurchase = css`
  margin-top: var(--space-3);
  font-size: 0.9rem;
  color: var(--color-text-muted);
`;
const sectionTitle = css`
  text-align: center;
  margin: var(--space-5) 0 var(--space-4);
`;
const steps = css`
  list-style: none;
  margin: 0 0 var(--space-4);
  padding: 0;
  display: grid;
  gap: var(--space-3);
  counter-reset: step;
  @media (min-width: 768px) {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;
const step = css`
  counter-increment: step;
  background: var(--color-surface);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-lg);
  padding: var(--space-4);
  &::before {
    content: counter(step);
    display: inline-grid;
    place-items: center;
    width: 36px;
    height: 36px;
    border-radius: 50%;
    background: var(--color-gold);
    color: var(--color-primary-contrast);
    font-weight: 800;
    margin-bottom: var(--space-2);
  }
  & h3 {
    margin-bottom: var(--space-2);
  }
  & p {
    margin: 0;
    color: var(--color-text-muted);
  }
`;
const coins = css`
  display: grid;
  gap: var(--space-3);
  @media (min-width: 768px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;
const coinCard = css`
  border-radius: var(--radius-lg);
  padding: var(--space-4);
  background: var(--color-surface);
  border: 1px solid var(--color-border);
  & h3 {
    display: flex;
    align-items: center;
    gap: var(--space-2);
  }
  & p:last-child {
    margin-bottom: 0;
  }
`;
const dot = css`
  width: 14px;
  height: 14px;
  border-radius: 50%;
  flex: none;
`;
const goldDot = css`
  background: var(--color-gold);
`;
const sweepsDot = css`
  background: var(--color-sweeps);
`;
const centered = css`
  text-align: center;
`;
const eligibility = css`
  font-size: 0.95rem;
  & p:last-child {
    margin-bottom: 0;
  }
`;

/**
 * Home page for visitors: what the product is, how it works, who may play, and the way in. In
 * gold-only mode (named property gold_only_mode, read from the store the shell fills) it speaks of
 * Gold Coins only.
 */
export function HomePage() {
  const { values } = useSnapshot(store.properties);
  // Read without lib/use-named-properties (SWR and the API client): the home page is in the light
  // entry, which must stay within the home route's size budget.
  const goldOnly = isTrue(values[PROPERTY_NAMES.goldOnlyMode]);
  return (
    <Page title="Social casino games, free to play" hideTitle width="wide">
      <section className={hero} aria-labelledby="page-title">
        <span className={heroMark}>
          <CrownMark size={88} />
        </span>
        {/* The visual twin of the page's (visually hidden) h1, so screen readers hear it once. */}
        <p className={heroTitle} aria-hidden="true">
          Social casino games, <span>free to play</span>
        </p>
        <p className={heroText}>
          {PRODUCT_NAME} is a social casino for adults in the United States. Play with Gold Coins just for fun
          {goldOnly ? '.' : ', and enter our sweepstakes with Sweeps Coins, which you can redeem for prizes.'}
        </p>
        <WelcomeOfferSlot goldOnly={goldOnly} />
        <div className={ctas}>
          <ButtonLink to={ROUTES.createUser}>Join now</ButtonLink>
          <ButtonLink to={ROUTES.login} variant="secondary">
            Sign in
          </ButtonLink>
        </div>
        <p className={noPurchase}>No purchase necessary. Void where prohibited by law.</p>
      </section>

      <section aria-labelledby="how-title">
        <h2 id="how-title" className={sectionTitle}>
          How it works
        </h2>
        <ol className={steps}>
          <li className={step}>
            <h3>Join for free</h3>
            <p>Create your account in a minute with your email address. No purchase and no card needed.</p>
          </li>
          <li className={step}>
            <h3>Play with Gold Coins</h3>
            <p>
              Gold Coins are for fun only. Get them free with bonuses, or buy Gold Coin packages if you wish.
            </p>
          </li>
          {goldOnly ? (
            <li className={step}>
              <h3>Claim free bonuses</h3>
              <p>Daily bonuses and promotions add free Gold Coins to your balance, so the fun keeps going.</p>
            </li>
          ) : (
            <li className={step}>
              <h3>Redeem Sweeps Coins</h3>
              <p>
                Sweeps Coins come free with promotions and some packages. Play them through once and redeem
                eligible coins for prizes.
              </p>
            </li>
          )}
        </ol>
        <p className={centered}>
          <AppLink to={ROUTES.corporateHowItWorks}>Read the details of how it works</AppLink>
        </p>
      </section>

      <section aria-labelledby="coins-title">
        <h2 id="coins-title" className={sectionTitle}>
          {goldOnly ? 'Gold Coins' : 'Two kinds of coins'}
        </h2>
        <div className={coins}>
          <div className={coinCard}>
            <h3>
              <span className={cx(dot, goldDot)} aria-hidden="true" />
              Gold Coins
            </h3>
            <p>Play-only coins for entertainment. Gold Coins have no cash value and can never be redeemed.</p>
          </div>
          {goldOnly ? null : (
            <div className={coinCard}>
              <h3>
                <span className={cx(dot, sweepsDot)} aria-hidden="true" />
                Sweeps Coins
              </h3>
              <p>
                Free promotional coins: you can never buy them. Sweeps Coins won in play can be redeemed for
                prizes, as set out in the{' '}
                <AppLink to={ROUTES.policiesSweepsRules}>Official Sweepstakes Rules</AppLink>.
              </p>
            </div>
          )}
        </div>
      </section>

      <h2 className={sectionTitle}>Who can play</h2>
      <Card className={eligibility}>
        <p>
          You must be at least {MINIMUM_AGE} years old, or the age of majority where you live if that is
          higher, and a resident of the United States. Residents of {EXCLUDED_STATES.join(', ')} cannot
          participate in our promotions and games at this time.
        </p>
        <p>
          Play responsibly. Read our{' '}
          <AppLink to={ROUTES.policiesResponsible}>Responsible Social Gaming</AppLink> policy and{' '}
          <AppLink to={ROUTES.whatIs}>what {PRODUCT_NAME} is</AppLink>.
        </p>
      </Card>
    </Page>
  );
}

export default HomePage;
