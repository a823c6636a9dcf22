// Brand constants shared by server and browser (zod-free).

/** The image slots of a brand; each has its own upload route (POST /admin/brands/{brandKey}/{slot}). */
export const BrandImageSlots = ['avatar', 'logo', 'navigationLogo', 'splashScreenBackground'] as const;
export type BrandImageSlot = (typeof BrandImageSlots)[number];

/** Largest accepted brand image: splash backgrounds are photographs, so more than an avatar's limit. */
export const BrandImageMaxBytes = 5 * 1024 * 1024;

/** What an upload may be, recognised by its bytes (never by its name or declared type). */
export const BrandImageContentTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/svg+xml'] as const;

export const BrandKeyMaxLength = 64;
export const BrandNameMaxLength = 200;

/** A theme colour: #rgb, #rrggbb or #rrggbbaa. */
export const HexColourPattern = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
export const isHexColour = (value: string) => HexColourPattern.test(value);

/** Path words under /admin/brands that cannot be brand keys, since static routes sit there. */
export const ReservedBrandKeys = ['instancedefaults'] as const;
