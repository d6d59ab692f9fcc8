/**
 * "Tax information (W-9)" on My Account (id tax-information): the player's W-9 state from the
 * user, and the way to /w9-form. The W-9 is asked for by the $600-a-year redemption rule
 * (docs/tax.md); a player may also send it before.
 */
import { useSnapshot } from 'valtio';
import { SUPPORT_EMAIL } from '../../contract/constants.ts';
import { centsToDisplay, formatUsd } from '../../contract/money.ts';
import { ROUTES } from '../../contract/routes.ts';
import { W9_THRESHOLD_USD_CENTS } from '../../contract/tax.ts';
import { store } from '../../state/store.ts';
import { ButtonLink } from '../../ui/button.tsx';
import { Card, Notice } from '../../ui/page.tsx';
import { fragmentHeading } from './fragment-heading.ts';

const THRESHOLD = formatUsd(centsToDisplay(W9_THRESHOLD_USD_CENTS));

export function W9Section() {
  const { user } = useSnapshot(store.session);
  const state = user?.w9_state ?? 'not_required';

  let body;
  if (state === 'confirmed')
    body = (
      <Notice tone="success" testId="w9-section-confirmed">
        Your W-9 information is confirmed.
      </Notice>
    );
  else if (state === 'mismatched')
    body = (
      <Notice tone="error" testId="w9-section-mismatched">
        Your W-9 information did not match our records and your account is suspended. Please contact support
        at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </Notice>
    );
  else if (state === 'required')
    body = (
      <>
        <Notice tone="warning" testId="w9-section-required">
          We need your W-9 information before you can continue to play or redeem.
        </Notice>
        <ButtonLink to={ROUTES.w9Form}>Fill in W-9</ButtonLink>
      </>
    );
  else
    body = (
      <>
        <p>
          A W-9 is needed once your prize redemptions reach {THRESHOLD} in a calendar year. You can send it
          now so your redemptions are not held up then.
        </p>
        <ButtonLink to={ROUTES.w9Form} variant="secondary">
          Fill in W-9
        </ButtonLink>
      </>
    );

  return (
    <Card>
      <h2 id="tax-information" tabIndex={-1} className={fragmentHeading}>
        Tax information (W-9)
      </h2>
      {body}
    </Card>
  );
}
