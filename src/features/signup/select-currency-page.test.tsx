import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { PROPERTY_NAMES } from '../../contract/properties.ts';
import { mergeProperties } from '../../state/properties-actions.ts';
import { resetStore, store } from '../../state/store.ts';
import { SelectCurrencyPage } from './select-currency-page.tsx';

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/signup/select-currency']}>
      <Routes>
        <Route path="/signup/select-currency" element={<SelectCurrencyPage />} />
        <Route path="/lobby" element={<p>Lobby page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('SelectCurrencyPage', () => {
  beforeEach(() => {
    resetStore();
    localStorage.clear();
  });
  afterEach(cleanup);

  it('starts with the chosen coins and goes to the lobby', () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Play with Sweeps Coins' }));
    expect(store.currency.activeCurrency).toBe('sweeps');
    expect(screen.getByText('Lobby page')).toBeTruthy();
  });

  it('offers Gold Coins only in gold-only mode', () => {
    mergeProperties([{ key: PROPERTY_NAMES.goldOnlyMode, value: 'true' }]);
    renderPage();
    expect(screen.queryByRole('button', { name: 'Play with Sweeps Coins' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Play with Gold Coins' }));
    expect(store.currency.activeCurrency).toBe('gold');
  });
});
