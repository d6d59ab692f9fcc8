/**
 * Its children only from the render after hydration (see use-hydrated.ts): for lazy parts that
 * must not be in a prerendered page's markup. Only this component renders again when hydration
 * ends, not the page or layout around it (a whole layout rendered a second time right after the
 * takeover was one long task on a phone).
 */
import type { ReactNode } from 'react';
import { useHydrated } from './use-hydrated.ts';

export function AfterHydration({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}
