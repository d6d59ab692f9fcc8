import { describe, expect, it } from 'vitest';
import { isBelowMinimum } from './client-version.ts';
import { detectIosSafari } from './install-prompt.ts';

describe('client version', () => {
  it('compares dotted versions numerically', () => {
    expect(isBelowMinimum('1.2.9', '1.2.10')).toBe(true);
    expect(isBelowMinimum('1.10.0', '1.9.9')).toBe(false);
    expect(isBelowMinimum('1.2.0', '1.2.0')).toBe(false);
    expect(isBelowMinimum('0.1.0', '0.0.0')).toBe(false);
    expect(isBelowMinimum('1.2', '1.2.1')).toBe(true);
  });
});

describe('install prompt', () => {
  it('detects iOS Safari but not other iOS browsers or desktop', () => {
    const safari =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
    const chromeIos =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/130.0 Mobile/15E148 Safari/604.1';
    const desktop =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
    expect(detectIosSafari(safari)).toBe(true);
    expect(detectIosSafari(chromeIos)).toBe(false);
    expect(detectIosSafari(desktop)).toBe(false);
  });
});
