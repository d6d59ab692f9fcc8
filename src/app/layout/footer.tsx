/**
 * Site footer (spec section 2): policy links, what-is page, corporate, help center, social
 * links, Privacy Preferences (only when a consent-management snippet is on the page), the legal
 * notice naming the excluded states, the current year and the review widget (review-widget.tsx:
 * the rating and review count at the review platform).
 */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { AppLink } from '../../ui/app-link.tsx';
import { css } from '@linaria/core';
import {
  COMPANY_NAME,
  EXCLUDED_STATES,
  MINIMUM_AGE,
  PRODUCT_NAME,
  SUPPORT_EMAIL,
} from '../../contract/constants.ts';
import { isTrue, PROPERTY_NAMES } from '../../contract/properties.ts';
import { ROUTES } from '../../contract/routes.ts';
import { store } from '../../state/store.ts';
import { Logo } from '../../ui/logo.tsx';
import { consentManager, openConsentPreferences } from './consent.ts';
import { ReviewWidget } from './review-widget.tsx';

const foot = css`
  margin-top: auto;
  border-top: 1px solid var(--color-border);
  background: #100d24;
  color: var(--color-text-muted);
  font-size: 0.9rem;
  padding: var(--space-5) var(--space-4) calc(var(--space-5) + env(safe-area-inset-bottom));
`;
const inner = css`
  max-width: var(--content-wide);
  margin: 0 auto;
`;
const columns = css`
  display: grid;
  grid-template-columns: 1fr;
  gap: var(--space-4);
  margin: var(--space-4) 0;
  @media (min-width: 600px) {
    grid-template-columns: repeat(3, 1fr);
  }
  & h2 {
    font-size: 0.85rem;
    text-transform: uppercase;
    letter-spacing: 0.08em;
    color: var(--color-text);
    margin-bottom: var(--space-2);
  }
  & ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: var(--space-1);
  }
  & a,
  & button {
    display: inline-block;
    padding: 6px 0;
    color: var(--color-text-muted);
    text-decoration: none;
  }
  & a:hover,
  & button:hover {
    color: var(--color-gold);
    text-decoration: underline;
  }
`;
const linkButton = css`
  border: 0;
  background: none;
  font: inherit;
  cursor: pointer;
  text-align: left;
`;
const social = css`
  /* Doubled class: wins over the column lists' vertical layout. */
  && {
    flex-direction: row;
    flex-wrap: wrap;
    gap: var(--space-2);
  }
  & a {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-width: 44px;
    min-height: 44px;
    padding: 0 var(--space-2);
    border-radius: var(--radius-md);
    border: 1px solid var(--color-border);
    color: var(--color-text);
    text-decoration: none;
    font-weight: 600;
    font-size: 0.85rem;
  }
  & a:hover {
    border-color: var(--color-gold);
    color: var(--color-gold);
  }
`;
const legal = css`
  border-top: 1px solid var(--color-border);
  padding-top: var(--space-4);
  font-size: 0.85rem;
  line-height: 1.55;
  & p {
    margin-bottom: var(--space-2);
  }
  & strong {
    color: var(--color-text);
  }
`;

/** Our public profiles. Plain external URLs; they open in a new tab. */
export const SOCIAL_LINKS = [
  { label: 'Facebook', href: 'https://facebook.luckycrown.example/luckycrowncasino' },
  { label: 'Instagram', href: 'https://instagram.luckycrown.example/luckycrowncasino' },
  { label: 'X', href: 'https://x.luckycrown.example/luckycrown' },
  { label: 'YouTube', href: 'https://youtube.luckycrown.example/@luckycrown' },
] as const;

/** Help Center, "derived from the current user" (spec): a signed-in player goes through the
 * support-desk sign-in (a new tab that signs them in on the help center); a visitor gets the
 * public help page (named property support_url, the support site's from SUPPORT_SITE_ORIGIN).
 * The support mail link below also carries a signed-in player's email in its subject. */
function helpCenter(signedIn: boolean, supportUrl: string): { href: string; external: boolean } {
  if (signedIn) return { href: ROUTES.supportDeskLogin, external: true };
  return { href: supportUrl, external: /^https?:\/\//i.test(supportUrl) };
}

export function Footer() {
  const { values } = useSnapshot(store.properties);
  const { user } = useSnapshot(store.session);
  const support = helpCenter(user !== null, values[PROPERTY_NAMES.supportUrl] ?? ROUTES.corporate);
  // Gold-only mode: no Sweeps, so no sweepstakes rules link and no sweepstakes wording.
  const goldOnly = isTrue(values[PROPERTY_NAMES.goldOnlyMode]);
  const [cmp, setCmp] = useState(() => consentManager());
  useEffect(() => {
    // Consent snippets often load after the app: look again once the page has loaded.
    const check = () => setCmp(consentManager());
    const t = setTimeout(check, 3_000);
    window.addEventListener('load', check);
    return () => {
      clearTimeout(t);
      window.removeEventListener('load', check);
    };
  }, []);
  const year = new Date().getFullYear();
  const states = [...EXCLUDED_STATES];
  const stateList = `${states.slice(0, -1).join(', ')} and ${states[states.length - 1]}`;
  const excludedNotice = `${goldOnly ? 'Promotions' : 'Sweepstakes promotions'} are not available to residents of ${stateList}.`;
  const mailSubject = user ? `?subject=${encodeURIComponent(`Help with account ${user.email}`)}` : '';

  return (
    <footer className={foot} data-testid="site-footer">
      <div className={inner}>
        <Logo size={28} />
        <nav aria-label="Footer" className={columns}>
          <div>
            <h2>Rules and policies</h2>
            <ul>
              <li>
                <AppLink to={ROUTES.policiesTerms}>Terms and Conditions</AppLink>
              </li>
              <li>
                <AppLink to={ROUTES.policiesPrivacy}>Privacy Policy</AppLink>
              </li>
              {goldOnly ? null : (
                <li>
                  <AppLink to={ROUTES.policiesSweepsRules}>Official Sweepstakes Rules</AppLink>
                </li>
              )}
              <li>
                <AppLink to={ROUTES.policiesGameRules}>Official Game Rules</AppLink>
              </li>
              <li>
                <AppLink to={ROUTES.policiesResponsible}>Responsible Social Gaming</AppLink>
              </li>
              {cmp ? (
                <li>
                  <button
                    type="button"
                    className={linkButton}
                    onClick={() => openConsentPreferences(cmp)}
                    data-testid="privacy-preferences"
                  >
                    Privacy Preferences
                  </button>
                </li>
              ) : null}
            </ul>
          </div>
          <div>
            <h2>{PRODUCT_NAME}</h2>
            <ul>
              <li>
                <AppLink to={ROUTES.whatIs}>What is {PRODUCT_NAME}?</AppLink>
              </li>
              <li>
                <AppLink to={ROUTES.corporate}>Corporate information</AppLink>
              </li>
              <li>
                {support.external ? (
                  <a
                    href={support.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    data-testid="footer-help-center"
                  >
                    Help Center<span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                ) : (
                  <AppLink to={support.href} data-testid="footer-help-center">
                    Help Center
                  </AppLink>
                )}
              </li>
              <li>
                <a href={`mailto:${SUPPORT_EMAIL}${mailSubject}`}>{SUPPORT_EMAIL}</a>
              </li>
            </ul>
          </div>
          <div>
            <h2>Follow us</h2>
            <ul className={social}>
              {SOCIAL_LINKS.map((s) => (
                <li key={s.label}>
                  <a
                    href={s.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${PRODUCT_NAME} on ${s.label} (opens in a new tab)`}
                  >
                    {s.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </nav>
        <ReviewWidget />
        <div className={legal} data-testid="legal-notice">
          <p>
            <strong>No purchase necessary.</strong> Void where prohibited by law. {excludedNotice}{' '}
            Participants must be at least {MINIMUM_AGE} years old, or the age of majority in their state of
            residence if higher. {PRODUCT_NAME} is a social casino for entertainment: Gold Coins have no cash
            value.
          </p>
          <p>
            © {year} {COMPANY_NAME}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
