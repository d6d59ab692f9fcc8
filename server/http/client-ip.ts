/** The client's address: the socket peer, or the last X-Forwarded-For hop when TRUST_PROXY is on. */
import type { Context } from 'hono';
import { isIPv6 } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';

/** clientIp() without a socket (in-process requests): such callers share no per-address counter. */
export const UNKNOWN_CLIENT = 'unknown';

export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    const last = forwarded
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .pop();
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? UNKNOWN_CLIENT;
  } catch {
    // app.request() in tests has no socket.
    return UNKNOWN_CLIENT;
  }
}

/**
 * The client as throttles count it: an IPv4-mapped IPv6 address as its IPv4 address, any other
 * IPv6 address by its /64 prefix. One subscriber usually holds a whole /64, so counting single
 * IPv6 addresses would let one client rotate through billions of them.
 */
export function throttleKeyOf(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const address = ip.split('%')[0]!;
  if (!isIPv6(address)) return ip;
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const width = (groups: string[]) => groups.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - width(left) - width(right)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
