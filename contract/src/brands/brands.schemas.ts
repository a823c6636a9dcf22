import { z } from 'zod';
import { LoginAlignments } from '../constants.js';

const colour = z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, 'Expected a hex colour such as #1d4ed8');

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
  .max(64)
  .regex(/^[a-z0-9][a-z0-9-]*$/i, 'Use letters, digits and dashes');

export const BrandSchema = z.object({
  brandKey: BrandKeySchema,
  name: z.string().min(1).max(200),
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

