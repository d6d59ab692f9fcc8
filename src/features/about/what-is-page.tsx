import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { ROUTES } from '../../contract/routes.ts';
import { COMPANY_NAME, EXCLUDED_STATES, MINIMUM_AGE, PRODUCT_NAME } from '../../contract/constants.ts';
import { store } from '../../state/store.ts';
import { useGoldOnly } from '../../state/use-gold-only.ts';
import { Page, Card } from '../../ui/page.tsx';
import { ButtonLink } from '../../ui/button.tsx';
import { actionRow, lede, prose } from '../../ui/prose.ts';

/** "What is Lucky Crown?": a plain explanation of the product for newcomers and search visitors. */
export function WhatIsPage() {
  const { session } = useSnapshot(store);
  const signedIn = session.status === 'signed-in';
  // Gold-only mode: the product has no Sweeps Coins and no sweepstakes.
  const goldOnly = useGoldOnly();
  return (
    <Page title={`What is ${PRODUCT_NAME}?`}>
      <p className={lede}>A free-to-play social casino for adults in the United States.</p>
      <Card className={prose}>
        <p>
          {PRODUCT_NAME} brings casual casino-style games (slots, table games and scratchcards) to your phone
          or computer. It is a social casino: you never wager money. You play with virtual coins, and no
          purchase is ever necessary.
        </p>

        <h2>Is it free?</h2>
        <p>
          Yes. Joining is free, and you receive {goldOnly ? 'Gold Coins' : 'Gold Coins and Sweeps Coins'} free
          through bonuses and promotions. You may buy Gold Coin packages if you want more coins to play with,
          but you never have to.
        </p>

        <h2>{goldOnly ? 'What are Gold Coins?' : 'What are Gold Coins and Sweeps Coins?'}</h2>
        <ul>
          <li>
            <strong>Gold Coins</strong> are for fun only. They have no cash value and cannot be redeemed.
          </li>
          {goldOnly ? null : (
            <li>
              <strong>Sweeps Coins</strong> are free sweepstakes entries. They cannot be bought. Sweeps Coins
              you win can be redeemed for prizes under the{' '}
              <Link to={ROUTES.policiesSweepsRules}>Official Sweepstakes Rules</Link>.
            </li>
          )}
        </ul>

        <h2>Is it legal?</h2>
        <p>
          {goldOnly
            ? `${PRODUCT_NAME} is a social casino played for fun: Gold Coins have no cash value and no prizes are paid, so no money is ever at stake.`
            : `${PRODUCT_NAME} operates as a promotional sweepstakes, which is allowed in most US states because no purchase is necessary to take part and every player can get Sweeps Coins for free, including by mail.`}{' '}
          Residents of {EXCLUDED_STATES.join(', ')} cannot participate at this time.
        </p>

        <h2>Who can play?</h2>
        <p>
          Adults of at least {MINIMUM_AGE} (or the age of majority in their state if higher) who live in an
          eligible US state. One account per person and two per household.
        </p>

        <h2>Who runs it?</h2>
        <p>
          {PRODUCT_NAME} is operated by {COMPANY_NAME}. Read more about{' '}
          <Link to={ROUTES.corporate}>the company</Link> and{' '}
          <Link to={ROUTES.corporateHowItWorks}>how it works</Link>.
        </p>

        <div className={actionRow}>
          {signedIn ? (
            <ButtonLink to={ROUTES.lobby}>Go to the lobby</ButtonLink>
          ) : (
            <>
              <ButtonLink to={ROUTES.createUser}>Join now</ButtonLink>
              <ButtonLink to={ROUTES.login} variant="secondary">
                Sign in
              </ButtonLink>
            </>
          )}
        </div>
      </Card>
    </Page>
  );
}

export default WhatIsPage;
