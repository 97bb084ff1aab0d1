import { randomUUID } from 'node:crypto';
import { desc, sql } from 'drizzle-orm';
import type { OutboxMail } from '@tessera/contracts/auth';
import { devMails, type Db } from '@tessera/db';
import type { Mail } from './mail';

/** The dev outbox's table: mails kept when there is no SMTP server. */
export function createDevMailsRepo(db: Db) {
  return {
    async insert(mail: Mail): Promise<void> {
      await db.insert(devMails).values({
        id: randomUUID(),
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        links: mail.links,
      });
    },

    /** Newest first; `to` matches the recipient whatever its case. */
    async list({ limit, to }: { limit: number; to?: string }): Promise<OutboxMail[]> {
      const rows = await db
        .select()
        .from(devMails)
        .where(to ? sql`lower(${devMails.to}) = ${to.toLowerCase()}` : undefined)
        .orderBy(desc(devMails.createdAt))
        .limit(limit);
      return rows.map((r) => ({
        id: r.id,
        to: r.to,
        subject: r.subject,
        text: r.text,
        links: r.links,
        createdAt: r.createdAt.toISOString(),
      }));
    },
  };
}

export type DevMailsRepo = ReturnType<typeof createDevMailsRepo>;
