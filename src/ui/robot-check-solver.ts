/**
 * The page's side of the sandbox robot check (docs/amoe.md, contract/robot-check.ts): find n such that
 * SHA-256("<challenge>:<n>") starts with `difficulty` zero bits. About 2^difficulty hashes
 * (4,096 at the default 12): well under a second in a browser. Yields to the page every few
 * hundred hashes so the spinner keeps turning.
 */
export function leadingZeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

const YIELD_EVERY = 512;

export async function solveCaptchaChallenge(
  challenge: string,
  difficulty: number,
  signal?: AbortSignal,
): Promise<string> {
  const encoder = new TextEncoder();
  for (let n = 0; ; n++) {
    if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(`${challenge}:${n}`)));
    if (leadingZeroBits(digest) >= difficulty) return String(n);
    if (n % YIELD_EVERY === YIELD_EVERY - 1) await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
