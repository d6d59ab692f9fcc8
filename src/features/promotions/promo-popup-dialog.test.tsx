import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { PromoPopupDialog } from './promo-popup-dialog.tsx';

afterEach(cleanup);

const POPUP = {
  name: 'Daily Bonus wheel',
  cdn_image: '/promotions/daily-bonus.svg',
  image_alt: 'A prize wheel surrounded by gold coins',
  image_width: 640,
  image_height: 320,
  button_text: 'Spin the wheel',
  button_location: '/buy-coins/daily-bonus',
};

function open(popup: Record<string, unknown>) {
  const close = vi.fn();
  const router = createMemoryRouter(
    [
      { path: '/lobby', element: <PromoPopupDialog id={1} props={{ popup }} close={close} /> },
      { path: '*', element: <p data-testid="landed">landed</p> },
    ],
    { initialEntries: ['/lobby'] },
  );
  render(<RouterProvider router={router} />);
  return { close, router };
}

describe('PromoPopupDialog', () => {
  it('shows the promotion: its name as the title, its image with alt text and size, its button', () => {
    open(POPUP);
    const dialog = screen.getByRole('dialog', { name: 'Daily Bonus wheel' });
    const img = screen.getByRole('img', { name: POPUP.image_alt });
    expect(dialog.contains(img)).toBe(true);
    expect(img.getAttribute('src')).toBe(POPUP.cdn_image);
    expect(img.getAttribute('width')).toBe('640');
    expect(img.getAttribute('height')).toBe('320');
    expect(screen.getByRole('button', { name: 'Spin the wheel' })).toBeTruthy();
  });

  it('the button closes it with {closed} and goes to the button_location', async () => {
    const { close, router } = open(POPUP);
    fireEvent.click(screen.getByRole('button', { name: 'Spin the wheel' }));
    expect(close).toHaveBeenCalledWith({ closed: true });
    await screen.findByTestId('landed');
    expect(router.state.location.pathname).toBe('/buy-coins/daily-bonus');
  });

  it('the close button and Escape close it with {closed} and stay on the page', () => {
    const { close, router } = open(POPUP);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(close).toHaveBeenLastCalledWith({ closed: true });
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(router.state.location.pathname).toBe('/lobby');
  });

  it('a pop-up without an image shows its title and button only', () => {
    open({ ...POPUP, cdn_image: null });
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByRole('button', { name: 'Spin the wheel' })).toBeTruthy();
  });

  it('a destination outside the app gets no button', () => {
    open({ ...POPUP, button_location: 'https://evil.example/' });
    expect(screen.queryByRole('button', { name: 'Spin the wheel' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Daily Bonus wheel' })).toBeTruthy();
  });

  it('props without a readable pop-up close it at once as a dismissal', () => {
    const { close } = open({ name: 'No button' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(close).toHaveBeenCalledWith({ closed: true });
  });
});
