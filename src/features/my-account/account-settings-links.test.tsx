import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AccountSettingsLinks } from './account-settings-links.tsx';

afterEach(cleanup);

describe('My Account profile links', () => {
  it('links every account page', () => {
    render(
      <MemoryRouter>
        <AccountSettingsLinks />
      </MemoryRouter>,
    );
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/profile-pic',
      '/change-name',
      '/change-email',
      '/change-password',
      '/close-account',
    ]);
  });
});
