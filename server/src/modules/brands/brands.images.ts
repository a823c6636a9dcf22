// Recognises uploaded images by their bytes. The declared content type and the file name are
// ignored: a renamed HTML file must never be served as an image from our origin.

import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../platform/errors.js';
import { readSingleUpload } from '../../platform/uploads.js';
import { checkIcon, fitImage, ImageUnreadableError } from '../../platform/images.js';

export type SniffedImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'image/svg+xml' | 'image/x-icon';

const startsWith = (data: Buffer, bytes: number[], at = 0) => data.length >= at + bytes.length && bytes.every((b, i) => data[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

export function sniffImage(data: Buffer): SniffedImageType | null {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, ascii('GIF87a')) || startsWith(data, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return 'image/webp';
  // ICO: reserved 0, type 1, at least one image
  if (startsWith(data, [0x00, 0x00, 0x01, 0x00]) && data.length > 6 && (data[4]! | (data[5]! << 8)) > 0) return 'image/x-icon';
  // SVG is text: an optional BOM, XML prolog, comments or doctype, then an <svg> root element.
  const head = data
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const rest = head.replace(/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*/i, '');
  if (/^<svg[\s>]/i.test(rest)) return 'image/svg+xml';
  return null;
}

export const ExtensionOf: Record<SniffedImageType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'image/x-icon': 'ico',
};

/** Uploaded SVGs are user content: opened directly they must not run script or load anything. */
export const SandboxCsp = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

/** RFC 9110 weak comparison: a cached copy is still good when any listed tag (or *) matches. */
export const matchesIfNoneMatch = (header: string | undefined, etag: string) =>
  header !== undefined &&
  header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });

/**
 * The uploaded image, checked: multipart with a field `file`, not empty, not over the limit of the route's
 * config.upload, of an allowed type, and not over the pixel limit (413). A raster image larger than `maxSide`
 * pixels a side is re-encoded within it in its own format; an ICO's images must be icon-sized; an SVG is kept
 * as it is (it has no pixels, and is served sandboxed).
 */
export async function receiveImage(
  request: FastifyRequest,
  options: { allowed: readonly SniffedImageType[]; maxSide: number },
): Promise<{ data: Buffer; contentType: SniffedImageType; fileName: string }> {
  const got = await readSingleUpload(request);
  const what = request.routeOptions.config.upload?.what ?? 'image';
  if (got.data.length === 0) throw badRequest(`The ${what} file is empty.`, [{ field: 'file', message: 'The file is empty' }]);
  const contentType = sniffImage(got.data);
  if (!contentType || !options.allowed.includes(contentType)) {
    const names = options.allowed.map((t) => ExtensionOf[t].toUpperCase()).join(', ');
    throw badRequest(`The ${what} must be one of: ${names}.`, [{ field: 'file', message: 'Unsupported image type' }]);
  }
  let data = got.data;
  try {
    if (contentType === 'image/x-icon') checkIcon(data, what);
    else if (contentType !== 'image/svg+xml') data = (await fitImage(data, { maxSide: options.maxSide, what })).data;
  } catch (e) {
    if (e instanceof ImageUnreadableError)
      throw badRequest(`The ${what} could not be read; it may be damaged.`, [{ field: 'file', message: 'Unreadable image' }]);
    throw e;
  }
  return { data, contentType, fileName: got.fileName };
}
