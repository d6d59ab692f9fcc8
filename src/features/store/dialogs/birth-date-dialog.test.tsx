import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { resetStore } from '../../../state/store.ts';
import { BirthDateDialog } from './birth-date-dialog.tsx';

afterEach(() => {
  cleanup();
  resetStore();
});

const choose = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('birth-date dialog', () => {
  it('asks for month, day and year in one group; Save stays off until the date is complete', () => {
    render(<BirthDateDialog id={1} props={{}} close={vi.fn()} />);
    expect(screen.getByRole('group', { name: 'Date of birth' })).toBeTruthy();
    for (const label of ['Birth month', 'Birth day', 'Birth year'])
      expect(screen.getByLabelText(label).tagName).toBe('SELECT');
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('announces why an under-age date is refused, and does not close', () => {
    const close = vi.fn();
    render(<BirthDateDialog id={1} props={{}} close={close} />);
    const thisYear = String(new Date().getFullYear());
    choose('Birth month', '1');
    choose('Birth day', '1');
    choose('Birth year', thisYear);
    const error = screen.getByRole('alert');
    expect(error.getAttribute('data-testid')).toBe('field-error-birth_date');
    expect(screen.getByLabelText('Birth year').getAttribute('aria-describedby')).toBe(error.id);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(close).not.toHaveBeenCalled();
  });

  it('closes with the date as numbers when it is valid', () => {
    const close = vi.fn();
    render(<BirthDateDialog id={1} props={{}} close={close} />);
    choose('Birth month', '5');
    choose('Birth day', '15');
    choose('Birth year', '1990');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(close).toHaveBeenCalledWith({ birth_year: 1990, birth_month: 5, birth_day: 15 });
  });
});
