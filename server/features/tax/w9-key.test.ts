/** The W-9 key: its text forms, W9_ENCRYPTION_KEY in the configuration, and its keeping in secrets.json. */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../platform/config.ts';
import { loadSecrets } from '../../platform/secrets.ts';
import { openLastFour, sealLastFour } from './ssn-last-four-cipher.ts';
import { generateW9Key, parseW9Key } from '../../platform/w9-key.ts';

const HEX_KEY = 'a1'.repeat(32);
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lc-w9-key-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('W-9 key', () => {
  it('reads 64 hex digits or base64 / base64url of 32 bytes, nothing else', () => {
    expect(parseW9Key(HEX_KEY)?.length).toBe(32);
    const bytes = Buffer.alloc(32, 0xfb);
    expect(parseW9Key(bytes.toString('base64'))?.equals(bytes)).toBe(true);
    expect(parseW9Key(bytes.toString('base64url'))?.equals(bytes)).toBe(true);
    expect(parseW9Key(generateW9Key())?.length).toBe(32);
    for (const bad of [
      '',
      'a1'.repeat(31),
      'a1'.repeat(33),
      'zz'.repeat(32),
      Buffer.alloc(31).toString('base64'),
      'secret',
    ])
      expect(parseW9Key(bad), bad).toBeNull();
  });

  it('seals with a fresh IV each time and opens only with the same key and owner', () => {
    const a = sealLastFour(HEX_KEY, 'user-a', '1234');
    const b = sealLastFour(HEX_KEY, 'user-a', '1234');
    expect(a.iv.equals(b.iv)).toBe(false);
    expect(a.ciphertext.equals(b.ciphertext)).toBe(false);
    expect(a.ciphertext.toString('latin1')).not.toBe('1234');
    expect(openLastFour(HEX_KEY, 'user-a', a)).toBe('1234');
    expect(() => openLastFour(HEX_KEY, 'user-b', a)).toThrow();
    expect(() => openLastFour('b2'.repeat(32), 'user-a', a)).toThrow();
    const flipped = Buffer.from(a.ciphertext);
    flipped[0] = flipped[0]! ^ 1;
    expect(() => openLastFour(HEX_KEY, 'user-a', { ...a, ciphertext: flipped })).toThrow();
  });

  it('W9_ENCRYPTION_KEY is validated by the configuration', () => {
    expect(loadConfig({ W9_ENCRYPTION_KEY: HEX_KEY }).w9EncryptionKey).toBe(HEX_KEY);
    expect(loadConfig({}).w9EncryptionKey).toBeNull();
    expect(() => loadConfig({ W9_ENCRYPTION_KEY: 'too-short' })).toThrow(ConfigError);
    expect(() => loadConfig({ W9_ENCRYPTION_KEY: 'too-short' })).toThrow(/W9_ENCRYPTION_KEY/);
  });

  it('is generated once in secrets.json (mode 0600), kept across starts, and the environment wins', () => {
    const dir = tempDir();
    const first = loadSecrets(dir, { jwtSecret: null, csrfSecret: null });
    expect(parseW9Key(first.w9EncryptionKey)).not.toBeNull();
    const file = path.join(dir, 'secrets.json');
    expect(JSON.parse(readFileSync(file, 'utf8')).w9EncryptionKey).toBe(first.w9EncryptionKey);
    expect(loadSecrets(dir, { jwtSecret: null, csrfSecret: null }).w9EncryptionKey).toBe(
      first.w9EncryptionKey,
    );
    expect(
      loadSecrets(dir, { jwtSecret: null, csrfSecret: null, w9EncryptionKey: HEX_KEY }).w9EncryptionKey,
    ).toBe(HEX_KEY);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('a rewrite of secrets.json keeps keys it does not know', () => {
    const dir = tempDir();
    const file = path.join(dir, 'secrets.json');
    writeFileSync(file, JSON.stringify({ someFutureKey: 'x'.repeat(40) }));
    const secrets = loadSecrets(dir, { jwtSecret: null, csrfSecret: null });
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    expect(stored.someFutureKey).toBe('x'.repeat(40));
    expect(stored.w9EncryptionKey).toBe(secrets.w9EncryptionKey);
  });
});
