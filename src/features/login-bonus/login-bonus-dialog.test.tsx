import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { LOGIN_BONUS_TEXTS } from '../../contract/login-bonus.ts';
import { LoginBonusDialog } from './login-bonus-dialog.tsx';

afterEach(cleanup);

describe('LoginBonusDialog', () => {
  it('shows the Gold and Sweeps on offer and closes with { closed: true }', () => {
    const close = vi.fn();
    render(
      <LoginBonusDialog
        id={1}
        props={{ numGoldCoinsToOffer: 5000, numSweepsCoinsToOffer: 0.2 }}
        close={close}
      />,
    );
    const dialog = screen.getByTestId('dialog-login-bonus');
    expect(dialog.textContent).toContain(LOGIN_BONUS_TEXTS.title);
    expect(screen.getByTestId('login-bonus-gold').textContent).toContain('5,000');
    expect(screen.getByTestId('login-bonus-sweeps').textContent).toContain('0.20');
    fireEvent.click(screen.getByTestId('login-bonus-collect'));
    expect(close).toHaveBeenCalledWith({ closed: true });
  });

  it('leaves Sweeps out when none are offered (gold-only mode)', () => {
    render(
      <LoginBonusDialog
        id={1}
        props={{ numGoldCoinsToOffer: 5000, numSweepsCoinsToOffer: 0 }}
        close={() => {}}
      />,
    );
    expect(screen.getByTestId('login-bonus-gold').textContent).toContain('5,000');
    expect(screen.queryByTestId('login-bonus-sweeps')).toBeNull();
    expect(screen.getByTestId('dialog-login-bonus').textContent).not.toMatch(/sweeps/i);
  });
});
