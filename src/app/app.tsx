import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { SwrProvider } from '../lib/swr.tsx';
import { createAppRouter } from './router.tsx';

/** Root component: SWR configuration around the router (the dialog host lives in the layout). */
export function App() {
  const [router] = useState(createAppRouter);
  return (
    <SwrProvider>
      <RouterProvider router={router} />
    </SwrProvider>
  );
}
