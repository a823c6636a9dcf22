// The uploads of a library's page: each dropped file is checked in the browser (type by name, size) against the
// server's FileUploadConfiguration, then sent on its own (three at a time) with its progress; the server's answer
// (added, already there, or its 415/413 message) stays beside it until cleared. Leaving the page stops the uploads
// still running. Each finished upload refreshes the library and its files. The metadata given with a batch of files
// (the upload zone's rows) goes with each of them.
import type { FileUploadConfiguration } from '@atrium/contract';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { useAppDispatch } from '../../../app/state/hooks';
import { fileLibrariesApi } from '../api/file-libraries.api';
import { uploadLibraryFile } from '../api/library-files';
import { allowedTypeNames, formatBytes, refusalOf } from '../library-format';

export type UploadState = 'waiting' | 'uploading' | 'storing' | 'added' | 'duplicate' | 'failed';

export interface UploadItem {
  id: string;
  fileName: string;
  sizeBytes: number;
  state: UploadState;
  /** of the bytes sent */
  percent: number;
  /** why it failed, or the name of the file it duplicates */
  message: string | null;
}

const Concurrency = 3;

/** Runs at most `limit` tasks at once, in the order given. */
function createLimiter(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  const next = () => {
    if (running >= limit) return;
    const start = waiting.shift();
    if (!start) return;
    running += 1;
    start();
  };
  return <T>(task: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      waiting.push(() =>
        task()
          .then(resolve, reject)
          .finally(() => {
            running -= 1;
            next();
          }),
      );
      next();
    });
}

let sequence = 0;

export function useLibraryUploads(dataSourceId: string, config: FileUploadConfiguration | undefined) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const [items, setItems] = useState<UploadItem[]>([]);
  // one limiter and one set of running uploads per page (a new library's page starts afresh)
  const [{ limit, controllers }] = useState(() => ({ limit: createLimiter(Concurrency), controllers: new Map<string, AbortController>() }));

  useEffect(() => () => controllers.forEach((c) => c.abort()), [controllers]);

  const patch = useCallback((id: string, change: Partial<UploadItem>) => setItems((list) => list.map((i) => (i.id === id ? { ...i, ...change } : i))), []);

  const send = useCallback(
    async (id: string, file: File, controller: AbortController, metadata: Record<string, string> | undefined) => {
      if (controller.signal.aborted) return;
      patch(id, { state: 'uploading' });
      const result = await uploadLibraryFile(dataSourceId, file, {
        signal: controller.signal,
        metadata,
        onProgress: ({ loaded, total }) => {
          const percent = total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
          patch(id, { percent, state: total > 0 && loaded >= total ? 'storing' : 'uploading' });
        },
      });
      controllers.delete(id);
      if (!result.ok) {
        if (result.aborted) return;
        patch(id, { state: 'failed', message: result.message ?? t('knowledgeAdmin.upload.failed') });
        return;
      }
      const answer = result.data.items[0];
      patch(id, {
        state: answer?.outcome === 'Duplicate' ? 'duplicate' : 'added',
        percent: 100,
        message: answer?.outcome === 'Duplicate' ? answer.file.fileName : null,
      });
      dispatch(fileLibrariesApi.util.invalidateTags(['LibraryFile', 'FileLibrary']));
    },
    [controllers, dataSourceId, dispatch, patch, t],
  );

  const addFiles = useCallback(
    (files: readonly File[], metadata?: Record<string, string>) => {
      if (!config) return;
      const added: UploadItem[] = [];
      for (const file of files) {
        const id = `upload-${++sequence}`;
        const refusal = refusalOf(file, config);
        const base = { id, fileName: file.name, sizeBytes: file.size, percent: 0 };
        if (refusal) {
          const message =
            refusal === 'tooLarge'
              ? t('knowledgeAdmin.upload.tooLarge', { size: formatBytes(config.maxFileSizeBytes, i18n.language) })
              : t('knowledgeAdmin.upload.wrongType', { types: allowedTypeNames(config) });
          added.push({ ...base, state: 'failed', message });
          continue;
        }
        added.push({ ...base, state: 'waiting', message: null });
        const controller = new AbortController();
        controllers.set(id, controller);
        void limit(() => send(id, file, controller, metadata));
      }
      setItems((list) => [...added, ...list]);
    },
    [config, controllers, i18n.language, limit, send, t],
  );

  /** Stops a running or waiting upload and drops it from the list. */
  const cancel = useCallback(
    (id: string) => {
      controllers.get(id)?.abort();
      controllers.delete(id);
      setItems((list) => list.filter((i) => i.id !== id));
    },
    [controllers],
  );

  const clearFinished = useCallback(
    () => setItems((list) => list.filter((i) => i.state === 'waiting' || i.state === 'uploading' || i.state === 'storing')),
    [],
  );

  return { items, addFiles, cancel, clearFinished };
}
