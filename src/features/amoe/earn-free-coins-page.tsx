/**
 * Get Coins -> Earn Free Coins: the ways to receive free coins without a purchase. First the
 * mail-in entry (AMOE): request a postal request code, and redeem the AMOE code that comes back;
 * then the other free ways (daily bonus, referrals, promotions) from the shared list. Only in the
 * full product (the route sits behind the Sweeps guard).
 */
import { css } from '@linaria/core';
import { FREE_COIN_WAYS } from '../../contract/free-coins.ts';
import { ROUTES } from '../../contract/routes.ts';
import { AppLink } from '../../ui/app-link.tsx';
import { ButtonLink } from '../../ui/button.tsx';
import { Card, Page } from '../../ui/page.tsx';

const actions = css`
  display: grid;
  gap: var(--space-3);
  margin: var(--space-3) 0 0;
`;

export default function EarnFreeCoinsPage() {
  return (
    <Page title="Earn Free Coins" width="narrow">
      <Card>
        <h2>Free Sweeps Coins by mail</h2>
        <p>
          No purchase is ever necessary. Mail us a request card and receive free Sweeps Coins, as described in
          the <AppLink to={ROUTES.policiesSweepsRules}>Official Sweepstakes Rules</AppLink>.
        </p>
        <div className={actions}>
          <ButtonLink to={ROUTES.amoeStart} fullWidth data-testid="earn-amoe-start">
            Request by mail
          </ButtonLink>
          <ButtonLink to={ROUTES.amoeRedeem} variant="secondary" fullWidth data-testid="earn-amoe-redeem">
            Redeem an AMOE code
          </ButtonLink>
        </div>
      </Card>
      {FREE_COIN_WAYS.filter((way) => way.id !== 'mail-in').map((way) => (
        <Card key={way.id}>
          <h2>{way.title}</h2>
          <p>{way.text}</p>
          <div className={actions}>
            {way.links.map((link) => (
              <ButtonLink key={link.to} to={link.to} variant="secondary" fullWidth data-testid={link.testId}>
                {link.label}
              </ButtonLink>
            ))}
          </div>
        </Card>
      ))}
    </Page>
  );
}
