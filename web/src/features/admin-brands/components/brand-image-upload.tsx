// One image slot of a brand: preview (the shipped default until one is uploaded), upload or replace,
// and remove. Size is checked here for a quick answer; the server checks type and size again.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BrandImageContentTypes, BrandImageMaxBytes, type AdminBrand, type BrandImageSlot } from '@atrium/contract';
import { useSnackbar } from 'notistack';
import { useId, useRef } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { brandFileUrl } from '../../../app/api/brand.api';
import { BrandLogo } from '../../../components/brand-logo';
import { apiErrorMessage } from '../../../components/admin';
import { useDeleteBrandFileMutation, useUploadBrandImageMutation } from '../api/brands-admin.api';

const slotFileName = (brand: AdminBrand, slot: BrandImageSlot): string | null =>
  ({
    logo: brand.logoFileName,
    navigationLogo: brand.navigationLogoFileName,
    splashScreenBackground: brand.splashScreenBackgroundFileName,
    avatar: brand.avatar,
  })[slot];

/** Names the public file route maps to a slot's shipped default when the brand has no file of its own. */
const shippedName: Record<BrandImageSlot, string> = {
  logo: 'logo.svg',
  navigationLogo: 'navigationLogo.svg',
  splashScreenBackground: 'splashScreenBackground.svg',
  avatar: 'avatar.svg',
};

const MaxMb = BrandImageMaxBytes / 1024 / 1024;

export function BrandImageUpload({ brand, slot, canWrite }: { brand: AdminBrand; slot: BrandImageSlot; canWrite: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const [upload, uploading] = useUploadBrandImageMutation();
  const [remove, removing] = useDeleteBrandFileMutation();
  const fileName = slotFileName(brand, slot);
  const uploaded = fileName !== null && brand.files.some((f) => f.fileName === fileName);
  const label = t(`adminBrands.images.${slot}`);
  const src = brandFileUrl(brand, fileName ?? shippedName[slot]);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > BrandImageMaxBytes) {
      enqueueSnackbar(t('adminBrands.images.tooLarge', { size: MaxMb }), { variant: 'error' });
      return;
    }
    try {
      await upload({ brandKey: brand.brandKey, slot, file }).unwrap();
      enqueueSnackbar(t('adminBrands.images.uploaded', { slot: label }), { variant: 'success' });
    } catch (e) {
      enqueueSnackbar(apiErrorMessage(e, t('adminBrands.saveFailed')), { variant: 'error' });
    }
  };

  const onRemove = async () => {
    if (!fileName) return;
    try {
      await remove({ brandKey: brand.brandKey, fileName }).unwrap();
      enqueueSnackbar(t('adminBrands.images.removed', { slot: label }), { variant: 'success' });
    } catch (e) {
      enqueueSnackbar(apiErrorMessage(e, t('adminBrands.saveFailed')), { variant: 'error' });
    }
  };

  const busy = uploading.isLoading || removing.isLoading;
  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }} role="group" aria-labelledby={labelId}>
      <Typography id={labelId} variant="subtitle2" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <Box
        sx={{
          height: 96,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          borderRadius: 1,
          mb: 1,
          // a checkerboard shows transparent parts of the image
          backgroundColor: '#fff',
          backgroundImage:
            'linear-gradient(45deg,#eee 25%,transparent 25%,transparent 75%,#eee 75%),linear-gradient(45deg,#eee 25%,transparent 25%,transparent 75%,#eee 75%)',
          backgroundSize: '16px 16px',
          backgroundPosition: '0 0, 8px 8px',
          overflow: 'hidden',
        }}
      >
        {busy ? <CircularProgress size={28} aria-label={t('adminBrands.images.uploading')} /> : <BrandLogo src={src} alt={label} height={80} />}
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 1 }} noWrap>
        {uploaded ? fileName : t('adminBrands.images.shipped')}
      </Typography>
      {canWrite && (
        <Stack direction="row" spacing={1}>
          <Button
            size="small"
            variant="outlined"
            disabled={busy}
            onClick={() => input.current?.click()}
            aria-label={`${t(uploaded ? 'adminBrands.images.replace' : 'adminBrands.images.upload')} ${label}`}
          >
            {t(uploaded ? 'adminBrands.images.replace' : 'adminBrands.images.upload')}
          </Button>
          {uploaded && (
            <Button size="small" color="error" disabled={busy} onClick={() => void onRemove()} aria-label={`${t('adminBrands.images.remove')} ${label}`}>
              {t('adminBrands.images.remove')}
            </Button>
          )}
          <input
            ref={input}
            type="file"
            hidden
            accept={BrandImageContentTypes.join(',')}
            data-testid={`upload-${slot}`}
            onChange={(e) => {
              void onFile(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </Stack>
      )}
    </Paper>
  );
}
