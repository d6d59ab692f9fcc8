/**
 * Zero-sweeps package warning: a player whose state has no Sweeps is told, by state name, that
 * the package brings Gold Coins only and that purchases are not refundable. { confirmedPackage }.
 */
import type { CoinPackage } from '../../../contract/payments.ts';
import { PAYMENT_TEXTS } from '../../../contract/payments.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import type { DialogComponentProps } from '../../../ui/dialog-registry.ts';
import { stateName } from '../../../contract/us-state-names.ts';
import { lead } from './dialog-styles.ts';
import { PackageContents } from './package-contents.tsx';

export const zeroSweepsMessage = (state: string | null): string =>
  PAYMENT_TEXTS.zeroSweepsPackage.replace('{state}', state ? stateName(state.toUpperCase()) : 'your state');

export function ZeroSweepsPackageDialog({ props, close }: DialogComponentProps) {
  const pkg = props.package as CoinPackage;
  const state = typeof props.state === 'string' ? props.state : null;
  return (
    <Dialog
      open
      onClose={() => close({ confirmedPackage: false })}
      title="Gold Coins Only"
      testId="dialog-zero-sweeps-package"
      actions={
        <>
          <Button variant="secondary" onClick={() => close({ confirmedPackage: false })}>
            Cancel
          </Button>
          <Button onClick={() => close({ confirmedPackage: true })}>I understand, continue</Button>
        </>
      }
    >
      <p className={lead} data-testid="zero-sweeps-message">
        {zeroSweepsMessage(state)}
      </p>
      <PackageContents pkg={{ ...pkg, quantity_ghc: 0 }} />
    </Dialog>
  );
}
