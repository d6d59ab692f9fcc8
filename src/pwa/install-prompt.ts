/**
 * Install experience: keeps the browser's deferred `beforeinstallprompt` event so the menu can
 * offer "Install app", tells iOS Safari users how to add to the home screen, and hides both
 * when the app already runs installed (display-mode standalone).
 */
import { proxy } from 'valtio';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export const installState = proxy({
  canPrompt: false,
  installed: false,
  isIosSafari: false,
});

let deferred: BeforeInstallPromptEvent | null = null;

export function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

export function detectIosSafari(userAgent: string): boolean {
  const ios = /iPad|iPhone|iPod/.test(userAgent);
  const otherBrowser = /CriOS|FxiOS|EdgiOS|OPiOS/.test(userAgent);
  return ios && !otherBrowser;
}

export function installInstallPrompt(): void {
  installState.installed = isStandalone();
  installState.isIosSafari = detectIosSafari(navigator.userAgent);
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    installState.canPrompt = true;
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    installState.canPrompt = false;
    installState.installed = true;
  });
}

export async function promptInstall(): Promise<boolean> {
  if (!deferred) return false;
  const event = deferred;
  deferred = null;
  installState.canPrompt = false;
  await event.prompt();
  const { outcome } = await event.userChoice;
  return outcome === 'accepted';
}
