/** UI flag actions: loading overlay text, menu open state, navigation flag. */
import { DEFAULT_LOADING_TEXT } from '../ui/spinner-messages.ts';
import { store } from './store.ts';

export { DEFAULT_LOADING_TEXT, SPINNER_MESSAGES } from '../ui/spinner-messages.ts';

export function showLoadingOverlay(text: string = DEFAULT_LOADING_TEXT): void {
  store.ui.loadingOverlay = text;
}

export function hideLoadingOverlay(): void {
  store.ui.loadingOverlay = null;
}

export function setMenuOpen(open: boolean): void {
  store.ui.menuOpen = open;
}

export function setNavigating(navigating: boolean): void {
  if (store.ui.navigating !== navigating) store.ui.navigating = navigating;
}
