/**
 * Uploads (SPEC §5 "File upload"): one file, at most 10 MB, png/jpeg/bmp/webp. The type is
 * sniffed from the bytes, never taken from the name or the browser; files are served back
 * with that type and nosniff.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { ERROR_CODES, UPLOAD_MAX_BYTES } from '@mall/contracts';
import { AppError } from './errors.js';
import { requireRegistered } from './session.js';
import type { FileStorage } from './storage.js';

const TYPES: { ext: string; mime: string; test: (b: Buffer) => boolean }[] = [
  { ext: 'png', mime: 'image/png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: 'jpg', mime: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'bmp', mime: 'image/bmp', test: (b) => b[0] === 0x42 && b[1] === 0x4d },
  { ext: 'webp', mime: 'image/webp', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

export function sniffImage(b: Buffer) {
  return TYPES.find((t) => b.length >= 12 && t.test(b)) ?? null;
}

export async function uploadRoutes(app: FastifyInstance, storage: FileStorage): Promise<void> {
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 0 } });

  app.post('/api/uploads', { schema: { tags: ['upload'], summary: 'Upload one image (png, jpeg, bmp, webp; at most 10 MB); returns its URL', consumes: ['multipart/form-data'] } }, async (req) => {
    requireRegistered(req);
    const file = await req.file().catch(() => undefined);
    if (!file) throw new AppError(400, ERROR_CODES.invalidRequest, 'Please choose a file');
    const buffer = await file.toBuffer().catch(() => null);
    if (!buffer || file.file.truncated) throw new AppError(413, ERROR_CODES.fileTooLarge, 'File size cannot exceed 10M');
    const type = sniffImage(buffer);
    if (!type) throw new AppError(400, ERROR_CODES.fileType, 'Only png, jpeg, bmp and webp images are accepted');
    const name = `${crypto.randomUUID()}.${type.ext}`;
    await storage.put(name, buffer, type.mime);
    return { url: `/uploads/${name}` };
  });

  app.get<{ Params: { name: string } }>('/uploads/:name', { schema: { hide: true } }, async (req, reply) => {
    if (!/^[0-9a-f-]{36}\.(png|jpg|bmp|webp)$/.test(req.params.name)) return reply.code(404).send({ code: ERROR_CODES.notFound, message: 'Not found' });
    const buffer = await storage.get(req.params.name);
    if (!buffer) return reply.code(404).send({ code: ERROR_CODES.notFound, message: 'Not found' });
    return reply.header('content-type', sniffImage(buffer)?.mime ?? 'application/octet-stream').header('x-content-type-options', 'nosniff').send(buffer);
  });
}
