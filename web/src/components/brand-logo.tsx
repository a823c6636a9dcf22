// A brand image that falls back to the shipped logo when the brand's file cannot be loaded (docs/product.md §8).
import Box from '@mui/material/Box';
import { useState, type ComponentProps } from 'react';

export const DefaultLogoUrl = '/default-logo.svg';
export const DefaultAvatarUrl = '/default-avatar.svg';

interface BrandLogoProps {
  src: string | null | undefined;
  alt: string;
  height?: number | string;
  fallback?: string;
  sx?: ComponentProps<typeof Box>['sx'];
}

export function BrandLogo({ src, alt, height = 36, fallback = DefaultLogoUrl, sx }: BrandLogoProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const url = src && failed !== src ? src : fallback;
  return (
    <Box
      component="img"
      src={url}
      alt={alt}
      onError={() => src && setFailed(src)}
      sx={{ height, width: 'auto', maxWidth: '100%', display: 'block', objectFit: 'contain', ...sx }}
    />
  );
}
