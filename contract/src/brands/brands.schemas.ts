import { z } from 'zod';
import { ObjectActions } from '../common/object-actions.js';
import { LoginAlignments } from '../constants.js';
import { BrandKeyMaxLength, BrandNameMaxLength, HexColourPattern, ReservedBrandKeys } from './brands.constants.js';

const colour = z.string().regex(HexColourPattern, 'Expected a hex colour such as #1d4ed8');

export const BrandThemeSchema = z.object({
  primary: colour,
  secondary: colour,
  info: colour,
  success: colour,
  warning: colour,
  error: colour,
  menu: colour,
  textPrimary: colour,
  textSecondary: colour,
  textDisabled: colour,
  menuTextPrimary: colour,
  loginBackground: z.object({ main: colour }),
  useGradientButtons: z.boolean(),
});
export type BrandTheme = z.infer<typeof BrandThemeSchema>;

export const BrandKeySchema = z
  .string()
  .min(1)
  .max(BrandKeyMaxLength)
  .regex(/^[a-z0-9][a-z0-9-]*$/i, 'Use letters, digits and dashes');

export const BrandSchema = z.object({
  brandKey: BrandKeySchema,
  name: z.string().min(1).max(BrandNameMaxLength),
  logoFileName: z.string().nullable(),
  navigationLogoFileName: z.string().nullable(),
  splashScreenBackgroundFileName: z.string().nullable(),
  avatar: z.string().nullable(),
  useLoginBackgroundImg: z.boolean(),
  loginBackground: z.object({ main: colour }),
  loginAlignment: z.enum(LoginAlignments),
  theme: BrandThemeSchema,
  lastModifiedAt: z.string(),
});
export type Brand = z.infer<typeof BrandSchema>;

/** A new brand's key: a lower-case slug, since it appears in URLs and embeds. */
export const NewBrandKeySchema = z
  .string()
  .min(2, 'Use at least 2 characters')
  .max(BrandKeyMaxLength, `Use at most ${BrandKeyMaxLength} characters`)
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, 'Use lower-case letters, digits and dashes (not at the start or end)')
  .refine((key) => !(ReservedBrandKeys as readonly string[]).includes(key), 'This key is reserved');

export const BrandKeyParamsSchema = z.object({ brandKey: BrandKeySchema });

const brandFields = {
  name: z.string().trim().min(1, 'Name is required').max(BrandNameMaxLength),
  useLoginBackgroundImg: z.boolean(),
  loginBackground: z.object({ main: colour }),
  loginAlignment: z.enum(LoginAlignments),
  theme: BrandThemeSchema,
};

/** POST /admin/brands/{brandKey}: what is left out comes from the default brand. */
export const BrandCreateSchema = z.object({
  brandKey: NewBrandKeySchema.optional(),
  name: brandFields.name,
  useLoginBackgroundImg: brandFields.useLoginBackgroundImg.optional(),
  loginBackground: brandFields.loginBackground.optional(),
  loginAlignment: brandFields.loginAlignment.optional(),
  theme: BrandThemeSchema.partial().optional(),
});
export type BrandCreate = z.infer<typeof BrandCreateSchema>;

/** PUT /admin/brands/{brandKey}: only the fields sent change; theme fields merge into the current theme. */
export const BrandUpdateSchema = z.object({
  name: brandFields.name.optional(),
  useLoginBackgroundImg: brandFields.useLoginBackgroundImg.optional(),
  loginBackground: brandFields.loginBackground.optional(),
  loginAlignment: brandFields.loginAlignment.optional(),
  theme: BrandThemeSchema.partial().optional(),
});
export type BrandUpdate = z.infer<typeof BrandUpdateSchema>;

export const BrandFileSchema = z.object({
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  createdAt: z.string(),
});
export type BrandFile = z.infer<typeof BrandFileSchema>;

/** A brand as administrators see it: which one is the instance default, its uploads and its agents. */
export const AdminBrandSchema = BrandSchema.extend({
  isDefault: z.boolean(),
  files: z.array(BrandFileSchema),
  agentCount: z.number().int(),
  /** what the caller may do with it (always present in the admin API's answers) */
  currentUserActions: z.array(z.enum(ObjectActions)).optional(),
});
export type AdminBrand = z.infer<typeof AdminBrandSchema>;

export const AdminBrandListSchema = z.object({ items: z.array(AdminBrandSchema), continuationToken: z.null() });
export type AdminBrandList = z.infer<typeof AdminBrandListSchema>;

export const BrandFileParamsSchema = BrandKeyParamsSchema.extend({
  fileName: z.string().regex(/^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/, 'Use a plain file name (letters, digits, dot, dash, underscore)'),
});

export const BrandInstanceDefaultsSchema = z.object({ defaultBrandKey: BrandKeySchema });
export type BrandInstanceDefaults = z.infer<typeof BrandInstanceDefaultsSchema>;
