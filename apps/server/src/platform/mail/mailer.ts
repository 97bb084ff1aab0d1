import { randomUUID } from 'node:crypto';
import { desc, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { APP_MESSAGES, MAILS_PER_ADDRESS_PER_HOUR, type OutboxMail } from '@tessera/contracts';
import { devMails, type Db } from '@tessera/db';
import { AppError } from '../errors';
import type { Logger } from '../logger';
import type { RateLimiter } from '../rate-limit';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The actionable links in the mail, kept by the dev outbox so a newcomer can click them. */
  links: string[];
}

export interface Mailer {
  /** Sends one mail; throws RATE_LIMITED past the per-address hourly cap, MAIL_FAILED when delivery fails. */
  send(mail: Mail): Promise<void>;
  /** Newest first; only the dev outbox keeps mails. */
  listOutbox(options?: { limit?: number; to?: string }): Promise<OutboxMail[]>;
  readonly transport: 'smtp' | 'outbox';
}

interface MailerDeps {
  db: Db;
  logger: Logger;
  rateLimiter: RateLimiter;
  smtpUrl?: string;
  from: string;
}

/** nodemailer over SMTP_URL when set; otherwise the dev outbox (database row + a log line with the link). */
export function createMailer({ db, logger, rateLimiter, smtpUrl, from }: MailerDeps): Mailer {
  const smtp = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;

  async function deliver(mail: Mail): Promise<void> {
    if (smtp) {
      await smtp.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      logger.info('mail sent', { to: mail.to, subject: mail.subject });
      return;
    }
    await db.insert(devMails).values({
      id: randomUUID(),
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      links: mail.links,
    });
    logger.info('mail stored in dev outbox', { to: mail.to, subject: mail.subject, link: mail.links[0] });
  }

  return {
    transport: smtp ? 'smtp' : 'outbox',
    async send(mail) {
      const { count } = await rateLimiter.hit(`mail:${mail.to.toLowerCase()}`, 3600);
      if (count > MAILS_PER_ADDRESS_PER_HOUR) throw new AppError('RATE_LIMITED', APP_MESSAGES.tooManyRequests);
      try {
        await deliver(mail);
      } catch (err) {
        logger.error('mail delivery failed', { to: mail.to, subject: mail.subject, err: (err as Error).message });
        throw new AppError('MAIL_FAILED', 'The mail could not be sent');
      }
    },
    async listOutbox({ limit = 100, to } = {}) {
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
