import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { resetApiClientState } from '../lib/api-client.ts';
import { closeDialog } from '../state/dialog-actions.ts';
import { clearLocalSession } from '../state/session-actions.ts';
import { resetStore, store } from '../state/store.ts';
import { loginAnswer, stubApi } from '../test-support/stub-api.ts';
import { askForBirthDate } from './ask-for-birth-date.ts';

const owing = () => ({ ...loginAnswer().user, updatedBirthDate: false });

beforeEach(() => {
  resetStore();
  resetApiClientState();
  store.session.status = 'signed-in';
  store.session.token = 'access-token';
  store.session.user = owing();
});
afterEach(() => {
  clearLocalSession();
  vi.unstubAllGlobals();
});

async function answer(result: Record<string, unknown>) {
  await waitFor(() => expect(store.dialogs.stack.some((d) => d.kind === 'birth-date')).toBe(true));
  closeDialog('birth-date', result);
}

describe('the owed birth date', () => {
  it('saves the dialog answer with patch me and keeps the User', async () => {
    const calls = stubApi({
      '/users/me': { status: 200, body: { ...owing(), updatedBirthDate: true, birth_year: 1991 } },
    });
    const done = askForBirthDate();
    await answer({ birth_year: 1991, birth_month: 4, birth_day: 2 });
    await done;
    expect(calls[0]).toMatchObject({
      path: '/users/me',
      method: 'PATCH',
      body: { birth_year: 1991, birth_month: 4, birth_day: 2 },
    });
    expect(store.session.user?.updatedBirthDate).toBe(true);
  });

  it('sends nothing when the dialog is dismissed', async () => {
    const calls = stubApi({});
    const done = askForBirthDate();
    await answer({ cancelled: true });
    await done;
    expect(calls).toHaveLength(0);
  });

  it('an under-age date closes the account: signed out and told why', async () => {
    stubApi({
      '/users/me': {
        status: 403,
        body: {
          code: 'ACCOUNT_CLOSED',
          message: 'closed',
          field: null,
          extra: { closed_reason: 'age_requirement' },
        },
      },
      '/auth/logout': { status: 200, body: {} },
    });
    const done = askForBirthDate();
    await answer({ birth_year: 2015, birth_month: 1, birth_day: 1 });
    await done;
    expect(store.session.status).toBe('signed-out');
    const told = store.dialogs.stack.find((d) => d.kind === 'permission-denied');
    expect(String(told?.props.message)).toMatch(/under the minimum age/);
  });
});
