import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Dialog } from './dialog.tsx';
import { Button } from './button.tsx';

function Harness({ dismissible = true, onClose }: { dismissible?: boolean; onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">Outside</button>
      <Dialog
        open={open}
        dismissible={dismissible}
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
        title="Server Busy"
        testId="dialog-test"
        actions={
          <>
            <Button onClick={() => setOpen(false)}>OK</Button>
            <Button variant="secondary">Later</Button>
          </>
        }
      >
        <p>Our system is busy.</p>
      </Dialog>
    </>
  );
}

const flush = () => act(() => new Promise<void>((r) => setTimeout(r, 20)));

describe('Dialog', () => {
  afterEach(cleanup);

  it('is a labelled modal dialog that takes focus and returns it on close', async () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog).toBe(screen.getByRole('dialog', { name: 'Server Busy' }));
    await flush();
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.activeElement?.textContent).toBe('OK');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await flush();
    expect(document.activeElement).toBe(opener);
  });

  it('keeps Tab inside the dialog', async () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog');
    await flush();
    // The focus manager marks outside content inert/hidden from assistive tech while open.
    const outside = screen.getByText('Outside', { selector: 'button' });
    expect(outside.closest('[aria-hidden="true"], [inert], [data-floating-ui-inert]')).not.toBeNull();
    // Focus guards around the dialog send focus back inside.
    const guards = document.querySelectorAll('[data-floating-ui-focus-guard]');
    expect(guards.length).toBeGreaterThan(0);
    const last = guards[guards.length - 1] as HTMLElement;
    act(() => last.focus());
    await flush();
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('Escape closes a dismissible dialog', async () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByRole('dialog');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('a non-dismissible dialog ignores Escape and has no close button', async () => {
    const onClose = vi.fn();
    render(<Harness dismissible={false} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByRole('dialog');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await flush();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });
});
