// The images and files of a question, above its bubble: image thumbnails that open the full image,
// and the names of attached files.
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Close from '@mui/icons-material/Close';
import type { SegmentAttachment, SegmentVisionImage } from '@atrium/contract';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { useGetVisionImageBase64Query } from '../api/uploads.api';
import '../uploads-texts';

const dataUrl = (d: { mimeType: string; base64Content: string } | undefined) => (d ? `data:${d.mimeType};base64,${d.base64Content}` : undefined);

function ImageViewer({ image, label, onClose }: { image: SegmentVisionImage; label: string; onClose: () => void }) {
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

function Thumbnail({ image, index }: { image: SegmentVisionImage; index: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const thumb = useGetVisionImageBase64Query(image.thumbnailBlobFileName ? { visionImageId: image.visionImageId, blobFileName: image.thumbnailBlobFileName } : skipToken);
  const label = t('uploads.viewImage', { name: index + 1 });
  if (!image.thumbnailBlobFileName) return null;
  return (
    <>
      <ButtonBase aria-label={label} onClick={() => setOpen(true)} sx={{ borderRadius: 2, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
        {thumb.data ? (
          <Box component="img" src={dataUrl(thumb.data)} alt="" sx={{ display: 'block', maxHeight: 120, maxWidth: 200, objectFit: 'cover' }} />
        ) : (
          <Skeleton variant="rectangular" width={120} height={90} />
        )}
      </ButtonBase>
      {open && <ImageViewer image={image} label={label} onClose={() => setOpen(false)} />}
    </>
  );
}

export function SegmentUploads({ images = [], attachments = [] }: { images?: SegmentVisionImage[]; attachments?: SegmentAttachment[] }) {
  const { t } = useTranslation();
  if (images.length === 0 && attachments.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 1, mb: 1, maxWidth: { xs: '90%', sm: '75%' } }}>
      {images.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1 }}>
          {images.map((image, i) => (
            <Thumbnail key={`${image.visionImageId}-${i}`} image={image} index={i} />
          ))}
        </Box>
      )}
      {attachments.length > 0 && (
        <Box component="ul" aria-label={t('uploads.attachedFiles')} sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1, listStyle: 'none', m: 0, p: 0 }}>
          {attachments.map((a) => (
            <li key={a.attachmentId}>
              <Chip variant="outlined" icon={<InsertDriveFileOutlined />} label={a.originalFileName ?? t('uploads.missingFile')} sx={{ maxWidth: 260 }} />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
