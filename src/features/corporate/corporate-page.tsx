import { Link } from 'react-router-dom';
import { ROUTES, POLICY_PAGES } from '../../contract/routes.ts';
import { COMPANY_NAME, PRODUCT_NAME, SUPPORT_EMAIL } from '../../contract/constants.ts';
import { Page, Card } from '../../ui/page.tsx';
import { lede, prose } from '../../ui/prose.ts';
import { CorporateNav } from './corporate-nav.tsx';
import { useGoldOnly } from '../../state/use-gold-only.ts';

/** Corporate information: who runs the product, how to reach us, where the rules are. */
export function CorporatePage() {
  const goldOnly = useGoldOnly();
  return (
    <Page title="Company information">
      <p className={lede}>
        {PRODUCT_NAME} is operated by {COMPANY_NAME}, a US company founded in 2022.
      </p>
      <Card className={prose}>
        <h2>Who we are</h2>
        <p>
          We build {PRODUCT_NAME}, a free-to-play social casino for adults in the United States. Our players
          enjoy casual casino-style games with Gold Coins for fun
          {goldOnly
            ? '.'
            : ', and can take part in our sweepstakes with Sweeps Coins, which are always free and never sold.'}
        </p>
        <p>
          We are a small team of game designers, engineers, player-support and compliance staff. We run the
          platform ourselves and answer our own support email.
        </p>

        <h2>Company details</h2>
        <ul>
          <li>Legal name: {COMPANY_NAME}</li>
          <li>Registered address: 1209 Orange Street, Wilmington, DE 19801</li>
          <li>
            Player support: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </li>
        </ul>

        <h2>Rules and policies</h2>
        <p>Everything that governs play on {PRODUCT_NAME} is published in full:</p>
        <ul>
          {/* Gold-only mode has no sweepstakes: their rules are not listed (docs/security.md). */}
          {POLICY_PAGES.filter((p) => !goldOnly || p.type !== 'sweeps_rules').map((p) => (
            <li key={p.path}>
              <Link to={p.path}>{p.title}</Link>
            </li>
          ))}
        </ul>

        <h2>Product history</h2>
        <ul>
          <li>
            <Link to={ROUTES.releaseJan2023}>January 2023: first public release</Link>
          </li>
          <li>
            <Link to={ROUTES.releaseOct2023}>October 2023: installable app and account security</Link>
          </li>
          <li>
            <Link to={ROUTES.releaseJan2025}>
              January 2025: responsible play tools and faster redemptions
            </Link>
          </li>
        </ul>
      </Card>
      <CorporateNav />
    </Page>
  );
}

export default CorporatePage;
