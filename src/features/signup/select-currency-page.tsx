import { useNavigate } from 'react-router-dom';
import { css } from '@linaria/core';
import { ROUTES } from '../../contract/routes.ts';
import type { Currency } from '../../contract/currency.ts';
import { setCurrency } from '../../state/currency-actions.ts';
import { useGoldOnly } from '../../state/use-gold-only.ts';
import { Button } from '../../ui/button.tsx';
import { Card, Page } from '../../ui/page.tsx';

const choices = css`
  display: grid;
  gap: var(--space-3);
`;
const note = css`
  color: var(--color-text-muted);
  margin: 0 0 var(--space-2);
`;

/**
 * The starting currency after a sign-up: Gold Coins (play for fun) or Sweeps Coins (promotional
 * play). The choice is the header toggle's, remembered the same way; it can be switched at any time.
 */
export function SelectCurrencyPage() {
  const navigate = useNavigate();
  const goldOnly = useGoldOnly();
  const choose = (currency: Currency) => {
    setCurrency(currency);
    navigate(ROUTES.lobby, { replace: true });
  };
  return (
    <Page title="Choose your coins" width="narrow">
      <Card>
        <div className={choices}>
          <Button type="button" fullWidth onClick={() => choose('gold')}>
            Play with Gold Coins
          </Button>
          <p className={note}>Gold Coins are for fun and have no cash value.</p>
          {goldOnly ? null : (
            <>
              <Button type="button" variant="secondary" fullWidth onClick={() => choose('sweeps')}>
                Play with Sweeps Coins
              </Button>
              <p className={note}>
                Sweeps Coins are free promotional entries; winnings may be redeemed for prizes. Switch at any
                time with the toggle at the top of the screen.
              </p>
            </>
          )}
        </div>
      </Card>
    </Page>
  );
}

export default SelectCurrencyPage;
