// The images and files of a question, above its bubble: image thumbnails that open the full image,
// and the names of attached files.
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import type { SegmentAttachment, SegmentVisionImage } from '@atrium/contract';
import { skipToken } from '@reduxjs/toolkit/query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { useGetVisionImageBase64Query } from '../api/uploads.api';
import '../uploads-texts';

import { dataUrl } from '../utils/data-url';

// the full-size viewer (a dialog) loads when an image is first opened
const ImageViewer = lazy(() => import('./image-viewer-dialog'));

function Thumbnail({ image, index }: { image: SegmentVisionImage; index: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const thumb = useGetVisionImageBase64Query(
    image.thumbnailBlobFileName ? { visionImageId: image.visionImageId, blobFileName: image.thumbnailBlobFileName } : skipToken,
  );
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
      {open && (
        <Suspense fallback={null}>
          <ImageViewer image={image} label={label} onClose={() => setOpen(false)} />
        </Suspense>
      )}
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
        <Box
          component="ul"
          aria-label={t('uploads.attachedFiles')}
          sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1, listStyle: 'none', m: 0, p: 0 }}
        >
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
