/**
 * Outbox for email and SMS.
 *
 * - `enqueueEmail(tx, { to, template, lang, site, data })` / `enqueueSms(tx, { to, template, lang, data })`
 *   insert a row in the caller's transaction (nothing is sent if it rolls back) and raise a
 *   Postgres NOTIFY, which PostgreSQL delivers only on commit.
 * - Each app server LISTENs; on a notification it sends a pg-boss job (OUTBOX_QUEUE) that
 *   delivers the message with retries (in-process retries when there are no jobs: API tests).
 *   A minute sweep picks up anything whose notification was lost (server restart).
 * - Email goes through a transport: nodemailer to SMTP_URL, the embedded SMTP catcher in
 *   development (lib/dev-smtp.ts), or straight into dev_mailbox (tests). SMS goes through an
 *   `SmsProvider` (lib/sms.ts). Templates live in lib/mail-templates.ts.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../db/client.js';
import { devMailbox, outboxMessages } from '../db/schema/index.js';
import type { Jobs } from './jobs.js';
import { renderTemplate, SHOP_NAME } from './mail-templates.js';
import type { SmsProvider } from './sms.js';
import type { FileStorage } from './storage.js';

export const OUTBOX_QUEUE = 'outbox-deliver';
export const OUTBOX_SWEEP_QUEUE = 'outbox-sweep';
const CHANNEL = 'mall_outbox';
/** Delivery gives up on a message after this many failed attempts (status failed, kept for a look). */
const MAX_ATTEMPTS = 10;

/** Anything with `execute` (the Db or a transaction). */
type Executor = Pick<Db, 'insert' | 'execute'>;

export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: EmailAttachment[];
  headers?: Record<string, string>;
}
/** Sends one rendered email (nodemailer transport, or the dev mailbox directly). */
export interface EmailTransport {
  send(message: EmailMessage): Promise<void>;
  close?(): void;
}

export interface EnqueueEmail {
  to: string;
  /** Template key in lib/mail-templates.ts (e.g. 'code.resetPassword', 'passwordChanged'). */
  template: string;
  lang: string;
  site: string;
  data?: Record<string, unknown>;
  /** Files in the shop's storage sent with the email (read at delivery, so the row stays small). */
  attachments?: OutboxAttachment[];
  /** Extra mail headers (a newsletter's RFC 8058 List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  storageKey: string;
}
export interface EnqueueSms {
  to: string;
  template: string;
  lang: string;
  site?: string;
  data?: Record<string, unknown>;
}

/** Where an email's attachments and extra headers ride in the payload. */
const ATTACHMENTS = '_attachments';
const HEADERS = '_headers';

async function enqueue(tx: Executor, channel: 'email' | 'sms', m: EnqueueEmail): Promise<bigint> {
  const [row] = await tx
    .insert(outboxMessages)
    .values({
      channel,
      destination: m.to,
      template: m.template,
      language: m.lang,
      site: m.site,
      payload: {
        ...m.data,
        ...(m.attachments?.length && { [ATTACHMENTS]: m.attachments }),
        ...(m.headers && { [HEADERS]: m.headers }),
      },
    })
    .returning({ id: outboxMessages.id });
  // Delivered to listeners only when the transaction commits.
  await tx.execute(sql`SELECT pg_notify(${CHANNEL}, ${String(row!.id)})`);
  return row!.id;
}

/** Queues an email in the caller's transaction; it is delivered after commit. */
export const enqueueEmail = (tx: Executor, m: EnqueueEmail) => enqueue(tx, 'email', m);
/** Queues an SMS in the caller's transaction; it is delivered after commit. */
export const enqueueSms = (tx: Executor, m: EnqueueSms) => enqueue(tx, 'sms', { ...m, site: m.site ?? 'US' });

/** Writes rendered mail straight into dev_mailbox (API tests: no SMTP round trip). */
export class DevMailboxTransport implements EmailTransport {
  constructor(private readonly db: Db) {}
  async send(m: EmailMessage): Promise<void> {
    await this.db.insert(devMailbox).values({
      channel: 'email',
      toAddress: m.to,
      fromAddress: MAIL_FROM,
      subject: m.subject,
      textBody: m.text,
      htmlBody: m.html,
    });
  }
}

export const MAIL_FROM = process.env.MAIL_FROM || `${SHOP_NAME} <no-reply@mall.localhost>`;

export class Outbox {
  private listener: pg.PoolClient | null = null;
  private stopped = false;
  private inProcess: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly opts: { email: EmailTransport; sms: SmsProvider; jobs?: Jobs; storage?: FileStorage },
  ) {}

  /** The attachments of a message, read from the storage; a missing file fails the delivery (it is retried). */
  private async attachmentsOf(payload: Record<string, unknown>): Promise<EmailAttachment[] | undefined> {
    const list = payload[ATTACHMENTS] as OutboxAttachment[] | undefined;
    if (!list?.length) return undefined;
    if (!this.opts.storage) throw new Error('attachments need a file storage');
    return Promise.all(
      list.map(async (a) => {
        const content = await this.opts.storage!.get(a.storageKey);
        if (!content) throw new Error(`attachment ${a.storageKey} not found`);
        return { filename: a.filename, contentType: a.contentType, content };
      }),
    );
  }

  /** Starts listening for committed messages. */
  async start(): Promise<void> {
    const client = await this.db.$client.connect();
    this.listener = client;
    client.on('notification', (n) => {
      if (n.channel === CHANNEL && n.payload) this.dispatch(BigInt(n.payload));
    });
    // A dropped listening connection would silently stop deliveries; the minute sweep covers the gap.
    client.on('error', () => {});
    await client.query(`LISTEN ${CHANNEL}`);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const l = this.listener;
    this.listener = null;
    if (l) {
      await l.query(`UNLISTEN ${CHANNEL}`).catch(() => {});
      l.release();
    }
    this.opts.email.close?.();
  }

  private dispatch(id: bigint): void {
    if (this.stopped) return;
    if (this.opts.jobs)
      void this.opts.jobs.send(
        OUTBOX_QUEUE,
        { id: String(id) },
        { retryLimit: MAX_ATTEMPTS, retryDelay: 2, retryBackoff: true },
      );
    // One at a time in-process: a delivery holds a connection for its row lock and the dev mailbox
    // transport takes another, so parallel deliveries could take the whole (small) pool and wait forever.
    else this.inProcess = this.inProcess.then(() => this.deliverWithRetries(id));
  }

  private async deliverWithRetries(id: bigint, attempt = 1): Promise<void> {
    try {
      await this.deliver(id);
    } catch {
      if (attempt < 5 && !this.stopped)
        setTimeout(() => void this.deliverWithRetries(id, attempt + 1), 200 * attempt).unref();
    }
  }

  /**
   * Delivers one message if still pending. The row is locked for the send, so two servers
   * never send the same message; a failure rolls back and throws (the job retries).
   */
  async deliver(id: bigint): Promise<void> {
    let failure: unknown;
    await this.db.transaction(async (tx) => {
      const [m] = await tx
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'pending')))
        .for('update', { skipLocked: true });
      if (!m) return;
      const rendered = renderTemplate(m.template, m.language, m.site, m.payload as Record<string, unknown>);
      try {
        if (m.channel === 'email') {
          const attachments = await this.attachmentsOf(m.payload as Record<string, unknown>);
          const headers = (m.payload as Record<string, unknown>)[HEADERS] as Record<string, string> | undefined;
          await this.opts.email.send({
            to: m.destination,
            subject: rendered.subject,
            text: rendered.text,
            html: rendered.html,
            ...(attachments ? { attachments } : {}),
            ...(headers ? { headers } : {}),
          });
        } else await this.opts.sms.send(m.destination, rendered.sms);
      } catch (err) {
        failure = err;
        const attempts = m.attempts + 1;
        await tx
          .update(outboxMessages)
          .set({
            attempts,
            lastError: String((err as Error).message ?? err).slice(0, 500),
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          })
          .where(eq(outboxMessages.id, id));
        return;
      }
      // The payload (a code, say) is not needed any more once the message went out.
      await tx
        .update(outboxMessages)
        .set({ status: 'sent', sentAt: new Date(), attempts: m.attempts + 1, payload: {} })
        .where(eq(outboxMessages.id, id));
    });
    if (failure) throw failure instanceof Error ? failure : new Error('outbox delivery failed', { cause: failure });
  }

  /** Pending messages older than a few seconds (their notification or job was lost): deliver them now. */
  async sweep(): Promise<number> {
    const rows = await this.db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(
        and(eq(outboxMessages.status, 'pending'), lt(outboxMessages.createdAt, sql`now() - interval '30 seconds'`)),
      )
      .limit(100);
    for (const r of rows) this.dispatch(r.id);
    return rows.length;
  }
}
