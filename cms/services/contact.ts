import type { Payload } from 'payload';
import type { z } from 'zod';
import type { contactSchema } from '@shop/shared';
import { stripControlCharacters } from '../lib/control-characters';
import { emitLiveEvent } from '../lib/live-events';
import { getSettings } from './settings';

type ContactInput = z.output<typeof contactSchema>;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Stores a contact message as a new notification, then tells the shop by email. The message is saved first:
 * a mail failure is logged and never loses what the shopper wrote.
 */
export async function submitContact(payload: Payload, shopperInput: ContactInput): Promise<{ id: string }> {
  // The mail says what is stored: the collection hook strips the same characters from the record.
  const input = stripControlCharacters(shopperInput);
  const doc = await payload.create({
    collection: 'notifications',
    data: { ...input, telephone: input.telephone ?? undefined, type: 'contact', status: 'new' },
    overrideAccess: true,
  });
  emitLiveEvent({
    type: 'contact.created',
    data: { id: String(doc.id), name: `${input.firstname} ${input.lastname}`.trim(), subject: input.title },
  });
  try {
    const { admin_email } = await getSettings(payload);
    if (admin_email) {
      const lines = [
        `From: ${input.firstname} ${input.lastname} <${input.email}>`,
        input.telephone ? `Telephone: ${input.telephone}` : null,
        `Subject: ${input.title}`,
        '',
        input.message,
      ].filter((l): l is string => l !== null);
      await payload.sendEmail({
        to: admin_email,
        replyTo: input.email,
        subject: `New contact message: ${input.title}`,
        text: lines.join('\n'),
        html: `<p>${lines.map(escapeHtml).join('<br>')}</p>`,
      });
    }
  } catch (err) {
    payload.logger.error({ err, msg: 'contact mail failed; the message is stored as a notification' });
  }
  return { id: String(doc.id) };
}
