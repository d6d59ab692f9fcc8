import { NotAvailable } from '../../ui/not-available.tsx';
import { useGoldOnly } from '../../state/use-gold-only.ts';

/** Choosing the starting currency after sign-up; a later release. The header toggle switches currencies today. */
export function SelectCurrencyPage() {
  const goldOnly = useGoldOnly();
  return (
    <NotAvailable feature="Select Currency">
      <p>
        {goldOnly
          ? 'Choosing your starting coins here is coming. Your account plays with Gold Coins.'
          : 'Choosing your starting coins here is coming. You can switch between Gold Coins and Sweeps Coins at any time with the toggle at the top of the screen.'}
      </p>
    </NotAvailable>
  );
}

export default SelectCurrencyPage;
