/**
 * The welcome offer's text on the home page, with its amounts from the public call (never written
 * into the page). Loaded after the first paint, into a line the page reserves for it
 * (welcome-offer-slot.ts), so neither its code nor its answer delays or moves anything.
 */
import { WELCOME_OFFER_TEXTS, welcomeOfferAmounts } from '../../contract/welcome-offer.ts';
import { useWelcomeOffer } from '../../lib/welcome-offer.ts';

export default function WelcomeOfferText({ goldOnly }: { goldOnly: boolean }) {
  const { offer } = useWelcomeOffer();
  return offer ? WELCOME_OFFER_TEXTS.headline(welcomeOfferAmounts(offer, goldOnly)) : null;
}
