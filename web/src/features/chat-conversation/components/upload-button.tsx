// The paper-clip of the chat input: opens the file picker for documents and (on vision agents) images.
import AttachFile from '@mui/icons-material/AttachFile';
import IconButton from '@mui/material/IconButton';
import Tooltip from '../../../components/tooltip';
import { AttachmentFileExtensions, VisionImageExtensions } from '@atrium/contract';
import { useRef } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';

interface UploadButtonProps {
  visionEnabled: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
}

const documentExtensions = AttachmentFileExtensions.filter((e) => !(VisionImageExtensions as readonly string[]).includes(e));

export function UploadButton({ visionEnabled, disabled = false, onFiles }: UploadButtonProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const accept = [...documentExtensions, ...(visionEnabled ? VisionImageExtensions : [])].join(',');
  return (
    <>
      <Tooltip title={t('uploads.addFiles')}>
        <span>
          <IconButton data-tour="upload-file" aria-label={t('uploads.addFiles')} disabled={disabled} onClick={() => input.current?.click()}>
            <AttachFile />
          </IconButton>
        </span>
      </Tooltip>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={accept}
        data-testid="upload-file-input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          // the same file can be picked again after removing it
          e.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </>
  );
}
