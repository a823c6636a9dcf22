// Rules of the brands module: presenting a brand, resolving its image files (uploaded or shipped)
// and seeding the default brand.
import { createHash } from 'node:crypto';
import { DefaultBrandKey, LoginAlignments, type Brand, type BrandTheme } from '@atrium/contract';
import type { Db } from '../../db/client.js';
import type { BlobStore } from '../../platform/blobs.js';
import { notFound } from '../../platform/errors.js';
import { ShippedDefaultFiles, shippedFile, slotForFileName, type BrandSlot } from './brands.assets.js';
import { findBrand, findBrandFile, insertBrandIfMissing, type BrandFileRow, type BrandRow } from './brands.repository.js';
import type { DbContext } from '../../platform/context.js';

export const DefaultBrandTheme: BrandTheme = {
  primary: '#1d4ed8',
  secondary: '#0f766e',
  info: '#0284c7',
  success: '#15803d',
  warning: '#b45309',
  error: '#b91c1c',
  menu: '#0f172a',
  textPrimary: '#0f172a',
  textSecondary: '#475569',
  textDisabled: '#94a3b8',
  menuTextPrimary: '#e2e8f0',
  loginBackground: { main: '#1e3a8a' },
  useGradientButtons: false,
};

/** Idempotent: creates the `default` brand on the first start, pointing at the shipped images. */
export async function seedDefaultBrand({ db }: DbContext): Promise<void> {
  await insertBrandIfMissing(db, {
    brandKey: DefaultBrandKey,
    name: 'Atrium',
    logoFileName: ShippedDefaultFiles.logo,
    navigationLogoFileName: ShippedDefaultFiles.navigationLogo,
    splashScreenBackgroundFileName: ShippedDefaultFiles.splashScreenBackground,
    avatarFileName: ShippedDefaultFiles.avatar,
    useLoginBackgroundImg: true,
    loginBackgroundMain: DefaultBrandTheme.loginBackground.main,
    loginAlignment: 'Center',
    theme: DefaultBrandTheme,
  });
}

const slotFiles = (brand: BrandRow): Record<BrandSlot, string | null> => ({
  logo: brand.logoFileName,
  navigationLogo: brand.navigationLogoFileName,
  splashScreenBackground: brand.splashScreenBackgroundFileName,
  avatar: brand.avatarFileName,
});

const alignment = (value: string): Brand['loginAlignment'] =>
  (LoginAlignments as readonly string[]).includes(value) ? (value as Brand['loginAlignment']) : 'Center';

export function presentBrand(brand: BrandRow): Brand {
  return {
    brandKey: brand.brandKey,
    name: brand.name,
    logoFileName: brand.logoFileName,
    navigationLogoFileName: brand.navigationLogoFileName,
    splashScreenBackgroundFileName: brand.splashScreenBackgroundFileName,
    avatar: brand.avatarFileName,
    useLoginBackgroundImg: brand.useLoginBackgroundImg,
    loginBackground: { main: brand.loginBackgroundMain },
    loginAlignment: alignment(brand.loginAlignment),
    theme: brand.theme,
    lastModifiedAt: brand.updatedAt.toISOString(),
  };
}

/** For modules that point at a brand (agents): whether the key names one. */
export async function brandExists({ db }: DbContext, brandKey: string): Promise<boolean> {
  return (await findBrand(db, brandKey)) !== null;
}

export async function getBrand({ db }: DbContext, brandKey: string): Promise<Brand> {
  const brand = await findBrand(db, brandKey);
  if (!brand) throw notFound('The brand');
  return presentBrand(brand);
}

/** A brand file ready to send: its validator is known before the bytes are read, so 304s cost no blob read. */
export interface ResolvedBrandFile {
  contentType: string;
  etag: string;
  read(): Promise<Buffer>;
}

function fromUpload(row: BrandFileRow, blobs: BlobStore): ResolvedBrandFile {
  const version = `${row.blobKey}|${row.sizeBytes}|${row.createdAt.toISOString()}`;
  return {
    contentType: row.contentType,
    etag: `"${createHash('sha256').update(version).digest('hex').slice(0, 32)}"`,
    read: async () => {
      const body = await blobs.get(row.blobKey);
      if (!body) throw notFound('The file');
      return body;
    },
  };
}

function fromShipped(fileName: string): ResolvedBrandFile | null {
  const file = shippedFile(fileName);
  return file ? { contentType: file.contentType, etag: file.etag, read: () => Promise.resolve(file.body) } : null;
}

/**
 * Uploaded files win over shipped ones. A name that means a slot serves what the slot holds now,
 * and a slot whose file is gone falls back to the shipped default, so a brand never shows a broken image.
 */
export async function resolveBrandFile(deps: { db: Db; blobs: BlobStore }, brandKey: string, fileName: string): Promise<ResolvedBrandFile> {
  const brand = await findBrand(deps.db, brandKey);
  if (!brand) throw notFound('The brand');
  const upload = await findBrandFile(deps.db, brand.brandKey, fileName);
  if (upload) return fromUpload(upload, deps.blobs);

  const current = slotFiles(brand);
  const slot = slotForFileName(fileName, current);
  if (!slot) throw notFound('The file');
  const slotFile = current[slot];
  if (slotFile && slotFile !== fileName) {
    const slotUpload = await findBrandFile(deps.db, brand.brandKey, slotFile);
    if (slotUpload) return fromUpload(slotUpload, deps.blobs);
  }
  const shipped = (slotFile ? fromShipped(slotFile) : null) ?? fromShipped(ShippedDefaultFiles[slot]);
  if (!shipped) throw notFound('The file');
  return shipped;
}

/** The public brand's validator: its key and modification time (every admin change moves it). */
export const brandEtag = (brand: Pick<Brand, 'brandKey' | 'lastModifiedAt'>) =>
  `"${createHash('sha256').update(`${brand.brandKey}|${brand.lastModifiedAt}`).digest('hex').slice(0, 32)}"`;

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The brand's theme as CSS custom properties (docs/wire-protocol.md brandVariables.css), e.g. --brand-primary. */
export function brandVariablesCss(brand: Brand): string {
  const { loginBackground, useGradientButtons, ...colours } = brand.theme;
  const lines = Object.entries(colours).map(([name, value]) => `  --brand-${kebab(name)}: ${value};`);
  lines.push(`  --brand-login-background: ${brand.loginBackground.main || loginBackground.main};`);
  lines.push(`  --brand-login-alignment: ${brand.loginAlignment.toLowerCase()};`);
  lines.push(`  --brand-use-gradient-buttons: ${useGradientButtons ? 1 : 0};`);
  lines.push(
    `  --brand-button-background: ${useGradientButtons ? `linear-gradient(135deg, ${brand.theme.primary} 0%, ${brand.theme.secondary} 100%)` : brand.theme.primary};`,
  );
  return `/* ${brand.name.replace(/\*\//g, '')} (${brand.brandKey}) */\n:root {\n${lines.join('\n')}\n}\n`;
}
