/**
 * The game dialogs of spec section 8: game unavailable, under maintenance until 7:00am ET,
 * currency unavailable (offers to switch: result {switchCurrency}), game updated (back to the
 * lobby), and the confirm-exit question of section 4 (result {confirmExit}).
 */
import { useNavigate } from 'react-router-dom';
import { isCurrency } from '../../contract/currency.ts';
import { CURRENCY_LABELS } from '../../contract/money.ts';
import { ROUTES } from '../../contract/routes.ts';
import { setCurrency } from '../../state/currency-actions.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import type { DialogComponentProps } from '../../ui/dialog-registry.ts';
import { SKIP_EXIT_CONFIRM } from './game-dialog-kinds.ts';

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);

/** Closes the dialog with `result` and goes back to the lobby. */
function useBackToLobby(close: DialogComponentProps['close']) {
  const navigate = useNavigate();
  return (result: Record<string, unknown> = { closed: true }) => {
    close(result);
    void navigate(ROUTES.lobby, { state: SKIP_EXIT_CONFIRM });
  };
}

export function GameUnavailableDialog({ close }: DialogComponentProps) {
  const back = useBackToLobby(close);
  return (
    <Dialog
      open
      onClose={() => back()}
      title="Game Unavailable"
      testId="dialog-game-unavailable"
      actions={<Button onClick={() => back()}>Back to lobby</Button>}
    >
      <p>This game is not available. Pick another game in the lobby.</p>
    </Dialog>
  );
}

export function GameMaintenanceDialog({ props, close }: DialogComponentProps) {
  const back = useBackToLobby(close);
  const until = text(props.until);
  return (
    <Dialog
      open
      onClose={() => back()}
      title="Under Maintenance"
      testId="dialog-game-maintenance"
      actions={<Button onClick={() => back()}>Back to lobby</Button>}
    >
      <p data-testid="game-maintenance-message">
        {until
          ? `This game is under maintenance until ${until}.`
          : 'This game is under maintenance. Please try again later.'}
      </p>
    </Dialog>
  );
}

export function GameCurrencyDisabledDialog({ props, close }: DialogComponentProps) {
  const back = useBackToLobby(close);
  const current = isCurrency(props.currency) ? CURRENCY_LABELS[props.currency].name : 'this currency';
  const switchTo = isCurrency(props.switchTo) ? props.switchTo : null;
  const switchNow = () => {
    if (!switchTo) return;
    close({ switchCurrency: true });
    // Refused only when a switch is already running; the page then asks again.
    setCurrency(switchTo);
  };
  return (
    <Dialog
      open
      dismissible={false}
      onClose={() => back({ switchCurrency: false })}
      title="Currency Unavailable"
      testId="dialog-game-currency-disabled"
      actions={
        <>
          <Button variant="secondary" onClick={() => back({ switchCurrency: false })}>
            Back to lobby
          </Button>
          {switchTo ? <Button onClick={switchNow}>Switch to {CURRENCY_LABELS[switchTo].name}</Button> : null}
        </>
      }
    >
      <p>
        This game cannot be played with {current}.
        {switchTo ? ` Switch to ${CURRENCY_LABELS[switchTo].name} to play it.` : ''}
      </p>
    </Dialog>
  );
}

export function GameUpdatedDialog({ close }: DialogComponentProps) {
  const back = useBackToLobby(close);
  return (
    <Dialog
      open
      dismissible={false}
      onClose={() => back()}
      title="Game Updated"
      testId="dialog-game-updated"
      actions={<Button onClick={() => back()}>Back to lobby</Button>}
    >
      <p>This game has just been updated. Open it again from the lobby to play the new version.</p>
    </Dialog>
  );
}

export function ConfirmExitGameDialog({ props, close }: DialogComponentProps) {
  const name = text(props.name) ?? 'this game';
  return (
    <Dialog
      open
      onClose={() => close({ confirmExit: false })}
      title="Leave the game?"
      testId="dialog-confirm-exit-game"
      actions={
        <>
          <Button variant="secondary" onClick={() => close({ confirmExit: false })}>
            Keep playing
          </Button>
          <Button onClick={() => close({ confirmExit: true })}>Leave game</Button>
        </>
      }
    >
      <p>
        A round of {name} is in progress. If you leave now, you can finish it when you come back to the game.
      </p>
    </Dialog>
  );
}
