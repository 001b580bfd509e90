/**
 * Uploaded images: the type sniffed from the first bytes, the size read from the header before
 * anything is decoded, and the decode itself (libvips through sharp, on libuv's thread pool),
 * which re-encodes every accepted image: what is stored holds pixels only (EXIF with GPS, ICC
 * profiles and comments are dropped), and a file that does not decode is refused.
 */
import sharp from 'sharp';
import { UPLOAD_MAX_PIXELS } from '@mall/contracts';

// One thread per image: libuv's pool (4 threads) also hashes passwords and reads files, and
// the upload gate (uploads.ts) bounds how many images decode at once.
sharp.concurrency(1);

export interface ImageType {
  ext: 'png' | 'jpg' | 'bmp' | 'webp';
  mime: string;
  format: 'png' | 'jpeg' | 'bmp' | 'webp';
}

const TYPES: (ImageType & { test: (b: Buffer) => boolean })[] = [
  {
    ext: 'png',
    mime: 'image/png',
    format: 'png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { ext: 'jpg', mime: 'image/jpeg', format: 'jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'bmp', mime: 'image/bmp', format: 'bmp', test: (b) => b[0] === 0x42 && b[1] === 0x4d },
  {
    ext: 'webp',
    mime: 'image/webp',
    format: 'webp',
    test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** The image type the first bytes announce (png, jpeg, bmp, webp), never the name or the browser's word. */
export function sniffImage(b: Buffer): ImageType | null {
  const t = TYPES.find((x) => b.length >= 12 && x.test(b));
  return t ? { ext: t.ext, mime: t.mime, format: t.format } : null;
}

/** Refused upload: unreadable (does not decode) or too many pixels (declared in the header). */
export class ImageRefused extends Error {
  constructor(
    readonly reason: 'unreadable' | 'tooManyPixels',
    readonly size?: { width: number; height: number },
  ) {
    super(reason);
  }
}

/**
 * Uncompressed 24- and 32-bit BMP (what Paint and scanners write); sharp reads no BMP, so its
 * pixels are handed over raw. Other variants (palettes, RLE, 16-bit) are refused as unreadable.
 */
function bmpLayout(b: Buffer) {
  if (b.length < 54) return null;
  const offset = b.readUInt32LE(10);
  const dib = b.readUInt32LE(14);
  if (dib < 40) return null;
  const width = b.readInt32LE(18);
  const rawHeight = b.readInt32LE(22);
  const bpp = b.readUInt16LE(28);
  const compression = b.readUInt32LE(30);
  const height = Math.abs(rawHeight);
  if (width <= 0 || height === 0 || (bpp !== 24 && bpp !== 32)) return null;
  // BI_RGB, or BI_BITFIELDS with the usual BGR(x) masks (right after a 40-byte header, or in a V4/V5 header).
  if (compression === 3) {
    if (bpp !== 32 || b.length < 66) return null;
    if (b.readUInt32LE(54) !== 0x00ff0000 || b.readUInt32LE(58) !== 0x0000ff00 || b.readUInt32LE(62) !== 0x000000ff)
      return null;
  } else if (compression !== 0) return null;
  const channels = bpp / 8;
  const stride = Math.ceil((width * channels) / 4) * 4;
  return { width, height, topDown: rawHeight < 0, channels: channels as 3 | 4, stride, offset };
}

/** JPEG: the first start-of-frame segment's size (markers C0-CF but C4 DHT, C8 JPG, CC DAC). */
function jpegSize(b: Buffer): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i++;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    }
    // Markers without a length (restart markers, TEM), then every other segment by its length.
    i += (marker >= 0xd0 && marker <= 0xd9) || marker === 0x01 ? 2 : 2 + b.readUInt16BE(i + 2);
  }
  return null;
}

/** WebP: lossy (VP8), lossless (VP8L) or extended (VP8X, its canvas). */
function webpSize(b: Buffer): { width: number; height: number } | null {
  if (b.length < 30) return null;
  const chunk = b.subarray(12, 16).toString('latin1');
  if (chunk === 'VP8 ' && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a)
    return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L' && b[20] === 0x2f) {
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  return null;
}

/**
 * Width and height as the header declares them, read here (microseconds, nothing decoded and no
 * thread of the pool taken: a flood of refused files does not queue before other requests' work).
 * Throws ImageRefused. The decode checks the same limit again (limitInputPixels).
 */
export function declaredSize(buffer: Buffer, type: ImageType): { width: number; height: number } {
  let size: { width: number; height: number } | null = null;
  if (type.format === 'png') {
    if (buffer.length >= 24 && buffer.subarray(12, 16).toString('latin1') === 'IHDR')
      size = { width: buffer.readUInt32BE(16), height: buffer.readUInt32BE(20) };
  } else if (type.format === 'jpeg') size = jpegSize(buffer);
  else if (type.format === 'webp') size = webpSize(buffer);
  else {
    const l = bmpLayout(buffer);
    if (l) size = { width: l.width, height: l.height };
  }
  if (!size || !size.width || !size.height) throw new ImageRefused('unreadable');
  if (size.width * size.height > UPLOAD_MAX_PIXELS) throw new ImageRefused('tooManyPixels', size);
  return size;
}

/**
 * The image as sharp input, decoding guarded by the pixel limit. A BMP's rows are handed over as
 * raw pixels: unpadded rows in one piece, padded ones (24-bit, width not a multiple of 4) cut out
 * of their stride by a first sharp pass; both passes run on the thread pool, not on this thread.
 */
export async function openImage(buffer: Buffer, type: ImageType): Promise<ReturnType<typeof sharp>> {
  const options = { limitInputPixels: UPLOAD_MAX_PIXELS } as const;
  if (type.format !== 'bmp') return sharp(buffer, options).rotate();
  const l = bmpLayout(buffer);
  if (!l || buffer.length < l.offset + l.stride * l.height) throw new ImageRefused('unreadable');
  let pixels = buffer.subarray(l.offset, l.offset + l.stride * l.height);
  if (l.stride !== l.width * l.channels) {
    pixels = await sharp(pixels, { ...options, raw: { width: l.stride, height: l.height, channels: 1 } })
      .extract({ left: 0, top: 0, width: l.width * l.channels, height: l.height })
      .toColourspace('b-w')
      .raw()
      .toBuffer();
  }
  // BMP keeps BGR(x) from the bottom row up: swap red and blue, flip unless stored top-down.
  const raw = sharp(pixels, { ...options, raw: { width: l.width, height: l.height, channels: l.channels } });
  const rgb = await (l.channels === 4 ? raw.removeAlpha() : raw)
    .recomb([
      [0, 0, 1],
      [0, 1, 0],
      [1, 0, 0],
    ])
    .flip(!l.topDown)
    .raw()
    .toBuffer();
  return sharp(rgb, { ...options, raw: { width: l.width, height: l.height, channels: 3 } });
}

/** Past this a stored upload is scaled down (still an A4 page at ~350 dpi): its encode stays bounded. */
export const STORED_MAX_EDGE = 4096;
/** A decode that runs longer than this is given up (the pixel limit should keep it far below). */
const DECODE_TIMEOUT_S = 30;

/** Decodes and re-encodes an upload in its own format (BMP becomes PNG), at most STORED_MAX_EDGE a side. */
export async function reencode(
  buffer: Buffer,
  type: ImageType,
): Promise<{ body: Buffer; ext: 'png' | 'jpg' | 'webp'; mime: string }> {
  const image = (await openImage(buffer, type))
    .resize({ width: STORED_MAX_EDGE, height: STORED_MAX_EDGE, fit: 'inside', withoutEnlargement: true })
    .timeout({ seconds: DECODE_TIMEOUT_S });
  if (type.format === 'jpeg')
    return { body: await image.jpeg({ quality: 85 }).toBuffer(), ext: 'jpg', mime: 'image/jpeg' };
  if (type.format === 'webp')
    return { body: await image.webp({ quality: 85 }).toBuffer(), ext: 'webp', mime: 'image/webp' };
  return { body: await image.png().toBuffer(), ext: 'png', mime: 'image/png' };
}

/** Review photos: a display size and a thumbnail (WebP), the thumbnail made from the display image (one decode). */
export async function reviewSizes(
  buffer: Buffer,
  type: ImageType,
  sizes: { display: number; thumb: number },
): Promise<{ display: Buffer; thumb: Buffer }> {
  const display = await (
    await openImage(buffer, type)
  )
    .resize({ width: sizes.display, height: sizes.display, fit: 'inside', withoutEnlargement: true })
    .timeout({ seconds: DECODE_TIMEOUT_S })
    .webp({ quality: 82 })
    .toBuffer();
  const thumb = await sharp(display)
    .resize({ width: sizes.thumb, height: sizes.thumb, fit: 'cover' })
    .webp({ quality: 75 })
    .toBuffer();
  return { display, thumb };
}
