/**
 * Registry of dialog components by kind. The app shell registers the error-catalogue dialogs;
 * each feature registers its own (featured package, purchase dialogs...) at import time. The
 * DialogHost renders the top of the store's dialog stack with the registered component.
 */
import { lazy, type ComponentType } from 'react';

/**
 * A dialog kind's name. The list of kinds is the app's (src/state/dialog-kinds.ts, whose
 * DialogKind names are accepted here); the design system takes any name so it does not
 * depend on the store.
 */
type DialogKind = string;

export interface DialogComponentProps {
  /** Id of this opening (closeDialog(id, result)). */
  id: number;
  props: Record<string, unknown>;
  /** Closes this dialog and stores `result` in the results slice under its kind. */
  close: (result?: Record<string, unknown>) => void;
}
export type DialogComponent = ComponentType<DialogComponentProps>;

const registry = new Map<DialogKind, DialogComponent>();

export function registerDialog(kind: DialogKind, component: DialogComponent): void {
  registry.set(kind, component);
}

export function dialogComponentFor(kind: DialogKind): DialogComponent | undefined {
  return registry.get(kind);
}

/**
 * Registers a dialog whose code (and the floating-ui it uses) loads only when it first opens,
 * so a page that can open a dialog does not carry it in its first load. The dialog host renders
 * registered dialogs inside a Suspense boundary.
 */
export function registerLazyDialog(kind: DialogKind, load: () => Promise<DialogComponent>): void {
  registry.set(
    kind,
    lazy(async () => ({ default: await load() })),
  );
}
