import { Link } from 'react-router-dom';
import { ROUTES } from '../../contract/routes.ts';
import {
  AMOE_CODE_EXPIRY_DAYS,
  AMOE_CODE_LENGTH,
  EXCLUDED_STATES,
  MINIMUM_AGE,
  PRODUCT_NAME,
} from '../../contract/constants.ts';
import { Page, Card } from '../../ui/page.tsx';
import { lede, prose } from '../../ui/prose.ts';
import { useGoldOnly } from '../../state/use-gold-only.ts';
import { CorporateNav } from './corporate-nav.tsx';

/**
 * How the two coins, the free ways to get Sweeps Coins and prize redemption work. In gold-only
 * mode the product has Gold Coins only, and so does this page.
 */
export function HowItWorksPage() {
  const goldOnly = useGoldOnly();
  return (
    <Page title="How it works">
      <p className={lede}>
        {goldOnly
          ? `${PRODUCT_NAME} runs on Gold Coins. Here is what they are for and how to get them.`
          : `${PRODUCT_NAME} runs on two kinds of coins. Here is what each one is for, how to get them and how prizes are redeemed.`}
      </p>
      <Card className={prose}>
        <h2>Gold Coins: play for fun</h2>
        <p>
          Gold Coins are for entertainment only. You receive Gold Coins free through bonuses and promotions,
          and you can buy Gold Coin packages if you want more. Gold Coins can never be redeemed and have no
          cash value.
        </p>

        {goldOnly ? null : (
          <>
            <h2>Sweeps Coins: free sweepstakes entries</h2>
            <p>
              Sweeps Coins are sweepstakes entries, and you can never buy them. You can receive them free of
              charge:
            </p>
            <ul>
              <li>as a free bonus with certain Gold Coin packages;</li>
              <li>through the daily bonus, login bonus, referrals and other promotions;</li>
              <li>
                by mail, with the free alternative method of entry (AMOE): request a postal request code from
                your account and mail it in as described in the{' '}
                <Link to={ROUTES.policiesSweepsRules}>Official Sweepstakes Rules</Link>. For each valid
                request you receive a {AMOE_CODE_LENGTH}-character AMOE code to redeem for free Sweeps Coins;
                it expires {AMOE_CODE_EXPIRY_DAYS} days after delivery.
              </li>
            </ul>
            <p>
              Every method is treated the same: Sweeps Coins from any source play and redeem the same way.
            </p>

            <h2>Switching coins</h2>
            <p>
              Use the Gold/Sweeps switch at the top of the screen to choose which coins you play with. You
              cannot switch in the middle of a game round.
            </p>

            <h2>Redeeming prizes</h2>
            <ol>
              <li>
                Play your free Sweeps Coins through at least once. Sweeps Coins you win become redeemable.
              </li>
              <li>
                Verify your identity, age and address (and complete a W-9 where required) so we pay the right
                person.
              </li>
              <li>
                Redeem at 1 Sweeps Coin to 1 US dollar by bank transfer, paper check, PayPal or gift card,
                subject to the minimums in the Official Sweepstakes Rules.
              </li>
            </ol>
          </>
        )}

        <h2>Who can play</h2>
        <p>
          Adults of at least {MINIMUM_AGE}, or the age of majority in their state if higher, who live in the
          United States. Residents of {EXCLUDED_STATES.join(', ')} cannot participate at this time. Only one
          account per person and two per household are allowed.
        </p>
        {goldOnly ? null : (
          <>
            <h2>Where Sweeps Coins are offered</h2>
            <p data-testid="how-it-works-sweeps-eligibility">
              In some other states Sweeps Coins promotions are not offered. If you live in one of them you can
              still join, buy and play with Gold Coins; your lobby says so, and coin packages you buy there
              include no Sweeps Coins (we tell you before you buy, and purchases are not refunded). Sweeps
              Coins play also waits for identity verification when we ask for it: while it is required,
              pending (up to 15 minutes) or unsuccessful you keep your Sweeps Coins and can play with Gold
              Coins, and My Account shows what to do next.
            </p>
          </>
        )}

        <h2>Play responsibly</h2>
        <p>
          Set limits before you play and take breaks. Our{' '}
          <Link to={ROUTES.policiesResponsible}>Responsible Social Gaming</Link> page explains the tools we
          offer and where to find help.
        </p>
      </Card>
      <CorporateNav />
    </Page>
  );
}

export default HowItWorksPage;
