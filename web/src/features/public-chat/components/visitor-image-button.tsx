// A visitor's images for the next question (docs/public-chat.md "Images"): a button opening the file picker (image
// types only), each picked image uploaded at once to the endpoint with the visitor's session identifier, shown as a
// chip with its thumbnail that removes it again; a refusal shows the server's message. Kept apart from the signed-in chat's uploads (store, documents,
// progress), which the public page does not load.
import AddPhotoAlternate from '@mui/icons-material/AddPhotoAlternateOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { PublicConversationRoutes, VisionImageExtensions, VisionImageTypes, VisitorSessionHeader, pathTo, type VisionImage } from '@atrium/contract';
import { useRef, useState, type Dispatch, type SetStateAction } from 'react';
import Tooltip from '../../../components/tooltip';
import { useTranslation } from '../../../app/i18n/i18n';
import { http } from '../../../app/api/http';
import { errorBodyOf } from '../../../lib/http/http.types';

/** An image uploaded for the next question, with the name it was picked under. */
export interface PickedImage {
  image: VisionImage;
  fileName: string;
}

interface VisitorImageButtonProps {
  endpointName: string;
  sessionIdentifier: string;
  images: PickedImage[];
  /** takes an update of the list (uploads that finish together all land) */
  onChange: Dispatch<SetStateAction<PickedImage[]>>;
  /** whether an upload is under way (the question waits for it) */
  onBusy?: (busy: boolean) => void;
  disabled?: boolean;
}

const accept = [...VisionImageTypes, ...VisionImageExtensions].join(',');

export function VisitorImageButton({ endpointName, sessionIdentifier, images, onChange, onBusy, disabled = false }: VisitorImageButtonProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(0);
  // a refused upload, in the server's words when it gave some (a 429's says when to come back)
  const [error, setError] = useState<string | null>(null);

  const upload = async (file: File) => {
    const body = new FormData();
    body.append('file', file, file.name);
    const r = await http().request<VisionImage>({
      url: pathTo(PublicConversationRoutes.visionImages, { endpointName }),
      method: 'POST',
      body,
      timeout: 0,
      headers: { [VisitorSessionHeader]: sessionIdentifier },
    });
    if (r.error) setError(errorBodyOf(r.error)?.message ?? t('publicChat.imageFailed'));
    else {
      const picked = { image: r.data, fileName: file.name };
      onChange((list) => [...list, picked]);
    }
  };

  const pick = async (files: File[]) => {
    setError(null);
    setUploading((n) => n + files.length);
    onBusy?.(true);
    for (const file of files) {
      await upload(file);
      setUploading((n) => n - 1);
    }
    onBusy?.(false);
  };

  return (
    <>
      {error && (
        <Alert severity="error" onClose={() => setError(null)} sx={{ mx: 1, mb: 0.5 }}>
          {error}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', px: 1, pb: 0.5 }}>
        <Tooltip title={t('publicChat.addImage')}>
          <span>
            <IconButton aria-label={t('publicChat.addImage')} disabled={disabled || uploading > 0} onClick={() => input.current?.click()}>
              {uploading > 0 ? <CircularProgress size={20} aria-label={t('publicChat.imageUploading')} /> : <AddPhotoAlternate />}
            </IconButton>
          </span>
        </Tooltip>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={accept}
          data-testid="visitor-image-input"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            // the same image can be picked again after removing it
            e.target.value = '';
            if (files.length) void pick(files);
          }}
        />
        {images.map(({ image, fileName }) => {
          const thumb = image.thumbnails[0];
          return (
            <Chip
              key={image.visionImageId}
              size="small"
              label={fileName}
              avatar={thumb ? <Avatar alt="" src={`data:${thumb.mimeType};base64,${thumb.base64Content}`} /> : undefined}
              onDelete={disabled ? undefined : () => onChange((list) => list.filter((i) => i.image.visionImageId !== image.visionImageId))}
              sx={{ maxWidth: 220 }}
              aria-label={t('publicChat.imageChip', { name: fileName })}
            />
          );
        })}
      </Stack>
    </>
  );
}
