/** Dialog actions: the open stack and each kind's close result (spec section 4). */
import { subscribe } from 'valtio';
import { store } from './store.ts';
import { CLOSE_ON_NAVIGATION, type DialogKind } from './dialog-kinds.ts';

let nextId = 1;

/** Opens a dialog on top of the stack and clears that kind's previous result. Returns its id. */
export function openDialog(kind: DialogKind, props: Record<string, unknown> = {}): number {
  const id = nextId++;
  delete store.dialogs.results[kind];
  store.dialogs.stack.push({ id, kind, props });
  return id;
}

/** Opens a dialog unless one of the same kind is already open (error storms show one dialog). */
export function openDialogOnce(kind: DialogKind, props: Record<string, unknown> = {}): number {
  const open = store.dialogs.stack.find((d) => d.kind === kind);
  return open ? open.id : openDialog(kind, props);
}

/** Closes a dialog (by id, or the top one of a kind) and stores its close result. */
export function closeDialog(target: number | DialogKind, result: Record<string, unknown> = {}): void {
  const stack = store.dialogs.stack;
  const index =
    typeof target === 'number'
      ? stack.findIndex((d) => d.id === target)
      : findLastIndex(stack, (d) => d.kind === target);
  if (index < 0) return;
  const [closed] = stack.splice(index, 1);
  if (closed) store.dialogs.results[closed.kind] = result;
}

/** Navigation closes only the dialogs the spec lists; the rest stay open. */
export function closeDialogsOnNavigation(): void {
  const keep = store.dialogs.stack.filter((d) => !CLOSE_ON_NAVIGATION.includes(d.kind));
  if (keep.length !== store.dialogs.stack.length) store.dialogs.stack.splice(0, Infinity, ...keep);
}

export function dialogResult(kind: DialogKind): Record<string, unknown> | undefined {
  return store.dialogs.results[kind];
}

/** The login promotions' dialogs, whose results one reset action clears together (spec section 4). */
const LOGIN_PROMOTION_DIALOGS: readonly DialogKind[] = ['promo-popup', 'login-bonus', 'featured-package'];

/** The reset action: clears the promo pop-up, login bonus and featured package results together. */
export function resetLoginPromotionResults(): void {
  for (const kind of LOGIN_PROMOTION_DIALOGS) delete store.dialogs.results[kind];
}

export function closeAllDialogs(): void {
  store.dialogs.stack.length = 0;
}

function findLastIndex<T>(list: readonly T[], pred: (t: T) => boolean): number {
  for (let i = list.length - 1; i >= 0; i--) if (pred(list[i] as T)) return i;
  return -1;
}

/**
 * Opens a dialog and resolves with its close result once it leaves the stack (closed by the
 * player, or by navigation: then the result is undefined and callers treat it as a cancel).
 */
export function openDialogForResult(
  kind: DialogKind,
  props: Record<string, unknown> = {},
): Promise<Record<string, unknown> | undefined> {
  const id = openDialog(kind, props);
  return new Promise((resolve) => {
    const unsubscribe = subscribe(store.dialogs, () => {
      if (store.dialogs.stack.some((d) => d.id === id)) return;
      unsubscribe();
      const result = store.dialogs.results[kind];
      resolve(result ? { ...result } : undefined);
    });
  });
}
