/**
 * The console's Promotions section on its own: the rows in display order with their status, a new
 * pop-up posted with the shipped image's size, a move that posts the whole new order, switching
 * a row off with every field kept, slides with their headline, and a refusal shown with its code.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { OperatorPromoRow } from '../../contract/promotions.ts';
import { PromotionsSection } from './promotions-section.tsx';

const row = (id: string, name: string, overrides: Partial<OperatorPromoRow> = {}): OperatorPromoRow => ({
  id,
  name,
  cdn_image: '/promotions/daily-bonus.svg',
  image_alt: 'A wheel',
  image_width: 640,
  image_height: 320,
  button_text: 'Go',
  button_location: '/buy-coins',
  audience: 'all',
  active: true,
  sort_order: Number(id),
  active_from: '2020-01-01T00:00:00.000Z',
  active_until: null,
  status: 'live',
  updated_at: '2020-01-01T00:00:00.000Z',
  ...overrides,
});

interface Call {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
}

function stubConsole(answer: (call: Call) => { status: number; body: unknown } | null = () => null) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call: Call = {
        method: init.method ?? 'GET',
        path: url.replace('/api/v1', ''),
        body: init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null,
      };
      calls.push(call);
      const given = answer(call);
      const { status, body } =
        given ??
        (call.path === '/operator/csrf'
          ? { status: 200, body: { csrf_token: 'csrf' } }
          : call.path === '/operator/promotions/popups' && call.method === 'GET'
            ? {
                status: 200,
                body: { results: [row('1', 'Wheel'), row('2', 'Store', { status: 'scheduled' })] },
              }
            : call.path === '/operator/promotions/slides' && call.method === 'GET'
              ? { status: 200, body: { results: [row('7', 'Slide', { headline: 'Big news', body: '' })] } }
              : { status: 200, body: { before: null, after: {}, audit_id: '9' } });
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const sent = (calls: Call[], method: string) => calls.filter((c) => c.method === method);

describe('PromotionsSection', { timeout: 20_000 }, () => {
  it('lists the pop-ups in display order with their status and audience', async () => {
    stubConsole();
    render(<PromotionsSection onSignedOut={() => undefined} />);
    const list = await screen.findByRole('list', { name: 'Pop-ups in display order' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first!.textContent).toContain('Wheel — live, everyone, to /buy-coins');
    expect(second!.textContent).toContain('Store — scheduled');
    expect(within(list).getByRole('button', { name: 'Move Wheel up' })).toHaveProperty('disabled', true);
    expect(within(list).getByRole('button', { name: 'Move Store down' })).toHaveProperty('disabled', true);
  });

  it('creates a pop-up: the shipped image with its size, the destination, the audience', async () => {
    const calls = stubConsole();
    render(<PromotionsSection onSignedOut={() => undefined} />);
    const form = await screen.findByRole('form', { name: 'New pop-up' });
    fireEvent.change(within(form).getByLabelText('Name', { exact: true }), { target: { value: 'Weekend' } });
    fireEvent.change(within(form).getByLabelText('Image', { exact: true }), {
      target: { value: '/promotions/weekly-challenge.svg' },
    });
    fireEvent.change(within(form).getByLabelText(/alt text/), { target: { value: 'A trophy' } });
    fireEvent.change(within(form).getByLabelText('Button text'), { target: { value: 'Join' } });
    fireEvent.change(within(form).getByLabelText('Button destination'), {
      target: { value: '/refer-a-friend' },
    });
    fireEvent.change(within(form).getByLabelText('Audience'), { target: { value: 'sweeps' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create pop-up' }));
    expect(await screen.findByText('Weekend created.')).toBeTruthy();
    expect(sent(calls, 'POST').find((c) => c.path === '/operator/promotions/popups')?.body).toEqual({
      name: 'Weekend',
      cdn_image: '/promotions/weekly-challenge.svg',
      image_alt: 'A trophy',
      image_width: 640,
      image_height: 320,
      button_text: 'Join',
      button_location: '/refer-a-friend',
      audience: 'sweeps',
      active: true,
      active_from: null,
      active_until: null,
    });
  });

  it('moving a row posts the whole new order; switching one off keeps its fields', async () => {
    const calls = stubConsole();
    render(<PromotionsSection onSignedOut={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Move Store up' }));
    expect(await screen.findByText('Order saved.')).toBeTruthy();
    expect(sent(calls, 'POST').find((c) => c.path.endsWith('/order'))?.body).toEqual({ ids: ['2', '1'] });
    fireEvent.click(screen.getByRole('button', { name: 'Switch off Wheel' }));
    expect(await screen.findByText('Wheel is switched off.')).toBeTruthy();
    const put = sent(calls, 'PUT')[0]!;
    expect(put.path).toBe('/operator/promotions/popups/1');
    expect(put.body).toMatchObject({
      name: 'Wheel',
      active: false,
      button_location: '/buy-coins',
      image_width: 640,
      active_from: '2020-01-01T00:00:00.000Z',
    });
  });

  it('slides: listed with their own form, headline included', async () => {
    stubConsole();
    render(<PromotionsSection onSignedOut={() => undefined} />);
    fireEvent.change(await screen.findByLabelText('Promotion kind'), { target: { value: 'slides' } });
    const list = await screen.findByRole('list', { name: 'Carousel slides in display order' });
    await waitFor(() => expect(within(list).getByText('Slide')).toBeTruthy());
    fireEvent.click(within(list).getByRole('button', { name: 'Edit Slide' }));
    const form = screen.getByRole('form', { name: 'Edit Slide' });
    expect((within(form).getByLabelText('Headline') as HTMLInputElement).value).toBe('Big news');
  });

  it('a refusal is shown with its code, in the alert', async () => {
    stubConsole((call) =>
      call.method === 'POST' && call.path === '/operator/promotions/popups'
        ? {
            status: 400,
            body: {
              code: 'INVALID_PROMO_LOCATION',
              message: '/free is not a page a promotion can open.',
              field: 'button_location',
            },
          }
        : null,
    );
    render(<PromotionsSection onSignedOut={() => undefined} />);
    const form = await screen.findByRole('form', { name: 'New pop-up' });
    fireEvent.change(within(form).getByLabelText('Name', { exact: true }), { target: { value: 'X' } });
    fireEvent.change(within(form).getByLabelText(/alt text/), { target: { value: 'A wheel' } });
    fireEvent.change(within(form).getByLabelText('Button text'), { target: { value: 'Go' } });
    fireEvent.change(within(form).getByLabelText('Button destination'), { target: { value: '/free' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create pop-up' }));
    expect((await screen.findByRole('alert')).textContent).toContain('INVALID_PROMO_LOCATION');
  });
});
