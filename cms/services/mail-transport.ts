import fs from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { outboxDir } from '../lib/paths';

/**
 * Without SMTP_URL, mail is written as .eml files to data/outbox/ so the shop works offline and a developer
 * can open what a shopper would receive.
 */
export function createMailTransport(smtpUrl: string): Transporter {
  if (smtpUrl) return nodemailer.createTransport(smtpUrl);
  return nodemailer.createTransport({
    name: 'outbox',
    version: '1',
    send(mail, callback) {
      mail.message.build((err, raw) => {
        if (err) return callback(err, undefined as never);
        const messageId = mail.message.messageId();
        let file: string;
        try {
          fs.mkdirSync(outboxDir, { recursive: true });
          const safeId = messageId.replace(/[^A-Za-z0-9.@-]/g, '');
          file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeId}.eml`);
          fs.writeFileSync(file, raw);
        } catch (writeErr) {
          // A full disk or an unwritable outbox is a refused mail, as an SMTP server's refusal is: the caller
          // decides (this callback runs outside any caller's try, so a throw here would end the process).
          return callback(writeErr as Error, undefined as never);
        }
        if (process.env.NODE_ENV !== 'test') console.log(`[mail] written to ${path.relative(process.cwd(), file)}`);
        callback(null, { envelope: mail.message.getEnvelope(), messageId } as never);
      });
    },
  });
}
