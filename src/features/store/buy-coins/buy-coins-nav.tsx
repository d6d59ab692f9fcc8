import { NavLink } from 'react-router-dom';
import { css } from '@linaria/core';
import { PROPERTY_NAMES } from '../../../contract/properties.ts';
import { ROUTES } from '../../../contract/routes.ts';
import { CHILD_ROUTES } from '../../../lib/child-routes.ts';
import { isTrue, useNamedProperties } from '../../../lib/use-named-properties.ts';
import { SHELL_PROPERTY_NAMES } from '../../../lib/shell-properties.ts';

const nav = css`
  margin-bottom: var(--space-4);
  & ul {
    display: flex;
    gap: var(--space-2);
    list-style: none;
    margin: 0;
    padding: 0;
    overflow-x: auto;
  }
  & a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    padding: 0 var(--space-4);
    border-radius: 999px;
    border: 1px solid var(--color-border);
    color: var(--color-text);
    text-decoration: none;
    white-space: nowrap;
    font-weight: 600;
  }
  & a[aria-current='page'] {
    background: var(--color-gold);
    border-color: var(--color-gold);
    color: var(--color-primary-contrast);
  }
`;

/** The ways to get coins (spec: buy-coins child routes): packages, daily bonus (when on), earn coins (not in gold-only mode). */
export function BuyCoinsNav() {
  const { values } = useNamedProperties(SHELL_PROPERTY_NAMES);
  const goldOnly = isTrue(values[PROPERTY_NAMES.goldOnlyMode]);
  const dailyBonus = isTrue(values[PROPERTY_NAMES.dailyBonusEnabled]);
  return (
    <nav className={nav} aria-label="Get coins">
      <ul>
        <li>
          <NavLink to={ROUTES.buyCoins} end>
            Coin packages
          </NavLink>
        </li>
        {dailyBonus ? (
          <li>
            <NavLink to={CHILD_ROUTES.buyCoinsDailyBonus}>Daily bonus</NavLink>
          </li>
        ) : null}
        {goldOnly ? null : (
          <li>
            <NavLink to={CHILD_ROUTES.buyCoinsEarnCoins}>Earn free coins</NavLink>
          </li>
        )}
      </ul>
    </nav>
  );
}
