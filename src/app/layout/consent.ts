/**
 * Detection of a consent-management platform (CMP) snippet on the page. The footer shows its
 * Privacy Preferences link only when one is present; clicking reopens the CMP's preference UI.
 */
export type ConsentManager = 'onetrust' | 'tcf';

interface CmpWindow {
  OneTrust?: { ToggleInfoDisplay?: () => void };
  __tcfapi?: (command: string, version: number, callback: (...args: unknown[]) => void) => void;
}

export function consentManager(w: CmpWindow = globalThis as unknown as CmpWindow): ConsentManager | null {
  if (w.OneTrust && typeof w.OneTrust.ToggleInfoDisplay === 'function') return 'onetrust';
  if (typeof w.__tcfapi === 'function') return 'tcf';
  return null;
}

export function openConsentPreferences(
  kind: ConsentManager,
  w: CmpWindow = globalThis as unknown as CmpWindow,
): void {
  if (kind === 'onetrust') w.OneTrust?.ToggleInfoDisplay?.();
  // TCF v2 CMPs commonly accept this command to show their preference screen.
  else w.__tcfapi?.('displayConsentUi', 2, () => undefined);
}
