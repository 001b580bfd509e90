/**
 * Review images: uploaded once (type sniffed like every upload), resized with sharp into a
 * display size and a thumbnail (WebP), and served with a year-long cache (names never change).
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { ERROR_CODES, UPLOAD_MAX_BYTES } from '@mall/contracts';
import { AppError } from '../../lib/errors.js';
import { requireRegistered } from '../../lib/session.js';
import { sniffImage } from '../../lib/uploads.js';
import type { FileStorage } from '../../lib/storage.js';

export const REVIEW_IMAGE_SIZES = { display: 1280, thumb: 240 } as const;
const NAME = /^([0-9a-f-]{36})-(d|t)\.webp$/;

/** The thumbnail that belongs to a display URL (demo images are their own thumbnail). */
export const thumbOf = (url: string) => url.replace(/-d\.webp$/, '-t.webp');
/** True when a review image URL points at a file this shop stored (or a demo drawing). */
export async function reviewImageExists(storage: FileStorage, url: string): Promise<boolean> {
  if (url.startsWith('/media/demo/')) return true;
  const m = /^\/uploads\/reviews\/([0-9a-f-]{36}-d\.webp)$/.exec(url);
  return !!m && (await storage.size(`reviews/${m[1]!}`)) !== null;
}

export async function reviewImageRoutes(app: FastifyInstance, storage: FileStorage): Promise<void> {
  app.post('/api/uploads/review-images', {
    schema: { tags: ['reviews'], summary: 'Upload one review image (png, jpeg, bmp, webp; at most 10 MB); returns its display and thumbnail URLs', consumes: ['multipart/form-data'] },
  }, async (req) => {
    requireRegistered(req);
    const file = await req.file().catch(() => undefined);
    if (!file) throw new AppError(400, ERROR_CODES.invalidRequest, 'Please choose a file');
    const buffer = await file.toBuffer().catch(() => null);
    if (!buffer || file.file.truncated || buffer.length > UPLOAD_MAX_BYTES) throw new AppError(413, ERROR_CODES.fileTooLarge, 'File size cannot exceed 10M');
    if (!sniffImage(buffer)) throw new AppError(400, ERROR_CODES.fileType, 'Only png, jpeg, bmp and webp images are accepted');
    const id = crypto.randomUUID();
    let display: Buffer, thumb: Buffer;
    try {
      // rotate() applies the EXIF orientation of phone photos; metadata (GPS and all) is dropped.
      const image = sharp(buffer, { limitInputPixels: 50_000_000 }).rotate();
      [display, thumb] = await Promise.all([
        image.clone().resize({ width: REVIEW_IMAGE_SIZES.display, height: REVIEW_IMAGE_SIZES.display, fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }).toBuffer(),
        image.clone().resize({ width: REVIEW_IMAGE_SIZES.thumb, height: REVIEW_IMAGE_SIZES.thumb, fit: 'cover' }).webp({ quality: 75 }).toBuffer(),
      ]);
    } catch {
      throw new AppError(400, ERROR_CODES.fileType, 'This image could not be read');
    }
    await Promise.all([storage.put(`reviews/${id}-d.webp`, display, 'image/webp'), storage.put(`reviews/${id}-t.webp`, thumb, 'image/webp')]);
    return { url: `/uploads/reviews/${id}-d.webp`, thumbUrl: `/uploads/reviews/${id}-t.webp` };
  });

  app.get<{ Params: { name: string } }>('/uploads/reviews/:name', { schema: { hide: true } }, async (req, reply) => {
    const body = NAME.test(req.params.name) ? await storage.get(`reviews/${req.params.name}`) : null;
    if (!body) return reply.code(404).send({ code: ERROR_CODES.notFound, message: 'Not found' });
    return reply.header('content-type', 'image/webp').header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable').send(body);
  });
}
