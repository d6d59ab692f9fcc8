import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { SwrProvider } from '../lib/swr.tsx';
import { createAppRouter, type AppRouter } from './router.tsx';

/**
 * Root component: SWR configuration around the router (the dialog host lives in the layout).
 * `router`: one created before the first render (the start waits for it to load the first page).
 */
export function App({ router: given }: { router?: AppRouter }) {
  const [router] = useState(() => given ?? createAppRouter());
  return (
    <SwrProvider>
      <RouterProvider router={router} />
    </SwrProvider>
  );
}
