// A question's image at full size, in a dialog (opened from its thumbnail in segment-uploads.tsx).
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import type { SegmentVisionImage } from '@atrium/contract';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from '../../../app/i18n/i18n';
import { useGetVisionImageBase64Query } from '../api/uploads.api';
import { dataUrl } from '../utils/data-url';
import '../uploads-texts';

export default function ImageViewerDialog({ image, label, onClose }: { image: SegmentVisionImage; label: string; onClose: () => void }) {
  const { t } = useTranslation();
  const full = useGetVisionImageBase64Query(image.blobFileName ? { visionImageId: image.visionImageId, blobFileName: image.blobFileName } : skipToken);
  return (
    <Dialog open onClose={onClose} maxWidth="lg" aria-label={label}>
      <DialogTitle sx={{ pr: 6 }}>{t('uploads.image')}</DialogTitle>
      <IconButton aria-label={t('uploads.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <Close />
      </IconButton>
      <DialogContent sx={{ display: 'grid', placeItems: 'center', minWidth: 200, minHeight: 160 }}>
        {full.data ? (
          <Box component="img" src={dataUrl(full.data)} alt={label} sx={{ maxWidth: '100%', maxHeight: '75vh', objectFit: 'contain' }} />
        ) : (
          <CircularProgress aria-label={t('common.loading')} />
        )}
      </DialogContent>
    </Dialog>
  );
}
