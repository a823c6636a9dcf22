// Image work with sharp (prebuilt libvips from the npm registry, no download at install) for vision images:
// thumbnails for the chat input and question bubbles, and a downscaled copy for models whose image limits
// are lower than our upload limit. Uploads are checked and fitted first (platform/images.ts); every decode
// here still carries the pixel limit.
import sharp from 'sharp';
import { VisionThumbnailSize } from '@atrium/contract';
import { MaxImagePixels } from '../../platform/images.js';

export interface ImageInfo {
  width: number;
  height: number;
}

const decode = (data: Buffer) => sharp(data, { animated: false, limitInputPixels: MaxImagePixels });

/** A WebP thumbnail whose longest side is at most VisionThumbnailSize (the first frame of an animation). */
export async function thumbnail(data: Buffer): Promise<{ data: Buffer; mimeType: string }> {
  const out = await decode(data)
    .rotate()
    .resize(VisionThumbnailSize, VisionThumbnailSize, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 78 })
    .toBuffer();
  return { data: out, mimeType: 'image/webp' };
}

// Anthropic takes at most 5 MB and about 1568 px per image, OpenAI scales anything beyond 2048 px down
// itself; sending more only costs upload time.
const ModelMaxBytes = 3_500_000;
const ModelMaxSide = 2048;

/** Whether a model can take the image as uploaded, judged by its stored size and dimensions. */
export const fitsModel = (sizeBytes: number, info: ImageInfo) => sizeBytes <= ModelMaxBytes && Math.max(info.width, info.height) <= ModelMaxSide;

/** The image as a model should receive it: unchanged when small enough, else a JPEG (PNG with transparency) within 2048 px. */
export async function imageForModel(data: Buffer, mimeType: string, info: ImageInfo): Promise<{ data: Buffer; mimeType: string }> {
  if (fitsModel(data.length, info)) return { data, mimeType };
  const pipeline = decode(data).rotate().resize(ModelMaxSide, ModelMaxSide, { fit: 'inside', withoutEnlargement: true });
  const { hasAlpha } = await decode(data).metadata();
  if (hasAlpha) return { data: await pipeline.png({ compressionLevel: 9 }).toBuffer(), mimeType: 'image/png' };
  return { data: await pipeline.jpeg({ quality: 85 }).toBuffer(), mimeType: 'image/jpeg' };
}
