import { NotAvailable } from '../../ui/not-available.tsx';

/** Choosing the starting currency after sign-up; a later release. The header toggle switches currencies today. */
export function SelectCurrencyPage() {
  return (
    <NotAvailable feature="Select Currency">
      <p>
        Choosing your starting coins here is coming. You can switch between Gold Coins and Sweeps Coins at any
        time with the toggle at the top of the screen.
      </p>
    </NotAvailable>
  );
}

export default SelectCurrencyPage;
