import pg from 'pg';

/** The first reconnect waits this long; each failure doubles it, up to RECONNECT_MAX_MS (with jitter). */
const RECONNECT_BASE_MS = 250;
const RECONNECT_MAX_MS = 10_000;

interface Subscriber {
  onPayload: (payload: string) => void;
  /** Called after the connection came back: notifications sent meanwhile were lost. */
  onResync?: () => void;
}

const quote = (channel: string) => `"${channel.replace(/"/g, '""')}"`;

/**
 * One LISTEN connection per process for every channel. When it drops (PostgreSQL restarted, a
 * network blip, pg_terminate_backend) it reconnects with exponential backoff for as long as anyone
 * listens, LISTENs to every channel again, and tells each subscriber to resync: what was notified
 * during the gap never arrives.
 */
export function createPgListener(connection: pg.ClientConfig, onError: (message: string) => void = () => {}) {
  const subscribers = new Map<string, Set<Subscriber>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  let isClosed = false;

  const scheduleReconnect = () => {
    if (isClosed || reconnectTimer || subscribers.size === 0) return;
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** failures) * (0.75 + Math.random() / 4);
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      connect().then(
        () => {
          failures = 0;
          for (const set of subscribers.values()) for (const s of set) s.onResync?.();
        },
        (err: Error) => {
          failures++;
          onError(`LISTEN connection failed, retrying: ${err.message}`);
          scheduleReconnect();
        },
      );
    }, delay);
  };

  async function connect(): Promise<pg.Client> {
    if (client) return client;
    connecting ??= (async () => {
      const c = new pg.Client(connection);
      c.on('notification', (msg) => {
        for (const s of subscribers.get(msg.channel) ?? []) s.onPayload(msg.payload ?? '');
      });
      let isLost = false;
      const lost = () => {
        if (isLost) return;
        isLost = true;
        if (client === c) client = null;
        c.end().catch(() => {});
        scheduleReconnect();
      };
      c.on('error', (err) => {
        onError(`LISTEN connection lost: ${err.message}`);
        lost();
      });
      c.on('end', lost);
      try {
        await c.connect();
        for (const channel of subscribers.keys()) await c.query(`LISTEN ${quote(channel)}`);
      } catch (err) {
        isLost = true;
        c.end().catch(() => {});
        throw err;
      }
      client = c;
      return c;
    })();
    try {
      return await connecting;
    } finally {
      connecting = null;
    }
  }

  return {
    async listen(channel: string, onPayload: (payload: string) => void, onResync?: () => void) {
      const subscriber: Subscriber = { onPayload, onResync };
      let set = subscribers.get(channel);
      const isNew = !set;
      if (!set) subscribers.set(channel, (set = new Set()));
      set.add(subscriber);
      try {
        const c = await connect();
        if (isNew) await c.query(`LISTEN ${quote(channel)}`);
      } catch (err) {
        // Subscribed all the same: the reconnect LISTENs to it and resyncs this subscriber.
        onError(`LISTEN ${channel} failed, retrying: ${(err as Error).message}`);
        scheduleReconnect();
      }
      return async () => {
        set.delete(subscriber);
        if (set.size === 0 && subscribers.get(channel) === set) {
          subscribers.delete(channel);
          await client?.query(`UNLISTEN ${quote(channel)}`).catch(() => {});
        }
      };
    },
    async close() {
      isClosed = true;
      subscribers.clear();
      if (reconnectTimer) clearTimeout(reconnectTimer);
      await client?.end().catch(() => {});
      client = null;
    },
  };
}
