// Brands: look and feel per audience. Owned by the brands module.
// @owner: brands
import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { BrandTheme } from '@atrium/contract';

export const brands = pgTable('brands', {
  brandKey: text('brand_key').primaryKey(),
  name: text('name').notNull(),
  logoFileName: text('logo_file_name'),
  navigationLogoFileName: text('navigation_logo_file_name'),
  splashScreenBackgroundFileName: text('splash_screen_background_file_name'),
  avatarFileName: text('avatar_file_name'),
  useLoginBackgroundImg: boolean('use_login_background_img').notNull().default(true),
  loginBackgroundMain: text('login_background_main').notNull().default('#0f172a'),
  loginAlignment: text('login_alignment').notNull().default('Center'),
  theme: jsonb('theme').$type<BrandTheme>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Uploaded brand images; the bytes live in the blob store under blobKey. */
export const brandFiles = pgTable(
  'brand_files',
  {
    brandKey: text('brand_key')
      .notNull()
      .references(() => brands.brandKey, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    blobKey: text('blob_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.brandKey, t.fileName] })],
);
