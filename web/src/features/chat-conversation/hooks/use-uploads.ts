// The images and files of the next question: checks type and size before sending a byte, uploads
// each (images to the vision endpoint, documents as FileSearch attachments) with its progress, stops
// an upload whose chip is removed, keeps them in the chat state until the question is sent, and says
// clearly why a file was refused.
import { skipToken } from '@reduxjs/toolkit/query';
import { MaxUploadsPerQuestion } from '@atrium/contract';
import { useSnackbar } from 'notistack';
import { useCallback, useEffect, useRef } from 'react';
import { useStore } from 'react-redux';
import { useTranslation } from '../../../app/i18n/i18n';
import { chatActions } from '../../../app/state/chat.slice';
import { useAppDispatch, useAppSelector } from '../../../app/state/hooks';
import type { RootState } from '../../../app/state/store';
import { useGetDetailsForConversationQuery } from '../api/get-agent-details.api';
import { uploadAttachment, uploadsApi, uploadVisionImage } from '../api/uploads.api';
import { formatBytes, nameForPasted, uploadKindOf } from '../utils/upload-kind';
import { uploadProgress } from '../utils/upload-progress';
import '../uploads-texts';

export function useUploads() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { enqueueSnackbar } = useSnackbar();
  const uploads = useAppSelector((s) => s.chat.promptUploads);
  const gptSystemId = useAppSelector((s) => s.chat.currentGptSystemId);
  const details = useGetDetailsForConversationQuery(gptSystemId || skipToken).data; // '' while /chat waits for its first agent
  const store = useStore<RootState>();
  const seq = useRef(0);

  const refuse = useCallback((message: string) => enqueueSnackbar(message, { variant: 'error' }), [enqueueSnackbar]);

  const failed = useCallback(
    (localId: string, name: string, reason: string | null) => {
      // only when it is still wanted: a removed upload or a switched conversation says nothing
      const stillThere = store.getState().chat.promptUploads.some((u) => u.localId === localId);
      dispatch(chatActions.promptUploadRemoved(localId));
      if (stillThere) refuse(reason ? t('uploads.failedWithReason', { name, reason }) : t('uploads.failed', { name }));
    },
    [dispatch, refuse, store, t],
  );

  const addFiles = useCallback(
    (files: File[], pasted = false) => {
      let room = MaxUploadsPerQuestion - store.getState().chat.promptUploads.length;
      files.forEach((original, index) => {
        const file = pasted ? new File([original], nameForPasted(original, index), { type: original.type }) : original;
        const kind = uploadKindOf(file);
        if (kind === 'unsupported') return refuse(t('uploads.unsupportedType', { name: file.name }));
        if (kind === 'image') {
          if (!details?.isVisionEnabled) return refuse(t('uploads.imagesNotSupported', { model: details?.modelDisplayName || details?.gptSystem.name || '' }));
          const limit = details.visionFileUpload.maxUploadedFileSizeBytes;
          if (limit > 0 && file.size > limit) return refuse(t('uploads.imageTooLarge', { name: file.name, limit: formatBytes(limit) }));
        }
        if (room <= 0) return refuse(t('uploads.tooMany', { count: MaxUploadsPerQuestion }));
        room -= 1;
        const localId = `upload-${Date.now()}-${++seq.current}`;
        const base = { localId, kind, fileName: file.name } as const;
        dispatch(chatActions.promptUploadAdded({ ...base, status: 'uploading' }));
        // after the chip is in the store: retainOnly() aborts uploads whose chip is gone
        const tracker = uploadProgress.start(localId);
        const options = { signal: tracker.signal, onProgress: tracker.report };
        void (async () => {
          if (kind === 'image') {
            const r = await uploadVisionImage(file, options);
            uploadProgress.finish(localId);
            if (!r.ok) return failed(localId, file.name, r.message);
            const { visionImageId, blobFileName, thumbnailBlobFileName, mimeType, thumbnails } = r.data;
            const thumb = thumbnails[0];
            // the question bubble reads the thumbnail by its blob name: seed that cache instead of asking again
            if (thumb) {
              void dispatch(
                uploadsApi.util.upsertQueryData(
                  'getVisionImageBase64',
                  { visionImageId, blobFileName: thumbnailBlobFileName },
                  { visionImageId, blobFileName: thumbnailBlobFileName, ...thumb },
                ),
              );
            }
            dispatch(
              chatActions.promptUploadFinished({
                ...base,
                status: 'ready',
                visionImage: { visionImageId, blobFileName, thumbnailBlobFileName, mimeType },
                thumbnailUrl: thumb ? `data:${thumb.mimeType};base64,${thumb.base64Content}` : undefined,
              }),
            );
          } else {
            const r = await uploadAttachment(file, options);
            uploadProgress.finish(localId);
            if (!r.ok) return failed(localId, file.name, r.message);
            const { attachmentId, attachmentType, context, originalFileName, mimeType } = r.data;
            dispatch(
              chatActions.promptUploadFinished({ ...base, status: 'ready', attachment: { attachmentId, attachmentType, context, originalFileName, mimeType } }),
            );
          }
        })();
      });
    },
    [details, dispatch, failed, refuse, store, t],
  );

  // A chip removed while it uploads, or a question cleared, stops its upload. The chips are read from
  // the store when the effect runs, not from the render that scheduled it: an effect that runs late
  // (Preact defers them to the next frame) would otherwise stop an upload added after that render.
  useEffect(() => uploadProgress.retainOnly(new Set(store.getState().chat.promptUploads.map((u) => u.localId))), [uploads, store]);

  return {
    uploads,
    uploading: uploads.some((u) => u.status === 'uploading'),
    visionEnabled: !!details?.isVisionEnabled,
    addFiles,
    remove: (localId: string) => dispatch(chatActions.promptUploadRemoved(localId)),
  };
}
