// Raster images people upload (vision images, agent avatars, brand images, favicons): their pixels are
// counted from the header before anything decodes them, and an image larger than where it is shown is
// re-encoded smaller in its own format. A 20000 × 20000 PNG is a few hundred kilobytes yet 1.2 GB once
// decoded, by us or by every browser it is served to.
import sharp from 'sharp';
import { ErrorCodes } from '@atrium/contract';
import { AppError } from './errors.js';

/** 50 megapixels: a phone's photo (48 MP) fits; the 20000 × 20000 image of the hardening issue (400 MP) does not. */
export const MaxImagePixels = 50_000_000;

/** Longest side kept, by where an image is shown. */
export const ImageSides = {
  /** vision images: shown full size in the chat, sent to models within 2048 px */
  vision: 4096,
  /** agent and brand avatars, favicons */
  icon: 512,
  /** brand logos */
  logo: 1024,
  /** a brand's splash screen background */
  background: 2560,
} as const;

/** The image does not decode: damaged, or not what its first bytes say. */
export class ImageUnreadableError extends Error {
  constructor(cause: unknown) {
    super('The image could not be read.', { cause });
    this.name = 'ImageUnreadableError';
  }
}

export interface FittedImage {
  data: Buffer;
  /** after EXIF rotation; one frame of an animation */
  width: number;
  height: number;
  /** whether it was re-encoded */
  resized: boolean;
}

const megapixels = (pixels: number) => `${Math.round(pixels / 1_000_000)} megapixels`;

/**
 * The image within `maxSide` pixels a side, in its own format (PNG, JPEG, WebP, GIF; animations keep their
 * frames): as uploaded when it fits, else re-encoded. 413 when it has more than MaxImagePixels (all frames
 * counted); ImageUnreadableError when it does not decode.
 */
export async function fitImage(data: Buffer, options: { maxSide: number; what: string }): Promise<FittedImage> {
  let meta: sharp.Metadata;
  try {
    // the header only: no pixel is decoded, so no limit is needed to read the size
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch (e) {
    throw new ImageUnreadableError(e);
  }
  if (!meta.width || !meta.height) throw new ImageUnreadableError(new Error('no dimensions'));
  const frameHeight = meta.pageHeight ?? meta.height;
  const frames = meta.pages ?? 1;
  if (meta.width * frameHeight * frames > MaxImagePixels) {
    const size = `${meta.width} × ${frameHeight} pixels${frames > 1 ? ` in ${frames} frames` : ''}`;
    throw new AppError(ErrorCodes.payloadTooLarge, 413, `The ${options.what} is ${size}, more than the limit of ${megapixels(MaxImagePixels)}.`, [
      { field: 'file', message: `At most ${megapixels(MaxImagePixels)}` },
    ]);
  }
  // orientations 5-8 swap width and height
  const swapped = (meta.orientation ?? 1) >= 5;
  const [width, height] = swapped ? [frameHeight, meta.width] : [meta.width, frameHeight];
  if (Math.max(width, height) <= options.maxSide) return { data, width, height, resized: false };

  const animated = frames > 1;
  let pipeline = sharp(data, { limitInputPixels: MaxImagePixels, animated, failOn: 'error' })
    .rotate()
    .resize(options.maxSide, options.maxSide, { fit: 'inside', withoutEnlargement: true });
  switch (meta.format) {
    case 'png':
      pipeline = pipeline.png({ compressionLevel: 9 });
      break;
    case 'jpeg':
      pipeline = pipeline.jpeg({ quality: 85 });
      break;
    case 'webp':
      pipeline = pipeline.webp({ quality: 85 });
      break;
    case 'gif':
      pipeline = pipeline.gif();
      break;
    default:
      throw new ImageUnreadableError(new Error(`unexpected format ${meta.format}`));
  }
  try {
    const { data: out, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { data: out, width: info.width, height: animated ? (info.pageHeight ?? info.height) : info.height, resized: true };
  } catch (e) {
    throw new ImageUnreadableError(e);
  }
}

/** ICO holds images of at most 256 × 256 pixels (the format's own limit); its frames are counted too. */
const MaxIconSide = 256;
const MaxIconImages = 64;

/**
 * Checks an ICO file (a directory of BMP or PNG images) the way a browser decodes it: every image inside,
 * by the size in its own header (a PNG inside may say anything its directory entry does not), at most
 * 256 pixels a side and 64 images. Throws 413 for larger ones, ImageUnreadableError for a malformed file.
 */
export function checkIcon(data: Buffer, what: string): void {
  const bad = (why: string) => new ImageUnreadableError(new Error(why));
  if (data.length < 6) throw bad('too short');
  const count = data.readUInt16LE(4);
  if (count === 0) throw bad('no images');
  if (count > MaxIconImages) {
    throw new AppError(ErrorCodes.payloadTooLarge, 413, `The ${what} holds ${count} images, more than the limit of ${MaxIconImages}.`, [
      { field: 'file', message: `At most ${MaxIconImages} images` },
    ]);
  }
  if (data.length < 6 + 16 * count) throw bad('truncated directory');
  for (let i = 0; i < count; i++) {
    const entry = 6 + 16 * i;
    const size = data.readUInt32LE(entry + 8);
    const offset = data.readUInt32LE(entry + 12);
    if (size < 16 || offset + size > data.length) throw bad('image outside the file');
    const image = data.subarray(offset, offset + size);
    let width: number;
    let height: number;
    if (image.readUInt32BE(0) === 0x89504e47) {
      // PNG: IHDR is the first chunk
      if (image.length < 24) throw bad('truncated PNG');
      width = image.readUInt32BE(16);
      height = image.readUInt32BE(20);
    } else {
      // BMP without its file header: BITMAPCOREHEADER (12 bytes) or BITMAPINFOHEADER; the height counts the mask too
      const core = image.readUInt32LE(0) === 12;
      width = core ? image.readUInt16LE(4) : Math.abs(image.readInt32LE(4));
      height = (core ? image.readUInt16LE(6) : Math.abs(image.readInt32LE(8))) / 2;
    }
    if (width > MaxIconSide || height > MaxIconSide) {
      throw new AppError(
        ErrorCodes.payloadTooLarge,
        413,
        `The ${what} holds an image of ${width} × ${height} pixels; icons may be at most ${MaxIconSide} × ${MaxIconSide}.`,
        [{ field: 'file', message: `At most ${MaxIconSide} × ${MaxIconSide} pixels` }],
      );
    }
  }
}
