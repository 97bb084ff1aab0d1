import { BlockList, isIP } from 'node:net';
import { Hono, type Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { APP_MESSAGES } from '@tessera/contracts';
import { AppError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail/mailer';

/** Headers a reverse proxy adds when it relays a request: such a request did not start on this machine. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/** 127.0.0.0/8 and ::1; IPv4-mapped IPv6 (`::ffff:127.0.0.1`, from dual-stack sockets) is matched too. */
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

function isLoopbackAddress(address: string): boolean {
  const version = isIP(address);
  return version !== 0 && LOOPBACK.check(address, version === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Whether the request comes from a program on this machine: the socket's peer address is loopback
 * (never X-Forwarded-For, whatever TRUST_PROXY says) and no proxy relayed it. The dev outbox holds
 * working sign-in and reset links, so it is shown to such clients only.
 */
export function isLocalClient(c: Context): boolean {
  if (FORWARDING_HEADERS.some((h) => c.req.header(h) !== undefined)) return false;
  let address: string | undefined;
  try {
    address = getConnInfo(c).remote.address;
  } catch {
    return false;
  }
  return address !== undefined && isLoopbackAddress(address);
}

/**
 * The dev outbox API (`GET /api/dev/outbox`), mounted while mails go to the outbox. Anyone but a
 * local client gets the 404 of a route that does not exist.
 */
export function devRoutes({ mailer }: { mailer: Mailer }) {
  const app = new Hono();
  app.get('/api/dev/outbox', async (c) => {
    if (!isLocalClient(c))
      throw new AppError('NOT_FOUND', APP_MESSAGES.routeNotFound, { method: c.req.method, path: c.req.path });
    const limit = Math.min(Math.max(Number(c.req.query('limit')) || 100, 1), 500);
    return c.json({ mails: await mailer.listOutbox({ limit, to: c.req.query('to') }) });
  });
  return app;
}
