import type { Payload } from 'payload';
import { formatLongDate } from '@shop/shared';
import { env } from '../lib/env';
import { getSettings } from './settings';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The contact message a reply answers: who wrote it, when, and what. */
export interface RepliedMessage {
  firstname: string;
  lastname: string;
  email: string;
  title: string;
  message: string;
  created_at: string;
}

/** "Re: <subject>" on one line; a subject that already starts with "Re:" is not prefixed twice. */
export function replySubject(title: string): string {
  const subject = title.replace(/\s+/g, ' ').trim();
  return /^re:/i.test(subject) ? subject : `Re: ${subject}`;
}

/**
 * The reply as plain text and HTML, the original message quoted under it. Everything printed in the HTML is
 * escaped: both texts were typed by people (the shopper's message most of all).
 */
export function renderReply(reply: string, original: RepliedMessage): { subject: string; text: string; html: string } {
  const sender = `${original.firstname} ${original.lastname}`.trim();
  const attribution = `On ${formatLongDate(original.created_at)}, ${sender} <${original.email}> wrote:`;
  const lines = (text: string) => text.replace(/\r\n?/g, '\n').split('\n');
  const text = [...lines(reply), '', attribution, ...lines(original.message).map((l) => (l ? `> ${l}` : '>'))].join(
    '\n',
  );
  const html = `<!doctype html><html><body style="font-family:Georgia,serif;color:#3b3a30;max-width:600px">
<div style="white-space:pre-wrap">${escapeHtml(reply)}</div>
<p style="color:#6b6a5e;margin-top:24px">${escapeHtml(attribution)}</p>
<blockquote style="margin:0;padding-left:12px;border-left:3px solid #d9d2c0;color:#6b6a5e;white-space:pre-wrap">${escapeHtml(
    original.message,
  )}</blockquote>
</body></html>`;
  return { subject: replySubject(original.title), text, html };
}

/**
 * The Message-ID of a reply, the same on every attempt: a reply sent again after a crash (the mail server
 * took it but the record never said so) is the same message, and mail systems show it once.
 */
export function replyMessageId(replyId: string): string {
  const domain = env.mailFrom.split('@')[1] || 'shop.invalid';
  return `<reply-${replyId}@${domain}>`;
}

/**
 * Mails an admin's reply to the sender, From as the shop's other mails and Reply-To the shop's address from
 * the settings (admin_email), so the answer to the answer reaches the family. Throws when the transport
 * refused it.
 */
export async function sendReplyMail(
  payload: Payload,
  replyId: string,
  reply: string,
  original: RepliedMessage,
): Promise<void> {
  const { admin_email } = await getSettings(payload);
  const mail = renderReply(reply, original);
  await payload.sendEmail({
    to: { name: `${original.firstname} ${original.lastname}`.trim(), address: original.email },
    ...(admin_email ? { replyTo: admin_email } : {}),
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: replyMessageId(replyId),
  });
}
