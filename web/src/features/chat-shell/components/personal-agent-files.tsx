// A personal agent's knowledge files on the Edit Personal Agent page: the documents its owner gives it to answer
// from (attachments of type FileSearch). Each file is uploaded when it is added, and the draft names the files when it
// is saved; publishing reads them into the agent's own library, and its answers cite them. The page gets what to save
// through the ref (`prepare`): the draft's attachments with these files, or that uploads are still running. Loaded
// lazily by the page (its chunk is named in the app's entry, whose budget has no room for this block's imports).
import '../personal-agent-files-texts';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import ClearOutlined from '@mui/icons-material/ClearOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AgentConfigWire } from '@atrium/contract';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { uploadAgentFile } from '../api/agent-files.api';

type AgentAttachment = NonNullable<AgentConfigWire['attachments']>[number];

/** What libraries read that attachments also take (contract: AttachmentFileExtensions, library-file-types). */
const accept = '.pdf,.docx,.txt,.md,.markdown,.csv,.tsv,.json,.html,.htm';

interface FileItem {
  key: string;
  fileName: string;
  status: 'uploading' | 'ready' | 'failed';
  /** the draft's entry, once uploaded */
  entry?: AgentAttachment;
  error?: string | null;
  abort?: AbortController;
}

export interface PersonalAgentFilesHandle {
  /** the draft's attachments with these files, or 'uploading' while a file is still on its way */
  prepare(): { attachments: AgentAttachment[] } | 'uploading';
}

interface Props {
  ref?: Ref<PersonalAgentFilesHandle>;
  /** the draft's attachments (FileSearch ones are these files; others are kept as they are) */
  initial: readonly AgentAttachment[] | undefined;
  disabled?: boolean;
}

const isKnowledgeFile = (a: AgentAttachment) => (a.attachmentType ?? '').toLowerCase() === 'filesearch';
let counter = 0;

export default function PersonalAgentFiles({ ref, initial, disabled }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<FileItem[]>(() =>
    (initial ?? []).filter(isKnowledgeFile).map((entry) => ({
      key: entry.attachmentId ?? entry.id ?? `file-${counter++}`,
      fileName: entry.originalFileName ?? t('personalAgentFiles.unnamed'),
      status: 'ready',
      entry,
    })),
  );
  const update = (key: string, change: Partial<FileItem>) => setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i)));

  useImperativeHandle(
    ref,
    () => ({
      prepare: () => {
        if (items.some((i) => i.status === 'uploading')) return 'uploading';
        const others = (initial ?? []).filter((a) => !isKnowledgeFile(a));
        return { attachments: [...others, ...items.flatMap((i) => (i.status === 'ready' && i.entry ? [i.entry] : []))] };
      },
    }),
    [items, initial],
  );

  // uploads still running when the page goes away are cancelled
  const running = useRef(items);
  useEffect(() => {
    running.current = items;
  });
  useEffect(() => () => running.current.forEach((i) => i.abort?.abort()), []);

  const add = (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      const key = `file-${counter++}`;
      const abort = new AbortController();
      setItems((list) => [...list, { key, fileName: file.name, status: 'uploading', abort }]);
      void uploadAgentFile(file, abort.signal).then((result) => {
        if (abort.signal.aborted) return;
        if (!result.ok) return update(key, { status: 'failed', error: result.message, abort: undefined });
        const { attachmentId, originalFileName } = result.attachment;
        update(key, {
          status: 'ready',
          abort: undefined,
          entry: { attachmentId, attachmentType: 'FileSearch', attachmentContext: 'GptSystem', originalFileName, id: attachmentId },
        });
      });
    }
    if (input.current) input.current.value = '';
  };
  const remove = (item: FileItem) => {
    item.abort?.abort();
    setItems((list) => list.filter((i) => i.key !== item.key));
  };

  return (
    <Stack component="section" aria-labelledby="personal-agent-files-title" spacing={1.5}>
      <Box>
        <Typography id="personal-agent-files-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('personalAgentFiles.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('personalAgentFiles.intro')}
        </Typography>
      </Box>
      {items.length > 0 && (
        <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }} aria-label={t('personalAgentFiles.title')}>
          {items.map((item) => (
            <Box
              component="li"
              key={item.key}
              data-testid="agent-file"
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1.5,
                px: 1.5,
                py: 0.75,
                border: 1,
                borderRadius: 1,
                borderColor: item.status === 'failed' ? 'error.main' : 'divider',
              }}
            >
              <Box sx={{ display: 'grid', placeItems: 'center', width: 24, color: item.status === 'failed' ? 'error.main' : 'text.secondary' }}>
                {item.status === 'uploading' ? (
                  <CircularProgress size={18} aria-label={t('personalAgentFiles.uploading', { name: item.fileName })} />
                ) : item.status === 'failed' ? (
                  <ErrorOutline fontSize="small" />
                ) : (
                  <DescriptionOutlined fontSize="small" />
                )}
              </Box>
              <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                <Typography variant="body2" noWrap title={item.fileName}>
                  {item.fileName}
                </Typography>
                {item.status === 'failed' && (
                  <Typography variant="caption" color="error" role="alert">
                    {item.error ?? t('personalAgentFiles.failed')}
                  </Typography>
                )}
              </Box>
              <IconButton
                size="small"
                edge="end"
                onClick={() => remove(item)}
                disabled={disabled}
                aria-label={t(item.status === 'uploading' ? 'personalAgentFiles.cancel' : 'personalAgentFiles.remove', { name: item.fileName })}
              >
                <ClearOutlined fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Stack>
      )}
      <Box>
        <input ref={input} type="file" multiple accept={accept} hidden onChange={(e) => add(e.target.files)} data-testid="agent-files-input" />
        <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => input.current?.click()} disabled={disabled}>
          {t('personalAgentFiles.add')}
        </Button>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.75 }}>
          {t('personalAgentFiles.help')}
        </Typography>
      </Box>
    </Stack>
  );
}
