import { Link } from 'react-router-dom';
import { ROUTES } from '../../contract/routes.ts';
import { EXCLUDED_STATES, PRODUCT_NAME, SUPPORT_EMAIL, MINIMUM_AGE } from '../../contract/constants.ts';
import { Page, Card } from '../../ui/page.tsx';
import { ButtonLink } from '../../ui/button.tsx';
import { actionRow, prose } from '../../ui/prose.ts';

/**
 * Where the duplicate-account dialog sends a visitor whose account could not be created because of
 * the one-per-person rule, with the two-per-household rule and a plain summary of the other
 * eligibility rules (docs/account.md).
 */
export function FailedRegistrationPage() {
  return (
    <Page title="We couldn't create your account">
      <Card className={prose}>
        <p>
          We were not able to open a new {PRODUCT_NAME} account with the details you entered. This usually
          happens for one of these reasons:
        </p>
        <h2>One account per person</h2>
        <p>
          Each player may hold only one account: the same name and date of birth are one person, wherever you
          live now. If you joined before, even with another email address or from another address, please{' '}
          <Link to={ROUTES.login}>sign in</Link> to your existing account instead. If you forgot its password,
          you can <Link to={ROUTES.passwordRecovery}>request a sign-in link</Link>.
        </p>
        <h2>Two accounts per household</h2>
        <p>
          At most two accounts may be held per household. A household is one home address (the same street
          address, apartment or unit and ZIP code), so if two people at your address already play, a third
          account cannot use that address. We check it when you give your address, before your first purchase
          or redemption.
        </p>
        <h2>Eligibility</h2>
        <ul>
          <li>
            You must be at least {MINIMUM_AGE} years old, or the age of majority in your state if higher (19
            in Alabama and Nebraska, 21 in Mississippi).
          </li>
          <li>You must live in one of the 50 US states or the District of Columbia.</li>
          <li>Residents of {EXCLUDED_STATES.join(', ')} cannot participate at this time.</li>
        </ul>
        <h2>Think this is a mistake?</h2>
        <p>
          Email our player support team at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> from the
          address you tried to join with. Tell us your full name and ZIP code; we will look into it and reply,
          usually within one business day. Please do not open another account in the meantime.
        </p>
        <div className={actionRow}>
          <ButtonLink to={ROUTES.login}>Sign in</ButtonLink>
          <ButtonLink to={ROUTES.home} variant="secondary">
            Home page
          </ButtonLink>
        </div>
      </Card>
    </Page>
  );
}

export default FailedRegistrationPage;
