// Paths of Admin brands (docs/product.md §7), exported as AdminBrandRoutes (see ../routes.ts).
import type { BrandImageSlot } from './brands.constants.js';

export const brands = '/admin/brands';
export const brand = '/admin/brands/:brandKey';
/** POST multipart, one route per image slot */
export const brandImages = {
  avatar: '/admin/brands/:brandKey/avatar',
  logo: '/admin/brands/:brandKey/logo',
  navigationLogo: '/admin/brands/:brandKey/navigationLogo',
  splashScreenBackground: '/admin/brands/:brandKey/splashScreenBackground',
} as const satisfies Record<BrandImageSlot, string>;
export const brandFile = '/admin/brands/:brandKey/files/:fileName';
export const instanceDefaults = '/admin/brands/instanceDefaults';
