/**
 * Store devtools (spec: "Store devtools keep 99 actions"): in development builds the store is
 * connected to the Redux DevTools browser extension through valtio's own `devtools` utility,
 * which logs every change as an action; the extension keeps the last 99.
 *
 * Production has none of it: the import of valtio/utils sits inside `import.meta.env.DEV`, which
 * Vite replaces with `false` in a production build, so the branch and the module it loads are
 * dropped (tests/build/store-devtools.test.ts checks every built file).
 *
 * The extension only watches: time travel, dispatching, importing and persisting are off, since
 * valtio applies them with `Object.assign(store, state)`, a write outside the actions that
 * replaces the slices the components and the IndexedDB mirror subscribe to. The access token is
 * left out of what the extension is sent (it stays in memory only).
 */
import { store } from './store.ts';

/** Actions the extension keeps (the spec's figure). */
export const STORE_DEVTOOLS_MAX_AGE = 99;

export const storeDevtoolsOptions = {
  name: 'Lucky Crown store',
  maxAge: STORE_DEVTOOLS_MAX_AGE,
  features: {
    pause: true,
    export: true,
    lock: false,
    persist: false,
    import: false,
    jump: false,
    skip: false,
    reorder: false,
    dispatch: false,
    test: false,
  },
  serialize: {
    replacer: (key: string, value: unknown): unknown =>
      key === 'token' && value != null ? '(memory only)' : value,
  },
};

/**
 * Connects the store to the devtools extension in a development build; does nothing in any
 * other (resolves at once). The app's start calls it once.
 */
export async function connectStoreDevtools(): Promise<void> {
  if (import.meta.env.DEV) {
    const { devtools } = await import('valtio/utils');
    devtools(store, storeDevtoolsOptions);
  }
}
