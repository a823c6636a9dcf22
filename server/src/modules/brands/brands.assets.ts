// The brand images shipped with the server (server/assets/brand) and the mapping from a requested
// file name to a brand's image slot.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';

export const BrandSlots = ['logo', 'navigationLogo', 'splashScreenBackground', 'avatar'] as const;
export type BrandSlot = (typeof BrandSlots)[number];

/** File names of the shipped defaults; the seeded brand points its slots at them. */
export const ShippedDefaultFiles: Record<BrandSlot, string> = {
  logo: 'logo.svg',
  navigationLogo: 'navigation-logo.svg',
  splashScreenBackground: 'splash-screen-background.svg',
  avatar: 'avatar.svg',
};

/** Names clients use for a slot regardless of extension (compared lower-case, letters and digits only). */
const SlotAliases: Record<BrandSlot, readonly string[]> = {
  logo: ['logo'],
  navigationLogo: ['navigationlogo', 'navlogo'],
  splashScreenBackground: ['splashscreenbackground', 'splashscreen', 'splash', 'loginbackground', 'background'],
  avatar: ['avatar'],
};

/** Only plain names: no separators, no leading dot, so nothing can climb out of a folder or a blob prefix. */
export const SafeFileNamePattern = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

const stem = (fileName: string) => {
  const dot = fileName.lastIndexOf('.');
  return (dot > 0 ? fileName.slice(0, dot) : fileName).toLowerCase().replace(/[^a-z0-9]/g, '');
};

/**
 * Which slot a requested name means. docs/product.md §7 has clients load the logo from `{token}.png` with a
 * version query, while a brand's images may be SVG, PNG or anything uploaded; so a request names a
 * slot either by the slot's current file name, by that name with another extension, or by a slot
 * alias (`logo.png`, `navigationLogo.svg`, `splash.jpg`, `avatar`). The query only busts caches.
 */
export function slotForFileName(fileName: string, current: Record<BrandSlot, string | null>): BrandSlot | null {
  for (const slot of BrandSlots) if (current[slot] === fileName) return slot;
  const wanted = stem(fileName);
  if (wanted === '') return null;
  for (const slot of BrandSlots) {
    const name = current[slot];
    if (name && stem(name) === wanted) return slot;
  }
  for (const slot of BrandSlots) if (SlotAliases[slot].includes(wanted)) return slot;
  return null;
}

const ContentTypes: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
};

export interface ShippedFile {
  body: Buffer;
  contentType: string;
  etag: string;
}

// server/src/modules/brands or server/dist/modules/brands -> server/assets/brand
const assetsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets/brand');
const cache = new Map<string, ShippedFile | null>();

/** A shipped default image by its file name, read once; null when there is no such file. */
export function shippedFile(fileName: string): ShippedFile | null {
  if (!SafeFileNamePattern.test(fileName)) return null;
  if (cache.has(fileName)) return cache.get(fileName) ?? null;
  const contentType = ContentTypes[path.extname(fileName).toLowerCase()];
  let found: ShippedFile | null = null;
  if (contentType) {
    try {
      const body = fs.readFileSync(path.join(assetsDir, fileName));
      found = { body, contentType, etag: `"shipped-${createHash('sha256').update(body).digest('hex').slice(0, 32)}"` };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  }
  cache.set(fileName, found);
  return found;
}
