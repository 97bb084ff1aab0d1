import { Hono } from 'hono';
import type { Mailer } from '../../platform/mail/mailer';

/** The dev outbox API (`GET /api/dev/outbox`); only mounted outside production. */
export function devRoutes({ mailer }: { mailer: Mailer }) {
  const app = new Hono();
  app.get('/api/dev/outbox', async (c) => {
    const limit = Math.min(Math.max(Number(c.req.query('limit')) || 100, 1), 500);
    return c.json({ mails: await mailer.listOutbox({ limit, to: c.req.query('to') }) });
  });
  return app;
}
