import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@tessera/contracts';
import { MAILS_PER_ADDRESS_PER_HOUR } from '@tessera/contracts/auth';
import { startFakeSmtp, uniqueEmail } from '@tessera/test-utils';
import { createTestApp } from '../../testing/harness';

const smtp = await startFakeSmtp();
afterAll(() => smtp.close());
const t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Tessera <hello@tessera.test>' });

describe('mail over SMTP', () => {
  it('delivers the verification mail through the SMTP server, not the outbox', async () => {
    const user = await t.signUp();
    const mail = smtp.received.find((m) => m.to.includes(user.email));
    expect(mail).toBeDefined();
    expect(mail!.from).toBe('hello@tessera.test');
    expect(mail!.raw).toContain('Subject: Verify your email for Tessera');
    expect(mail!.raw).toContain('/api/auth/verify-email?token=3D');
    expect(await t.outbox(user.email)).toHaveLength(0);
  });

  it('reports a refused reset mail with the spec text', async () => {
    const user = await t.signUp();
    smtp.rejectWith = 'mailbox unavailable';
    try {
      const res = await t.request('POST', '/api/live_api/account/sendResetPasswordEmail', {
        body: { email: user.email },
      });
      expect(res.status).toBe(502);
      expect(res.body.error).toEqual({ code: 'MAIL_FAILED', message: MESSAGES.passwordReset.sendFailed });
      const magic = await t.request('POST', '/api/live_api/account/sendMagicLink', { body: { email: user.email } });
      expect(magic.status).toBe(502);
      expect(magic.body.error.message).toBe(MESSAGES.magicLink.sendFailed);
      const change = await t.request('POST', '/api/live_api/account/completeEmailChange', {
        token: user.token,
        body: { newEmail: uniqueEmail() },
      });
      expect(change.status).toBe(502);
      expect(change.body.error.message).toBe(MESSAGES.emailChange.failed);
    } finally {
      smtp.rejectWith = null;
    }
  });

  it(`caps mails to one address at ${MAILS_PER_ADDRESS_PER_HOUR} an hour`, async () => {
    const email = uniqueEmail('flood');
    const statuses: number[] = [];
    for (let i = 0; i <= MAILS_PER_ADDRESS_PER_HOUR; i++) {
      statuses.push((await t.request('POST', '/api/live_api/account/sendMagicLink', { body: { email } })).status);
    }
    expect(statuses.slice(0, MAILS_PER_ADDRESS_PER_HOUR).every((s) => s === 200)).toBe(true);
    const last = await t.request('POST', '/api/live_api/account/sendMagicLink', { body: { email } });
    expect(last.status).toBe(429);
    expect(last.body.error.code).toBe('RATE_LIMITED');
  });
});
