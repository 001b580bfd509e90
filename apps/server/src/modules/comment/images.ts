/**
 * Review images: uploaded once (type sniffed like every upload), resized with sharp into a
 * display size and a thumbnail (WebP), and served with a year-long cache (names never change).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { ERROR_CODES, UPLOAD_MAX_BYTES } from '@mall/contracts';
import { AppError } from '../../lib/errors.js';
import { requireRegistered } from '../../lib/session.js';
import { sniffImage } from '../../lib/uploads.js';

export const REVIEW_IMAGE_SIZES = { display: 1280, thumb: 240 } as const;
const NAME = /^([0-9a-f-]{36})-(d|t)\.webp$/;

export const reviewImageDir = (uploadsDir: string) => path.join(uploadsDir, 'reviews');
/** The thumbnail that belongs to a display URL (demo images are their own thumbnail). */
export const thumbOf = (url: string) => url.replace(/-d\.webp$/, '-t.webp');
/** True when a review image URL points at a file this shop stored (or a demo drawing). */
export function reviewImageExists(uploadsDir: string, url: string): boolean {
  if (url.startsWith('/media/demo/')) return true;
  const m = /^\/uploads\/reviews\/([0-9a-f-]{36}-d\.webp)$/.exec(url);
  return !!m && fs.existsSync(path.join(reviewImageDir(uploadsDir), m[1]!));
}

export async function reviewImageRoutes(app: FastifyInstance, uploadsDir: string): Promise<void> {
  const dir = reviewImageDir(uploadsDir);
  fs.mkdirSync(dir, { recursive: true });

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
    try {
      // rotate() applies the EXIF orientation of phone photos; metadata (GPS and all) is dropped.
      const image = sharp(buffer, { limitInputPixels: 50_000_000 }).rotate();
      await Promise.all([
        image.clone().resize({ width: REVIEW_IMAGE_SIZES.display, height: REVIEW_IMAGE_SIZES.display, fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }).toFile(path.join(dir, `${id}-d.webp`)),
        image.clone().resize({ width: REVIEW_IMAGE_SIZES.thumb, height: REVIEW_IMAGE_SIZES.thumb, fit: 'cover' }).webp({ quality: 75 }).toFile(path.join(dir, `${id}-t.webp`)),
      ]);
    } catch {
      throw new AppError(400, ERROR_CODES.fileType, 'This image could not be read');
    }
    return { url: `/uploads/reviews/${id}-d.webp`, thumbUrl: `/uploads/reviews/${id}-t.webp` };
  });

  app.get<{ Params: { name: string } }>('/uploads/reviews/:name', { schema: { hide: true } }, async (req, reply) => {
    const file = NAME.test(req.params.name) ? path.join(dir, req.params.name) : null;
    if (!file || !fs.existsSync(file)) return reply.code(404).send({ code: ERROR_CODES.notFound, message: 'Not found' });
    return reply.header('content-type', 'image/webp').header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable').send(fs.readFileSync(file));
  });
}
