/**
 * The welcome offer on the join form: what joining gives, and whether it applies. With the promo
 * code field empty (or holding the welcome code itself) the server applies FREECOINS at join, so
 * the notice says "Welcome offer applied"; another code replaces it, and the notice says so.
 * Loaded beside the form (its own chunk), so the join page's first load does not carry it.
 */
import { css } from '@linaria/core';
import {
  WELCOME_OFFER_TEXTS,
  WELCOME_PROMO_CODE,
  welcomeOfferAmounts,
} from '../../contract/welcome-offer.ts';
import { useWelcomeOffer } from '../../lib/welcome-offer.ts';

const box = css`
  border: 1px solid var(--color-gold);
  border-radius: var(--radius-md);
  padding: var(--space-3);
  margin-bottom: var(--space-4);
  & p {
    margin: 0;
  }
  & p + p {
    margin-top: var(--space-1);
    color: var(--color-text-muted);
  }
`;
const headline = css`
  font-weight: 700;
  color: var(--color-gold);
`;

/** Whether the code typed so far leaves the welcome offer in place. */
export const keepsWelcomeOffer = (promoCode: string): boolean => {
  const typed = promoCode.trim().toUpperCase();
  return typed === '' || typed === WELCOME_PROMO_CODE;
};

export function WelcomeOfferNotice({ promoCode, goldOnly }: { promoCode: string; goldOnly: boolean }) {
  const { offer } = useWelcomeOffer();
  if (!offer) return null;
  const amounts = welcomeOfferAmounts(offer, goldOnly);
  return (
    <section className={box} aria-label="Welcome offer" data-testid="welcome-offer">
      <p className={headline}>{WELCOME_OFFER_TEXTS.headline(amounts)}</p>
      <p role="status" data-testid="welcome-offer-status">
        {keepsWelcomeOffer(promoCode) ? WELCOME_OFFER_TEXTS.applied(amounts) : WELCOME_OFFER_TEXTS.replaced}
      </p>
    </section>
  );
}

export default WelcomeOfferNotice;
