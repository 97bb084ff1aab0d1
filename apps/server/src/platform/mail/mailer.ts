import nodemailer from 'nodemailer';
import { APP_MESSAGES } from '@tessera/contracts';
import { APP_MAILS_PER_ADDRESS_PER_HOUR } from '@tessera/contracts/app-users';
import { MAILS_PER_ADDRESS_PER_HOUR, type OutboxMail } from '@tessera/contracts/auth';
import type { Db } from '@tessera/db';
import { AppError } from '../errors';
import { describeError, type Logger } from '../logger';
import type { RateLimiter } from '../rate-limit';
import { createDevMailsRepo } from './dev-mails.repo';
import type { Mail } from './mail';

/**
 * Whose mail it is: a builder's own account mail (verification, reset, magic link, e-mail change)
 * or a mail of an app to its end users (codes, resets, invitations, Core.SendEmail).
 */
export type MailStream = 'account' | 'app';

/** Mails one address may get per hour, per stream: app mails never use up the account mails' cap. */
const CAP_PER_ADDRESS_PER_HOUR: Record<MailStream, number> = {
  account: MAILS_PER_ADDRESS_PER_HOUR,
  app: APP_MAILS_PER_ADDRESS_PER_HOUR,
};

export interface Mailer {
  /** Sends one mail; throws RATE_LIMITED past the stream's per-address hourly cap, MAIL_FAILED when delivery fails. */
  send(mail: Mail, stream: MailStream): Promise<void>;
  /** Newest first; only the dev outbox keeps mails. */
  listOutbox(options?: { limit?: number; to?: string }): Promise<OutboxMail[]>;
  readonly transport: 'smtp' | 'outbox';
}

/** Where a local user reads the outbox (the SPA page over `GET /api/dev/outbox`). */
export const OUTBOX_PAGE = '/dev/mail';

interface MailerDeps {
  db: Db;
  logger: Logger;
  rateLimiter: RateLimiter;
  smtpUrl?: string;
  from: string;
}

/**
 * nodemailer over SMTP_URL when set; otherwise the dev outbox (a database row, read from this
 * machine only). The log says a mail left or was stored, never its links: they sign people in.
 */
export function createMailer({ db, logger, rateLimiter, smtpUrl, from }: MailerDeps): Mailer {
  const smtp = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  const devMails = createDevMailsRepo(db);

  async function deliver(mail: Mail): Promise<void> {
    if (smtp) {
      await smtp.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      logger.info('mail sent', { to: mail.to, subject: mail.subject });
      return;
    }
    await devMails.insert(mail);
    logger.info(`mail stored in the dev outbox: open ${OUTBOX_PAGE} from this machine to read it`, {
      to: mail.to,
      subject: mail.subject,
    });
  }

  return {
    transport: smtp ? 'smtp' : 'outbox',
    async send(mail, stream) {
      const key = stream === 'account' ? `mail:${mail.to.toLowerCase()}` : `mail-app:${mail.to.toLowerCase()}`;
      const { count } = await rateLimiter.hit(key, 3600);
      if (count > CAP_PER_ADDRESS_PER_HOUR[stream]) throw new AppError('RATE_LIMITED', APP_MESSAGES.tooManyRequests);
      try {
        await deliver(mail);
      } catch (err) {
        logger.error('mail delivery failed', { to: mail.to, subject: mail.subject, err: describeError(err) });
        throw new AppError('MAIL_FAILED', 'The mail could not be sent');
      }
    },
    listOutbox: ({ limit = 100, to } = {}) => devMails.list({ limit, to }),
  };
}
