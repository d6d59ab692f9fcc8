/**
 * /earn-sweeps-coins: every free way to get coins (daily bonus, mail-in entry, referrals,
 * promotions), each with a link to where it happens. A Sweeps page (lobby in gold-only mode).
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

export default function EarnSweepsCoinsPage() {
  return (
    <Page title="Earn Sweeps Coins" width="narrow">
      <p>
        No purchase is ever necessary to play or to win. These are all the ways to get free coins; the{' '}
        <AppLink to={ROUTES.policiesSweepsRules}>Official Sweepstakes Rules</AppLink> have the details.
      </p>
      {FREE_COIN_WAYS.map((way) => (
        <Card key={way.id}>
          <h2>{way.title}</h2>
          <p>{way.text}</p>
          <div className={actions}>
            {way.links.map((link, i) => (
              <ButtonLink
                key={link.to}
                to={link.to}
                variant={i === 0 ? 'primary' : 'secondary'}
                fullWidth
                data-testid={link.testId}
              >
                {link.label}
              </ButtonLink>
            ))}
          </div>
        </Card>
      ))}
    </Page>
  );
}
