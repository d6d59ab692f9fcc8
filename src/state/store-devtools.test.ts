import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const devtools = vi.fn();
vi.mock('valtio/utils', () => ({ devtools }));

const { connectStoreDevtools, STORE_DEVTOOLS_MAX_AGE, storeDevtoolsOptions } =
  await import('./store-devtools.ts');
const { store } = await import('./store.ts');

describe('connectStoreDevtools', () => {
  beforeEach(() => devtools.mockClear());
  afterEach(() => vi.unstubAllEnvs());

  it('connects the store to the devtools extension keeping 99 actions in development', async () => {
    vi.stubEnv('DEV', true);
    await connectStoreDevtools();
    expect(STORE_DEVTOOLS_MAX_AGE).toBe(99);
    expect(devtools).toHaveBeenCalledTimes(1);
    expect(devtools).toHaveBeenCalledWith(store, expect.objectContaining({ maxAge: 99 }));
  });

  it('does nothing outside development', async () => {
    vi.stubEnv('DEV', false);
    vi.stubEnv('PROD', true);
    await connectStoreDevtools();
    expect(devtools).not.toHaveBeenCalled();
  });

  it('lets the extension only watch: no time travel, dispatch, import or persistence', () => {
    expect(storeDevtoolsOptions.features).toMatchObject({
      jump: false,
      skip: false,
      reorder: false,
      dispatch: false,
      import: false,
      persist: false,
    });
  });

  it('sends no access token to the extension', () => {
    const { replacer } = storeDevtoolsOptions.serialize;
    expect(replacer('token', 'eyJhbGciOi.secret')).toBe('(memory only)');
    expect(replacer('token', null)).toBeNull();
    expect(replacer('status', 'signed-in')).toBe('signed-in');
  });
});
