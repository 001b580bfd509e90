/**
 * Development mail: with no SMTP_URL the shop starts this SMTP catcher on 127.0.0.1 on a free
 * (ephemeral) port, so several shops can run side by side. Caught mail is parsed with
 * mailparser and stored in dev_mailbox for the /dev/mailbox page. `smtpTransport` is the
 * nodemailer side, used both for SMTP_URL and for the catcher.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type AddressObject } from 'mailparser';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.js';
import { devMailbox } from '../db/schema/index.js';
import { MAIL_FROM, type EmailTransport } from './outbox.js';

export interface DevSmtp {
  url: string;
  stop(): Promise<void>;
}

const addresses = (a: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(a) ? a : a ? [a] : []).flatMap((x) => x.value.map((v) => v.address ?? '')).filter(Boolean);

export async function startDevSmtp(db: Db): Promise<DevSmtp> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    banner: 'mall dev mail catcher',
    size: 5 * 1024 * 1024,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          // Envelope recipients first (they include Bcc), headers as a fallback.
          const to = session.envelope.rcptTo.map((r) => r.address);
          const recipients = to.length ? to : addresses(mail.to);
          const from = addresses(mail.from)[0] ?? '';
          for (const rcpt of recipients) {
            await db.insert(devMailbox).values({
              channel: 'email',
              toAddress: rcpt.toLowerCase(),
              fromAddress: from,
              subject: mail.subject ?? '',
              textBody: mail.text ?? '',
              htmlBody: typeof mail.html === 'string' ? mail.html : null,
            });
          }
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  server.on('error', (err) => console.error('dev smtp:', err.message));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Email through SMTP with nodemailer (SMTP_URL, or the catcher's URL). */
export function smtpTransport(url: string): EmailTransport {
  const u = new URL(url);
  // The loopback catcher speaks plain SMTP; anything else is taken as configured in the URL.
  const transporter =
    u.hostname === '127.0.0.1'
      ? nodemailer.createTransport({ host: u.hostname, port: Number(u.port), secure: false, ignoreTLS: true })
      : nodemailer.createTransport(url);
  return {
    send: async (m) => {
      await transporter.sendMail({
        from: MAIL_FROM,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        attachments: m.attachments,
        headers: m.headers,
      });
    },
    close: () => transporter.close(),
  };
}
