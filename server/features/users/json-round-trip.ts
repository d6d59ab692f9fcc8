/**
 * The user_data rule (spec section 5): a value is stored only if it survives a JSON round trip
 * unchanged, i.e. JSON.parse(JSON.stringify(value)) deep-equals value. undefined, NaN, Infinity,
 * functions, Dates, Maps, class instances and sparse arrays all fail.
 */
function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((v, i) => i in a && deepEqual(v, b[i]));
  }
  const plain = (o: object) => {
    const proto = Object.getPrototypeOf(o) as unknown;
    return proto === Object.prototype || proto === null;
  };
  if (!plain(a) || !plain(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every(
    (k) =>
      Object.prototype.hasOwnProperty.call(b, k) &&
      deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}

export function survivesJsonRoundTrip(value: unknown): boolean {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    return false; // cycles, BigInt
  }
  if (text === undefined) return false;
  return deepEqual(JSON.parse(text) as unknown, value);
}
