/**
 * Review images: uploaded like every image (lib/uploads.ts: quota, size cap, type and pixel
 * checks, bounded decoding, owner recorded), resized with sharp into a display size and a
 * thumbnail (WebP), and served with a year-long cache (names never change).
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@mall/contracts';
import { reviewSizes } from '../../lib/images.js';
import type { Uploads } from '../../lib/uploads.js';

export const REVIEW_IMAGE_SIZES = { display: 1280, thumb: 240 } as const;
const NAME = /^([0-9a-f-]{36})-(d|t)\.webp$/;

/** The thumbnail that belongs to a display URL (demo images are their own thumbnail). */
export const thumbOf = (url: string) => url.replace(/-d\.webp$/, '-t.webp');

export async function reviewImageRoutes(app: FastifyInstance, uploads: Uploads): Promise<void> {
  app.post(
    '/api/uploads/review-images',
    {
      schema: {
        tags: ['reviews'],
        summary:
          'Upload one review image (png, jpeg, bmp, webp; at most 10 MB); returns its display and thumbnail URLs',
        consumes: ['multipart/form-data'],
      },
    },
    async (req, reply) =>
      uploads.accept(req, reply, 'review', async ({ buffer, type }) => {
        const id = crypto.randomUUID();
        // The EXIF orientation of phone photos is applied; metadata (GPS and all) is dropped.
        const { display, thumb } = await reviewSizes(buffer, type, REVIEW_IMAGE_SIZES);
        const url = `/uploads/reviews/${id}-d.webp`;
        return {
          url,
          files: [
            { key: `reviews/${id}-d.webp`, body: display, mime: 'image/webp' },
            { key: `reviews/${id}-t.webp`, body: thumb, mime: 'image/webp' },
          ],
          answer: { url, thumbUrl: `/uploads/reviews/${id}-t.webp` },
        };
      }),
  );

  app.get<{ Params: { name: string } }>('/uploads/reviews/:name', { schema: { hide: true } }, async (req, reply) => {
    const body = NAME.test(req.params.name) ? await uploads.storage.get(`reviews/${req.params.name}`) : null;
    if (!body) return reply.code(404).send({ code: ERROR_CODES.notFound, message: 'Not found' });
    return reply
      .header('content-type', 'image/webp')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(body);
  });
}
