import type { UserRole } from '@shop/shared/admin';
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

type Recipient = { email: string; firstname: string; role: UserRole };

/**
 * Where the account works: an admin in the control centre, an editor in the /cms panel only (the control
 * centre refuses editors' sign-ins), so each mail names the place the person will actually use.
 */
const workplace = (role: UserRole) =>
  role === 'editor'
    ? { name: 'content panel', where: `${env.publicUrl}/cms`, what: 'recipes, products and pages' }
    : { name: 'control centre', where: `${env.publicUrl}/admin`, what: 'orders, products and messages' };

export function renderResetMail(user: Recipient, token: string, validHours: number): Mail {
  const place = workplace(user.role);
  return render(
    user.email,
    'Reset your password — Bottega di Famiglia',
    `Hello ${user.firstname || user.email},`,
    [
      `You asked to reset the password of your ${place.name} account. Open the link below to choose a new one.`,
      `The link works once and for ${validHours} hour${validHours === 1 ? '' : 's'}. You have been signed out; ` +
        `sign in again with the new password at ${place.where}.`,
      'If you did not ask for this, you can ignore this mail: your password stays as it is.',
    ],
    passwordLink(token),
    'Choose a new password',
  );
}

export function renderInviteMail(user: Recipient, token: string, validDays: number): Mail {
  const place = workplace(user.role);
  return render(
    user.email,
    `Welcome to the Bottega di Famiglia ${place.name}`,
    `Welcome${user.firstname ? `, ${user.firstname}` : ''}!`,
    [
      `An account was created for you in the Bottega di Famiglia ${place.name} at ${place.where}, where the ` +
        `shop manages its ${place.what}.`,
      `Open the link below to choose your password. It works once and for ${validDays} days. Then sign in at ` +
        `${place.where}.`,
    ],
    passwordLink(token),
    'Choose your password',
  );
}
