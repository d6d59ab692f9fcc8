/**
 * An in-app link that does not need the router: a real <a href> that navigates client-side
 * through the registered router when it is up, and as a normal page load before (the light
 * home page renders before the router has loaded). Modified clicks (new tab, etc.) are left
 * to the browser.
 */
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { hasNavigator, navigateTo } from '../lib/navigation.ts';

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
}

export function AppLink({ to, replace, onClick, target, ...rest }: AppLinkProps) {
  const handleClick = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
    if ((target && target !== '_self') || !hasNavigator()) return;
    e.preventDefault();
    navigateTo(to, { replace });
  };
  return <a href={to} target={target} onClick={handleClick} {...rest} />;
}
