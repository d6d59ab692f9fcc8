import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { CloseAccountDialog, ConfirmFullNameDialog } from './account-dialogs.tsx';
import { avatarFileProblem, changeEmailErrors, changePasswordErrors } from './account-rules.ts';

afterEach(cleanup);

describe('account dialogs', () => {
  it('confirm full name answers {confirmFullName}', () => {
    const close = vi.fn();
    render(<ConfirmFullNameDialog id={1} props={{ fullName: 'Ada Lovelace' }} close={close} />);
    expect(screen.getByTestId('confirm-full-name-value').textContent).toBe('Ada Lovelace');
    fireEvent.click(screen.getByRole('button', { name: 'Go back' }));
    fireEvent.click(screen.getByTestId('confirm-full-name'));
    expect(close.mock.calls).toEqual([[{ confirmFullName: false }], [{ confirmFullName: true }]]);
  });

  it('close account answers {confirmedClose}; its learn-more link goes to /my-account', () => {
    const close = vi.fn();
    render(<CloseAccountDialog id={1} props={{}} close={close} />);
    expect(screen.getByRole('link', { name: /Learn more/ }).getAttribute('href')).toBe('/my-account');
    fireEvent.click(screen.getByRole('button', { name: 'Keep my account' }));
    fireEvent.click(screen.getByTestId('confirm-close'));
    expect(close.mock.calls).toEqual([[{ confirmedClose: false }], [{ confirmedClose: true }]]);
  });
});

describe('account form rules', () => {
  const who = { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' };
  it('the change-password form uses the join policy', () => {
    expect(
      changePasswordErrors(
        { current_password: 'x', password1: 'Copper-Lantern-77', password2: 'Copper-Lantern-77' },
        who,
      ),
    ).toEqual({});
    expect(
      changePasswordErrors({ current_password: '', password1: 'lovelace-2024-ada', password2: '' }, who),
    ).toEqual({
      current_password: 'Please enter your current password.',
      password1: 'Password must not contain your email address or your name.',
      password2: 'The passwords do not match.',
    });
  });
  it('the change-email form wants a plausible, different address and the password', () => {
    expect(changeEmailErrors({ email: 'ADA@example.com ', current_password: 'x' }, who.email)).toEqual({
      email: 'This is already your email address.',
    });
    expect(changeEmailErrors({ email: 'nope', current_password: '' }, who.email)).toEqual({
      email: 'Please enter a valid email address.',
      current_password: 'Please enter your current password.',
    });
  });
  it('a picture must be JPEG, PNG or WebP of 5 MB at most', () => {
    expect(avatarFileProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(avatarFileProblem({ type: 'image/svg+xml', size: 10 })).toBe(
      'Please choose a JPEG, PNG or WebP image.',
    );
    expect(avatarFileProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe(
      'Please choose an image of 5 MB or less.',
    );
  });
});
