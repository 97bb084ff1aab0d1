import type { ServerOptions } from 'node:http';
import { FlushingServerResponse } from './flushing-response';

export interface ServerTimeouts {
  /** Idle keep-alive connections: longer than clients and proxies keep theirs. */
  keepAliveMs: number;
  /** From a request's first byte to the end of its headers. */
  headersMs: number;
  /** From a request's first byte to the end of its body (uploads included). */
  requestMs: number;
  /** How often connections are checked against the two above. */
  checkEveryMs: number;
}

/**
 * Idle keep-alive connections outlive those of the clients and proxies in front (load balancers keep
 * theirs 60 s): with Node's 5 s, a client reusing a connection as the server closed it got
 * ECONNRESET. Headers and bodies that trickle in (slowloris) are cut off: the headers within 20 s,
 * the whole request within 5 minutes (time enough for the largest upload on a slow line). Node
 * times a request from its first byte, so idle keep-alive time never counts against these.
 */
export const SERVER_TIMEOUTS: ServerTimeouts = {
  keepAliveMs: 65_000,
  headersMs: 20_000,
  requestMs: 300_000,
  checkEveryMs: 2_000,
};

/** The options every listening server is created with (main.ts; tests pass shorter timeouts). */
export function httpServerOptions(timeouts: ServerTimeouts = SERVER_TIMEOUTS): ServerOptions {
  return {
    ServerResponse: FlushingServerResponse,
    keepAliveTimeout: timeouts.keepAliveMs,
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.requestMs,
    connectionsCheckingInterval: timeouts.checkEveryMs,
  };
}
