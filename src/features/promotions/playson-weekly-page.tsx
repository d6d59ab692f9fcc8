import { Link } from 'react-router-dom';
import { ROUTES } from '../../contract/routes.ts';
import { PRODUCT_NAME } from '../../contract/constants.ts';
import { Page, Card, Notice } from '../../ui/page.tsx';
import { lede, prose } from '../../ui/prose.ts';
import { useGoldOnly } from '../../state/use-gold-only.ts';

/**
 * The Playson Weekly Coins Challenge: how the promotion is structured. It is not running now,
 * so the page says so and shows no leaderboard or prize figures.
 */
export function PlaysonWeeklyPage() {
  const goldOnly = useGoldOnly();
  return (
    <Page title="Playson Weekly Coins Challenge">
      <p className={lede}>A weekly leaderboard promotion on selected Playson slots.</p>
      <Notice tone="info" testId="promotion-status">
        <p>
          <strong>The challenge is not running right now.</strong> We'll announce the next one in the lobby
          and by email to players who have agreed to receive promotions.
        </p>
      </Notice>
      <Card className={prose}>
        <h2>How the challenge works</h2>
        <ol>
          <li>Each challenge runs for one week, from Monday 12:00am to Sunday 11:59pm Eastern Time.</li>
          <li>
            Play any of the Playson slots marked for the challenge in the lobby. There is nothing to opt in
            to.
          </li>
          <li>
            Every qualifying play earns points in proportion to its play amount, so a player who makes many
            small plays and one who makes fewer larger plays are treated the same way.
          </li>
          <li>The leaderboard ranks players by points and updates during the week.</li>
          <li>
            When the week ends, the top-ranked players receive the coin prizes announced for that challenge,
            added to their balances within 48 hours.
          </li>
        </ol>

        <h2>Fair play</h2>
        <ul>
          <li>
            No purchase is necessary to take part; plays made with free coins count the same as any other.
          </li>
          <li>
            Prize amounts, the number of winners and any minimum play amount are published before each
            challenge starts.
          </li>
          {goldOnly ? null : (
            <li>
              Sweeps Coin prizes follow the{' '}
              <Link to={ROUTES.policiesSweepsRules}>Official Sweepstakes Rules</Link>; eligibility is the same
              as for {PRODUCT_NAME} itself.
            </li>
          )}
          <li>Accounts that break our Terms and Conditions are removed from the leaderboard.</li>
        </ul>
      </Card>
    </Page>
  );
}

export default PlaysonWeeklyPage;
