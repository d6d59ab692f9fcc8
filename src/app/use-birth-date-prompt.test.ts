import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { resetStore, store } from '../state/store.ts';
import { loginAnswer } from '../test-support/stub-api.ts';
import { useBirthDatePrompt } from './use-birth-date-prompt.ts';

const birthDateDialogs = () => store.dialogs.stack.filter((d) => d.kind === 'birth-date').length;

describe('useBirthDatePrompt', () => {
  beforeEach(() => {
    resetStore();
    store.session.status = 'signed-in';
  });
  afterEach(() => {
    store.session.status = 'signed-out';
    store.session.user = null;
  });

  it('opens the birth-date dialog once for an account that owes its birth date', async () => {
    store.session.user = { ...loginAnswer().user, id: 'owes-1', updatedBirthDate: false };
    const { rerender } = renderHook(() => useBirthDatePrompt());
    await waitFor(() => expect(birthDateDialogs()).toBe(1), { timeout: 10_000 });
    rerender();
    await new Promise((r) => setTimeout(r, 50));
    expect(birthDateDialogs()).toBe(1);
  });

  it('leaves an account with its birth date alone', async () => {
    store.session.user = { ...loginAnswer().user, id: 'has-1', updatedBirthDate: true };
    renderHook(() => useBirthDatePrompt());
    await new Promise((r) => setTimeout(r, 100));
    expect(birthDateDialogs()).toBe(0);
  });
});
