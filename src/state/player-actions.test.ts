import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { sendOnce } from './player-actions.ts';
import { resetStore, store } from './store.ts';
import { demoUser } from './test-fixtures.ts';

afterEach(() => resetStore());

describe('sendOnce', () => {
  it('sends a cancel again with its key after a lost answer, and a new key once it was answered', async () => {
    store.session.user = demoUser();
    const send = vi
      .fn<(key: string, body: object) => Promise<string>>()
      .mockRejectedValueOnce(new ApiError(0, 'NETWORK_ERROR', 'lost'))
      .mockResolvedValueOnce('cancelled')
      .mockResolvedValueOnce('cancelled again');
    await expect(sendOnce('redemption-cancel:r1', {}, send)).rejects.toThrow('lost');
    await expect(sendOnce('redemption-cancel:r1', {}, send)).resolves.toBe('cancelled');
    await sendOnce('redemption-cancel:r1', {}, send);
    const keys = send.mock.calls.map(([key]) => key);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('lets the key go on a final refusal, and keeps players apart', async () => {
    store.session.user = demoUser();
    const send = vi
      .fn<(key: string, body: object) => Promise<string>>()
      .mockRejectedValueOnce(new ApiError(409, 'AMOE_CODE_ALREADY_REDEEMED', 'used'))
      .mockRejectedValueOnce(new ApiError(0, 'NETWORK_ERROR', 'lost'))
      .mockResolvedValue('ok');
    await expect(sendOnce('amoe:CODE', { code: 'CODE' }, send)).rejects.toThrow('used');
    await expect(sendOnce('amoe:CODE', { code: 'CODE' }, send)).rejects.toThrow('lost');
    store.session.user = demoUser({ id: 'another-player' });
    await sendOnce('amoe:CODE', { code: 'CODE' }, send);
    const keys = send.mock.calls.map(([key]) => key);
    expect(new Set(keys).size).toBe(3);
  });
});
