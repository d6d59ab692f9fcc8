/**
 * The welcome offer as the public call answers it (src/contract/welcome-offer.ts). A plain fetch,
 * not the API client: the home page reads it from the light entry, which must stay small. One
 * request per page load, shared by every reader; a failed request counts as "no offer".
 */
import { useEffect, useState } from 'react';
import { apiUrl } from '../contract/api-paths.ts';
import { parseWelcomeOffer, WELCOME_OFFER_API_PATHS, type WelcomeOffer } from '../contract/welcome-offer.ts';

let request: Promise<WelcomeOffer | null> | null = null;
/** The answer once it has arrived, so a page rendered again (the full app taking over) shows it at once. */
let settled: { offer: WelcomeOffer | null } | null = null;

function loadWelcomeOffer(): Promise<WelcomeOffer | null> {
  request ??= fetch(apiUrl(WELCOME_OFFER_API_PATHS.welcomeOffer), {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  })
    .then((res) => (res.ok ? res.json() : null))
    .then((body: unknown) => {
      const offer = parseWelcomeOffer(body);
      settled = { offer };
      return offer;
    })
    .catch(() => {
      // Asked again on the next page that needs it (the connection may be back).
      request = null;
      return null;
    });
  return request;
}

export interface WelcomeOfferState {
  offer: WelcomeOffer | null;
  /** The answer (or the failure) has arrived. */
  loaded: boolean;
}

/** The welcome offer, loaded after the first render (never blocks the page). */
export function useWelcomeOffer(): WelcomeOfferState {
  const [state, setState] = useState<WelcomeOfferState>(() =>
    settled ? { offer: settled.offer, loaded: true } : { offer: null, loaded: false },
  );
  useEffect(() => {
    let live = true;
    void loadWelcomeOffer().then((offer) => {
      if (live) setState({ offer, loaded: true });
    });
    return () => {
      live = false;
    };
  }, []);
  return state;
}

/** Forgets the shared answer (tests). */
export function forgetWelcomeOffer(): void {
  request = null;
  settled = null;
}
