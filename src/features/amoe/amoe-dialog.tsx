/**
 * The AMOE dialog (spec sections 2 and 8): the Sweeps Coins a redeemed code credited, or why the
 * code was refused. It closes on navigation (CLOSE_ON_NAVIGATION). Close result: { reviewCode }
 * when the player chose to correct the code, so the page can put focus back on the field.
 */
import { useNavigate } from 'react-router-dom';
import { AMOE_TEXTS } from '../../contract/amoe.ts';
import { ROUTES } from '../../contract/routes.ts';
import { formatSweeps } from '../../contract/money.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import type { DialogComponentProps } from '../../ui/dialog-registry.ts';
import { amoeErrorView } from './amoe-errors.ts';

export function AmoeDialog({ props, close }: DialogComponentProps) {
  const navigate = useNavigate();
  if (props.outcome === 'credited') {
    const amount = typeof props.amount_ghc === 'number' ? props.amount_ghc : 0;
    const toLobby = () => {
      close({ credited: true });
      void navigate(ROUTES.lobby);
    };
    return (
      <Dialog
        open
        onClose={() => close({ credited: true })}
        title={AMOE_TEXTS.successTitle}
        testId="dialog-amoe"
        actions={
          <>
            <Button variant="secondary" onClick={() => close({ credited: true })}>
              Done
            </Button>
            <Button onClick={toLobby}>Play now</Button>
          </>
        }
      >
        <p data-testid="amoe-credited">
          {formatSweeps(amount)} free Sweeps Coins were added to your account.
        </p>
        <p>Free Sweeps Coins must be played at least once before they can be redeemed for prizes.</p>
      </Dialog>
    );
  }
  const view = amoeErrorView(
    typeof props.errorCode === 'string' ? props.errorCode : null,
    typeof props.message === 'string' ? props.message : null,
  );
  return (
    <Dialog
      open
      onClose={() => close({ reviewCode: view.reviewCode })}
      title={view.title}
      testId="dialog-amoe"
      actions={
        <Button onClick={() => close({ reviewCode: view.reviewCode })}>
          {view.reviewCode ? 'Review code' : 'OK'}
        </Button>
      }
    >
      <p data-testid="amoe-error" data-code={typeof props.errorCode === 'string' ? props.errorCode : ''}>
        {view.message}
      </p>
    </Dialog>
  );
}
