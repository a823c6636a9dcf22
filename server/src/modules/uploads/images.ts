// Image work with sharp (prebuilt libvips from the npm registry, no download at install): decoding
// checks that an upload is a whole image, thumbnails for the chat input and question bubbles, and
// a downscaled copy for models whose image limits are lower than our upload limit.
import sharp from 'sharp';
import { VisionThumbnailSize } from '@atrium/contract';

export interface ImageInfo {
  width: number;
  height: number;
}

/** Width and height after EXIF rotation; throws when the bytes do not decode. */
export async function imageInfo(data: Buffer): Promise<ImageInfo> {
  const meta = await sharp(data, { failOn: 'error' }).metadata();
  if (!meta.width || !meta.height) throw new Error('no dimensions');
  // orientations 5-8 swap width and height
  const swapped = (meta.orientation ?? 1) >= 5;
  return swapped ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
}

/** A WebP thumbnail whose longest side is at most VisionThumbnailSize (the first frame of an animation). */
export async function thumbnail(data: Buffer): Promise<{ data: Buffer; mimeType: string }> {
  const out = await sharp(data, { animated: false })
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
  const pipeline = sharp(data, { animated: false }).rotate().resize(ModelMaxSide, ModelMaxSide, { fit: 'inside', withoutEnlargement: true });
  const { hasAlpha } = await sharp(data).metadata();
  if (hasAlpha) return { data: await pipeline.png({ compressionLevel: 9 }).toBuffer(), mimeType: 'image/png' };
  return { data: await pipeline.jpeg({ quality: 85 }).toBuffer(), mimeType: 'image/jpeg' };
}
