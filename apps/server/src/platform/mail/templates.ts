import type { Mail } from './mail';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function actionMail(to: string, subject: string, intro: string, action: string, link: string, outro: string): Mail {
  const text = `${intro}\n\n${action}: ${link}\n\n${outro}\n`;
  const html = `<!doctype html><html><body style="margin:0;background:#f6f7fb;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f2330">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:40px 16px">
<table role="presentation" width="100%" style="max-width:480px;background:#fff;border-radius:12px;padding:32px;border:1px solid #e6e8ef">
<tr><td style="font-weight:700;font-size:18px;padding-bottom:16px">Tessera</td></tr>
<tr><td style="font-size:15px;line-height:1.5;padding-bottom:24px">${escapeHtml(intro)}</td></tr>
<tr><td style="padding-bottom:24px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#4f46e5;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(action)}</a></td></tr>
<tr><td style="font-size:13px;color:#6b7080;line-height:1.5">${escapeHtml(outro)}<br><br>Or paste this link into your browser:<br><span style="word-break:break-all">${escapeHtml(link)}</span></td></tr>
</table></td></tr></table></body></html>`;
  return { to, subject, text, html, links: [link] };
}

const IGNORE = "If you didn't ask for this, you can ignore this mail.";

/** A mail carrying a one-time code to type in (no link: the code is entered on the page that asked for it). */
function codeMail(to: string, subject: string, intro: string, code: string, outro: string): Mail {
  const text = `${intro}\n\n${code}\n\n${outro}\n`;
  const html = `<!doctype html><html><body style="margin:0;background:#f6f7fb;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f2330">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:40px 16px">
<table role="presentation" width="100%" style="max-width:480px;background:#fff;border-radius:12px;padding:32px;border:1px solid #e6e8ef">
<tr><td style="font-size:15px;line-height:1.5;padding-bottom:24px">${escapeHtml(intro)}</td></tr>
<tr><td style="font-size:32px;font-weight:700;letter-spacing:8px;padding-bottom:24px;font-family:ui-monospace,Menlo,monospace">${escapeHtml(code)}</td></tr>
<tr><td style="font-size:13px;color:#6b7080;line-height:1.5">${escapeHtml(outro)}</td></tr>
</table></td></tr></table></body></html>`;
  return { to, subject, text, html, links: [] };
}

export const mailTemplates = {
  verifyEmail: (to: string, link: string, appName?: string | null) =>
    actionMail(
      to,
      `Verify your email for ${appName || 'Tessera'}`,
      `Welcome to ${appName || 'Tessera'}! Confirm that ${to} is your email address to finish signing up.`,
      'Verify email',
      link,
      `The link expires in 24 hours. ${IGNORE}`,
    ),
  changeEmail: (to: string, link: string) =>
    actionMail(
      to,
      'Confirm your new email address',
      `Confirm ${to} as the new email address of your Tessera account.`,
      'Confirm new email',
      link,
      `The link expires in 24 hours. ${IGNORE}`,
    ),
  resetPassword: (to: string, link: string) =>
    actionMail(
      to,
      'Reset your Tessera password',
      `Someone asked to reset the password of the Tessera account for ${to}.`,
      'Choose a new password',
      link,
      `The link expires in 1 hour. ${IGNORE}`,
    ),
  appResetPassword: (to: string, link: string, appName: string) =>
    actionMail(
      to,
      `Reset your ${appName} password`,
      `Someone asked to reset the password of your ${appName} account (${to}).`,
      'Choose a new password',
      link,
      `The link expires in 1 hour and works once. ${IGNORE}`,
    ),
  appConfirmCode: (to: string, code: string, appName: string) =>
    codeMail(
      to,
      `${code} is your ${appName} code`,
      `Enter this code on the ${appName} sign-in page to confirm that ${to} is your e-mail address.`,
      code,
      `The code expires in 15 minutes. ${IGNORE}`,
    ),
  appInvite: (to: string, link: string, appName: string) =>
    actionMail(
      to,
      `You're invited to ${appName}`,
      `You have been invited to join ${appName} as ${to}.`,
      'Accept the invitation',
      link,
      `Choose a password to finish. The link expires in 7 days. ${IGNORE}`,
    ),
  magicLink: (to: string, link: string) =>
    actionMail(
      to,
      'Your Tessera sign-in link',
      `Use this link to sign in to Tessera as ${to}. It works once.`,
      'Sign in',
      link,
      `The link expires in 15 minutes. ${IGNORE}`,
    ),
};
