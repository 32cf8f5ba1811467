import { env } from '../../lib/env';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The link of a reset or invite mail. Built from PUBLIC_URL only: a request's Host header is the client's to
 * choose, and a link built from it would carry the token to whichever host an attacker named.
 */
export const passwordLink = (token: string) => `${env.publicUrl}/admin/reset/${token}`;

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

function render(
  to: string,
  subject: string,
  greeting: string,
  paragraphs: string[],
  link: string,
  action: string,
): Mail {
  const text = [greeting, '', ...paragraphs.flatMap((p) => [p, '']), link, '', 'Bottega di Famiglia'].join('\n');
  const html = `<!doctype html><html><body style="font-family:Georgia,serif;color:#3b3a30;max-width:600px;margin:auto">
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}" style="color:#b5502d">${escapeHtml(action)}</a></p>
<p style="font-size:12px;color:#777">${escapeHtml(link)}</p>
<p>Bottega di Famiglia</p></body></html>`;
  return { to, subject, text, html };
}

export function renderResetMail(user: { email: string; firstname: string }, token: string, validHours: number): Mail {
  return render(
    user.email,
    'Reset your password — Bottega di Famiglia',
    `Hello ${user.firstname || user.email},`,
    [
      'You asked to reset the password of your control centre account. Open the link below to choose a new one.',
      `The link works once and for ${validHours} hour${validHours === 1 ? '' : 's'}. You have been signed out; ` +
        'sign in again with the new password.',
      'If you did not ask for this, you can ignore this mail: your password stays as it is.',
    ],
    passwordLink(token),
    'Choose a new password',
  );
}

export function renderInviteMail(user: { email: string; firstname: string }, token: string, validDays: number): Mail {
  return render(
    user.email,
    'Welcome to the Bottega di Famiglia control centre',
    `Welcome${user.firstname ? `, ${user.firstname}` : ''}!`,
    [
      'An account was created for you in the Bottega di Famiglia control centre, where the shop manages its ' +
        'orders, products and messages.',
      `Open the link below to choose your password. It works once and for ${validDays} days.`,
    ],
    passwordLink(token),
    'Choose your password',
  );
}
