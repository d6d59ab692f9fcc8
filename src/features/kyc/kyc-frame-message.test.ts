import { describe, expect, it } from 'vitest';
import { readFrameMessage } from './kyc-frame-message.ts';

const ORIGIN = 'http://localhost:8603';
const frameWindow = { name: 'frame' } as unknown as MessageEventSource;
const otherWindow = { name: 'other' } as unknown as MessageEventSource;
const token = 'abcdefghijklmnopqrstuvwxyz012345';
const submitted = {
  type: 'kyc-frame',
  event: 'submitted',
  authorization: token,
  payload: { value: 'success' },
};

describe('readFrameMessage', () => {
  it('accepts loaded and submitted messages from the provider origin and the frame window', () => {
    expect(
      readFrameMessage(
        { origin: ORIGIN, source: frameWindow, data: { type: 'kyc-frame', event: 'loaded' } },
        ORIGIN,
        frameWindow,
      ),
    ).toEqual({
      event: 'loaded',
    });
    expect(
      readFrameMessage({ origin: ORIGIN, source: frameWindow, data: submitted }, ORIGIN, frameWindow),
    ).toEqual({
      event: 'submitted',
      authResponse: token,
    });
  });

  it('ignores another origin, another window of the provider origin, or no frame yet', () => {
    expect(
      readFrameMessage(
        { origin: 'http://evil.example', source: frameWindow, data: submitted },
        ORIGIN,
        frameWindow,
      ),
    ).toBeNull();
    expect(
      readFrameMessage({ origin: ORIGIN, source: otherWindow, data: submitted }, ORIGIN, frameWindow),
    ).toBeNull();
    expect(
      readFrameMessage({ origin: ORIGIN, source: null, data: submitted }, ORIGIN, frameWindow),
    ).toBeNull();
    expect(
      readFrameMessage({ origin: ORIGIN, source: frameWindow, data: submitted }, ORIGIN, null),
    ).toBeNull();
  });

  it('a submitted message without the token or the success payload is not a success', () => {
    const cases = [
      { ...submitted, authorization: undefined },
      { ...submitted, authorization: 'short' },
      { ...submitted, payload: { value: 'failure' } },
      { ...submitted, payload: 'success' },
    ];
    for (const data of cases)
      expect(readFrameMessage({ origin: ORIGIN, source: frameWindow, data }, ORIGIN, frameWindow)).toEqual({
        event: 'other',
      });
    for (const data of [null, 'kyc-frame', 42, { type: 'other', event: 'loaded' }])
      expect(readFrameMessage({ origin: ORIGIN, source: frameWindow, data }, ORIGIN, frameWindow)).toBeNull();
  });
});
