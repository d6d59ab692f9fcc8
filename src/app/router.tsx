/** The browser router over the route table; actions outside React navigate through it. */
import { createBrowserRouter } from 'react-router-dom';
import { setNavigator } from '../lib/navigation.ts';
import { routes } from './routes.tsx';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(): AppRouter {
  const router = createBrowserRouter(routes);
  setNavigator((to, opts) => router.navigate(to, opts));
  return router;
}
