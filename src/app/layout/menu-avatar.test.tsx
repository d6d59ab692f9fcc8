import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { resetStore, store } from '../../state/store.ts';
import { loginAnswer } from '../../test-support/stub-api.ts';
import MenuPanel from './menu-panel.tsx';

function renderMenu() {
  return render(
    <MemoryRouter>
      <MenuPanel id="menu" items={[]} anchor={null} onClose={() => {}} />
    </MemoryRouter>,
  );
}

describe('the menu shows the player picture', () => {
  beforeEach(() => {
    resetStore();
    store.session.status = 'signed-in';
  });
  afterEach(cleanup);

  it('beside the heading when the player has one', () => {
    store.session.user = { ...loginAnswer().user, profile_pic: '/api/v1/avatars/abc' };
    renderMenu();
    const img = screen.getByTestId('menu-avatar');
    expect(img.getAttribute('src')).toBe('/api/v1/avatars/abc');
    expect(img.getAttribute('alt')).toBe('');
  });

  it('not at all without one', () => {
    store.session.user = { ...loginAnswer().user, profile_pic: null };
    renderMenu();
    expect(screen.queryByTestId('menu-avatar')).toBeNull();
  });
});
