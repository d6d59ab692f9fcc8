import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AfterHydration } from './after-hydration.tsx';

describe('AfterHydration', () => {
  it('leaves its children out of the server markup and the hydrating render, and shows them after it alone', async () => {
    const renders = { page: 0 };
    function Page() {
      renders.page += 1;
      return (
        <main>
          <h1>Sign in</h1>
          <AfterHydration>
            <p>social buttons</p>
          </AfterHydration>
        </main>
      );
    }
    const html = renderToString(<Page />);
    expect(html).not.toContain('social buttons');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Page />, { onRecoverableError: (e) => errors.push(e) });
    });
    expect(container.textContent).toContain('social buttons');
    // Hydrated without a mismatch; the page around rendered once in the browser, not again.
    expect(errors).toEqual([]);
    expect(renders.page).toBe(2);
    container.remove();
  });
});
