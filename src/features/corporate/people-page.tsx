import { Link } from 'react-router-dom';
import { ROUTES } from '../../contract/routes.ts';
import { COMPANY_NAME, PRODUCT_NAME, SUPPORT_EMAIL } from '../../contract/constants.ts';
import { Page, Card } from '../../ui/page.tsx';
import { lede, prose } from '../../ui/prose.ts';
import { CorporateNav } from './corporate-nav.tsx';
import { useGoldOnly } from '../../state/use-gold-only.ts';

/**
 * Our people, described by team and responsibility. We deliberately do not publish staff names
 * or photos here; players reach every team through one support address.
 */
export function PeoplePage() {
  const goldOnly = useGoldOnly();
  return (
    <Page title="Our people">
      <p className={lede}>The teams behind {PRODUCT_NAME}, and what each one does for you.</p>
      <Card className={prose}>
        <h2>Player support</h2>
        <p>
          Answers every question about accounts, coins, purchases and prizes. Write to{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> from the email address on your account; we
          reply to every message, usually within one business day.
        </p>

        <h2>Compliance and responsible gaming</h2>
        <p>
          Keeps {PRODUCT_NAME} within the law in every state where we operate: age and location checks,
          {goldOnly
            ? 'identity verification, and tax forms.'
            : 'identity verification before prizes are paid, tax forms, and the sweepstakes rules.'}{' '}
          The same team looks after our <Link to={ROUTES.policiesResponsible}>Responsible Social Gaming</Link>{' '}
          tools, such as purchase limits and self-exclusion.
        </p>

        <h2>Payments and prizes</h2>
        <p>
          Processes Gold Coin purchases through licensed payment providers
          {goldOnly ? '.' : " and pays out Sweeps Coin redemptions once a player's identity is verified."}
        </p>

        <h2>Games and engineering</h2>
        <p>
          Designs and builds our games and the platform they run on. Every game outcome is decided on our
          servers by a tested random number generator, as described in the{' '}
          <Link to={ROUTES.policiesGameRules}>Official Game Rules</Link>.
        </p>

        <h2>Security and privacy</h2>
        <p>
          Protects player accounts and data. Passwords are stored only as salted hashes and we never sell
          personal information; see our <Link to={ROUTES.policiesPrivacy}>Privacy Policy</Link>.
        </p>

        <h2>Working with us</h2>
        <p>
          {COMPANY_NAME} is a small company. For business enquiries, write to{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> and we will pass your message to the right
          person.
        </p>
      </Card>
      <CorporateNav />
    </Page>
  );
}

export default PeoplePage;
