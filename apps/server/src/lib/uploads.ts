/**
 * Uploads (SPEC §5 "File upload"): one image per request, png/jpeg/bmp/webp, within its
 * purpose's limit (UPLOAD_LIMITS: the proof of invoice 10 MB, after-sales evidence 1 MB, review
 * photos 10 MB). Before a byte is decoded: a place in the upload gate (else 503 + Retry-After),
 * the account's and the IP's hourly quota (else 429 + Retry-After), the body capped while it
 * streams in, the type sniffed from the bytes and the pixel count read from the header. Then the
 * image is decoded and re-encoded on the thread pool, a bounded number at a time, so a flood of
 * uploads never slows other requests; what is stored is the re-encoded image, recorded with its
 * owner (a review, after-sales request or payment may refer only to its own account's uploads).
 */
import crypto from 'node:crypto';
import os from 'node:os';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { ERROR_CODES, UPLOAD_LIMITS, UPLOAD_MAX_PIXELS, uploadMegabytes, type UploadPurpose } from '@mall/contracts';
import type { Db } from '../db/client.js';
import { uploads } from '../db/schema/index.js';
import { AppError } from './errors.js';
import { declaredSize, ImageRefused, reencode, sniffImage, type ImageType } from './images.js';
import { requireRegistered } from './session.js';
import type { FileStorage } from './storage.js';
import { uploadQuotaCounter, type UploadQuota, type UploadQuotaCounter } from './upload-quota.js';

export { sniffImage };

export interface UploadPolicy {
  quota: UploadQuota;
  /** Images decoded at the same time (each on one thread of libuv's pool of 4). */
  decoders: number;
  /** Uploads taken at the same time (receiving, waiting for a decoder or decoding); past it 503. */
  maxInFlight: number;
  /** Of those, one account's (the web app sends a form's images one by one). */
  maxInFlightPerAccount: number;
}

const MB = 1024 * 1024;
const envNumber = (env: NodeJS.ProcessEnv, name: string, fallback: number) => {
  const n = Number(env[name]);
  return env[name] !== undefined && env[name] !== '' && Number.isFinite(n) && n >= 0 ? n : fallback;
};

/** UPLOAD_* variables (README, Configuration); the defaults suit one shop server. */
export function uploadPolicyFromEnv(env: NodeJS.ProcessEnv = {}): UploadPolicy {
  // Half the cores, and never more than two of the pool's four threads: logins hash on that pool.
  const decoders = Math.max(1, Math.min(2, Math.floor(os.availableParallelism() / 2)));
  return {
    quota: {
      accountFiles: envNumber(env, 'UPLOAD_ACCOUNT_FILES_PER_HOUR', 60),
      accountBytes: envNumber(env, 'UPLOAD_ACCOUNT_MB_PER_HOUR', 200) * MB,
      ipFiles: envNumber(env, 'UPLOAD_IP_FILES_PER_HOUR', 300),
      ipBytes: envNumber(env, 'UPLOAD_IP_MB_PER_HOUR', 1000) * MB,
    },
    decoders: Math.max(1, envNumber(env, 'UPLOAD_DECODERS', decoders)),
    maxInFlight: Math.max(1, envNumber(env, 'UPLOAD_MAX_IN_FLIGHT', 16)),
    maxInFlightPerAccount: Math.max(1, envNumber(env, 'UPLOAD_ACCOUNT_IN_FLIGHT', 3)),
  };
}

/**
 * The bound on uploads in this process: places for uploads in flight (each holds at most its
 * file in memory), a share of them per account, and, among them, decoders that take turns in
 * arrival order.
 */
export class UploadGate {
  private inFlight = 0;
  private readonly byAccount = new Map<string, number>();
  private decoding = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(
    private readonly decoders: number,
    private readonly maxInFlight: number,
    private readonly maxPerAccount = maxInFlight,
  ) {}

  /** A place for one upload of `account` and its release, or null when every place (or the account's share) is taken. */
  enter(account: string): (() => void) | null {
    const mine = this.byAccount.get(account) ?? 0;
    if (this.inFlight >= this.maxInFlight || mine >= this.maxPerAccount) return null;
    this.inFlight++;
    this.byAccount.set(account, mine + 1);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.inFlight--;
      const n = this.byAccount.get(account)! - 1;
      if (n) this.byAccount.set(account, n);
      else this.byAccount.delete(account);
    };
  }

  async decode<T>(work: () => Promise<T>): Promise<T> {
    if (this.decoding < this.decoders) this.decoding++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      // The decoder goes straight to the next in line, or becomes free.
      const next = this.waiting.shift();
      if (next) next();
      else this.decoding--;
    }
  }
}

/** Seconds a client is asked to wait when every place is taken (decodes take a second or two each). */
const BUSY_RETRY_S = 5;
/** Room for the multipart boundary and part headers around the file. */
const MULTIPART_OVERHEAD = 16 * 1024;

const tooLarge = (purpose: UploadPurpose) =>
  purpose === 'evidence'
    ? new AppError(413, ERROR_CODES.evidenceTooLarge, `Each image can be at most ${uploadMegabytes(purpose)} MB`, {
        maxBytes: UPLOAD_LIMITS[purpose].maxBytes,
      })
    : new AppError(413, ERROR_CODES.fileTooLarge, `File size cannot exceed ${uploadMegabytes(purpose)}M`, {
        maxBytes: UPLOAD_LIMITS[purpose].maxBytes,
      });

export interface ReceivedImage {
  buffer: Buffer;
  type: ImageType;
  width: number;
  height: number;
}
/** What an upload stores: its files, the URL the shop answers with (and records), and the answer. */
export interface StoredUpload<T> {
  files: { key: string; body: Buffer; mime: string }[];
  url: string;
  answer: T;
}

export class Uploads {
  readonly gate: UploadGate;
  private readonly quota: UploadQuotaCounter;

  constructor(
    private readonly db: Db,
    readonly storage: FileStorage,
    policy: UploadPolicy,
  ) {
    this.gate = new UploadGate(policy.decoders, policy.maxInFlight, policy.maxInFlightPerAccount);
    this.quota = uploadQuotaCounter(db, policy.quota);
  }

  private overQuota(reply: FastifyReply, retryAfter: number | null) {
    if (retryAfter === null) return;
    reply.header('retry-after', String(retryAfter));
    throw new AppError(429, ERROR_CODES.tooManyRequests, 'Too many uploads, please try again later', { retryAfter });
  }

  /**
   * One upload of `purpose`, start to end; `encode` turns the checked image into what is stored
   * (it runs when a decoder is free). Answers what `encode` says.
   */
  async accept<T>(
    req: FastifyRequest,
    reply: FastifyReply,
    purpose: UploadPurpose,
    encode: (image: ReceivedImage) => Promise<StoredUpload<T>>,
  ): Promise<T> {
    const user = requireRegistered(req);
    const maxBytes = UPLOAD_LIMITS[purpose].maxBytes;
    // A body announced too large is refused before it is read.
    if (Number(req.headers['content-length'] ?? 0) > maxBytes + MULTIPART_OVERHEAD) throw tooLarge(purpose);
    const leave = this.gate.enter(String(user.id));
    if (!leave) {
      reply.header('retry-after', String(BUSY_RETRY_S));
      throw new AppError(
        503,
        ERROR_CODES.uploadBusy,
        'Too many images are being uploaded right now, please try again in a few seconds',
        { retryAfter: BUSY_RETRY_S },
      );
    }
    try {
      // Known past its quota here: refused before the body is read, without a statement.
      this.overQuota(reply, this.quota.full(user.id, req.ip));
      const file = await req
        .file({ limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 1, headerPairs: 20 } })
        .catch(() => undefined);
      if (!file) throw new AppError(400, ERROR_CODES.invalidRequest, 'Please choose a file');
      // Past the cap busboy drops the file's bytes and the plugin throws: memory holds at most the cap.
      const buffer = await file.toBuffer().catch((e: { code?: string }) => {
        throw e.code === 'FST_REQ_FILE_TOO_LARGE'
          ? tooLarge(purpose)
          : new AppError(400, ERROR_CODES.invalidRequest, 'The upload was interrupted');
      });
      if (file.file.truncated || buffer.length > maxBytes) throw tooLarge(purpose);
      // Counted once the size is known, before anything else is looked at: refused files count too.
      this.overQuota(reply, await this.quota.count(user.id, req.ip, buffer.length));
      const type = sniffImage(buffer);
      if (!type) throw new AppError(400, ERROR_CODES.fileType, 'Only png, jpeg, bmp and webp images are accepted');
      const stored = await this.decoded(buffer, type, encode);
      await Promise.all(stored.files.map((f) => this.storage.put(f.key, f.body, f.mime)));
      await this.db
        .insert(uploads)
        .values({
          url: stored.url,
          ownerId: user.id,
          purpose,
          bytes: buffer.length,
          width: stored.width,
          height: stored.height,
        });
      return stored.answer;
    } finally {
      leave();
    }
  }

  private async decoded<T>(
    buffer: Buffer,
    type: ImageType,
    encode: (image: ReceivedImage) => Promise<StoredUpload<T>>,
  ) {
    try {
      // The header first: a small file declaring a huge canvas is refused without decoding it.
      const size = declaredSize(buffer, type);
      return { ...(await this.gate.decode(() => encode({ buffer, type, ...size }))), ...size };
    } catch (e) {
      if (e instanceof ImageRefused && e.reason === 'tooManyPixels') {
        throw new AppError(
          413,
          ERROR_CODES.imageTooLarge,
          `The image is too large: at most ${UPLOAD_MAX_PIXELS / 1_000_000} megapixels`,
          { ...e.size, maxPixels: UPLOAD_MAX_PIXELS },
        );
      }
      if (e instanceof AppError) throw e;
      // A header that hid its size from declaredSize is still stopped by the decoder's own limit.
      if (e instanceof Error && /pixel limit/i.test(e.message))
        throw new AppError(
          413,
          ERROR_CODES.imageTooLarge,
          `The image is too large: at most ${UPLOAD_MAX_PIXELS / 1_000_000} megapixels`,
          { maxPixels: UPLOAD_MAX_PIXELS },
        );
      throw new AppError(400, ERROR_CODES.imageUnreadable, 'This image could not be read');
    }
  }
}

/** Of `urls`, those the account uploaded (for `purposes`, when given), with their size as received. */
export async function ownUploads(
  db: Pick<Db, 'select'>,
  ownerId: bigint,
  urls: string[],
  purposes?: UploadPurpose[],
): Promise<Map<string, { bytes: number; purpose: string }>> {
  if (!urls.length) return new Map();
  const rows = await db
    .select({ url: uploads.url, bytes: uploads.bytes, purpose: uploads.purpose })
    .from(uploads)
    .where(
      and(
        inArray(uploads.url, urls),
        eq(uploads.ownerId, ownerId),
        purposes ? inArray(uploads.purpose, purposes) : undefined,
      ),
    );
  return new Map(rows.map((r) => [r.url, { bytes: r.bytes, purpose: r.purpose }]));
}

const PurposeQuery = z.object({ purpose: z.enum(['invoice', 'evidence']).default('invoice') });

export async function uploadRoutes(app: FastifyInstance, uploadsOf: Uploads): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_LIMITS.invoice.maxBytes, files: 1, fields: 0, parts: 1, headerPairs: 20 },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/uploads',
    {
      schema: {
        tags: ['upload'],
        consumes: ['multipart/form-data'],
        querystring: PurposeQuery,
        summary:
          'Upload one image (png, jpeg, bmp, webp): purpose=evidence (after-sales, at most 1 MB) or invoice (proof of invoice, at most 10 MB; the default). It is decoded and stored re-encoded, without its metadata; returns its URL',
      },
    },
    async (req, reply) =>
      uploadsOf.accept(req, reply, req.query.purpose, async ({ buffer, type }) => {
        const out = await reencode(buffer, type);
        const key = `${crypto.randomUUID()}.${out.ext}`;
        return {
          files: [{ key, body: out.body, mime: out.mime }],
          url: `/uploads/${key}`,
          answer: { url: `/uploads/${key}` },
        };
      }),
  );

  app.get<{ Params: { name: string } }>('/uploads/:name', { schema: { hide: true } }, async (req, reply) => {
    if (!/^[0-9a-f-]{36}\.(png|jpg|bmp|webp)$/.test(req.params.name))
      return reply.code(404).send({ code: ERROR_CODES.notFound, message: 'Not found' });
    const buffer = await uploadsOf.storage.get(req.params.name);
    if (!buffer) return reply.code(404).send({ code: ERROR_CODES.notFound, message: 'Not found' });
    return reply
      .header('content-type', sniffImage(buffer)?.mime ?? 'application/octet-stream')
      .header('x-content-type-options', 'nosniff')
      .send(buffer);
  });
}
