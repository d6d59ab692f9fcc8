import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../contract/constants.ts';
import { consumeReturnTo, peekReturnTo, rememberReturnTo } from './return-to.ts';

describe('return-to', () => {
  beforeEach(() => sessionStorage.clear());

  it('remembers a path in sessionStorage and consumes it once', () => {
    rememberReturnTo('/my-account?tab=1#my-sweeps-coins');
    expect(sessionStorage.getItem(STORAGE_KEYS.returnTo)).toBe('/my-account?tab=1#my-sweeps-coins');
    expect(consumeReturnTo()).toBe('/my-account?tab=1#my-sweeps-coins');
    expect(consumeReturnTo()).toBe('/lobby');
  });
  it('defaults to the lobby', () => {
    expect(consumeReturnTo()).toBe('/lobby');
  });
  it('refuses off-site and looping targets', () => {
    rememberReturnTo('https://evil.example/');
    rememberReturnTo('//evil.example/');
    rememberReturnTo('/login');
    rememberReturnTo('/logout');
    expect(peekReturnTo()).toBeNull();
  });
  it('ignores a tampered stored value', () => {
    sessionStorage.setItem(STORAGE_KEYS.returnTo, '//evil.example');
    expect(consumeReturnTo()).toBe('/lobby');
  });
});
