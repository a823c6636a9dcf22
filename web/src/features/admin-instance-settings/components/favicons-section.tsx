// Custom favicons: the list with previews, upload (ICO, PNG or SVG) and delete all.
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ApiBase, FaviconContentTypes, FaviconMaxBytes, InstanceRoutes, pathTo } from '@atrium/contract';
import { useSnackbar } from 'notistack';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { AdminErrorAlert, ConfirmDialog, apiErrorMessage } from '../../../components/admin';
import { useDeleteFaviconsMutation, useListFaviconsQuery, useUploadFaviconMutation } from '../api/instance-admin.api';

const MaxKb = FaviconMaxBytes / 1024;

export function FaviconsSection({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const input = useRef<HTMLInputElement>(null);
  const { data, error, refetch } = useListFaviconsQuery();
  const [upload, uploading] = useUploadFaviconMutation();
  const [deleteAll, deleting] = useDeleteFaviconsMutation();
  const [confirm, setConfirm] = useState(false);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > FaviconMaxBytes) {
      enqueueSnackbar(t('adminInstanceSettings.branding.tooLarge', { size: MaxKb }), { variant: 'error' });
      return;
    }
    try {
      await upload({ file }).unwrap();
      enqueueSnackbar(t('adminInstanceSettings.branding.uploaded'), { variant: 'success' });
    } catch (e) {
      enqueueSnackbar(apiErrorMessage(e, t('adminInstanceSettings.saveFailed')), { variant: 'error' });
    }
  };
  const removeAll = async () => {
    try {
      await deleteAll().unwrap();
      enqueueSnackbar(t('adminInstanceSettings.branding.deleted'), { variant: 'success' });
    } catch (e) {
      enqueueSnackbar(apiErrorMessage(e, t('adminInstanceSettings.saveFailed')), { variant: 'error' });
    }
    setConfirm(false);
  };

  return (
    <Paper variant="outlined" component="section" aria-label={t('adminInstanceSettings.branding.faviconsTitle')} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('adminInstanceSettings.branding.faviconsTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('adminInstanceSettings.branding.faviconsText', { size: MaxKb })}
      </Typography>
      {error && <AdminErrorAlert error={error} onRetry={() => void refetch()} />}
      {data && data.items.length === 0 && (
        <Typography variant="body2" sx={{ mt: 2 }}>
          {t('adminInstanceSettings.branding.noFavicons')}
        </Typography>
      )}
      {data && data.items.length > 0 && (
        <List dense>
          {data.items.map((f) => (
            <ListItem key={f.fileName} disableGutters>
              <ListItemAvatar>
                <Avatar
                  variant="rounded"
                  src={`${ApiBase}${pathTo(InstanceRoutes.favicon, { fileName: f.fileName })}?v=${encodeURIComponent(f.createdAt)}`}
                  alt={f.fileName}
                  sx={{ bgcolor: 'grey.100' }}
                />
              </ListItemAvatar>
              <ListItemText primary={f.fileName} secondary={`${f.contentType}, ${Math.ceil(f.sizeBytes / 1024)} KB`} />
            </ListItem>
          ))}
        </List>
      )}
      {canWrite && (
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <Button variant="outlined" disabled={uploading.isLoading} onClick={() => input.current?.click()}>
            {t('adminInstanceSettings.branding.upload')}
          </Button>
          {data && data.items.length > 0 && (
            <Button color="error" onClick={() => setConfirm(true)}>
              {t('adminInstanceSettings.branding.deleteAll')}
            </Button>
          )}
          <input
            ref={input}
            type="file"
            hidden
            accept={[...FaviconContentTypes, '.ico'].join(',')}
            onChange={(e) => {
              void onFile(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </Stack>
      )}
      <ConfirmDialog
        open={confirm}
        title={t('adminInstanceSettings.branding.deleteAllTitle')}
        text={t('adminInstanceSettings.branding.deleteAllText')}
        confirmLabel={t('adminInstanceSettings.branding.deleteAll')}
        busy={deleting.isLoading}
        onCancel={() => setConfirm(false)}
        onConfirm={() => void removeAll()}
      />
    </Paper>
  );
}
