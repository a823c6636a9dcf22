// /admin/datasource/new (and /FileLibrary/{endpointsType}/new): a new library's name, description and chunking,
// with the defaults of GET detailsForCreate. Files are added on the edit page it opens next.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { FileLibraryInput } from '@atrium/contract';
import { useSnackbar } from 'notistack';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from '../../../app/i18n/i18n';
import { useMayAct } from '../../../app/hooks/use-resolved-actions';
import { AdminErrorAlert, AdminPageHeader } from '../../../components/admin';
import { useCreateFileLibraryMutation, useGetFileLibraryDetailsForCreateQuery } from '../api/file-libraries.api';
import { editPath, listPath } from './knowledge-paths';
import { LibrarySettingsForm } from './library-settings-form';

export function LibraryNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const canCreate = useMayAct('dataSources', 'create');
  const details = useGetFileLibraryDetailsForCreateQuery();
  const [create, { isLoading, error }] = useCreateFileLibraryMutation();

  const submit = async (body: FileLibraryInput) => {
    const result = await create(body);
    if (result.data) {
      enqueueSnackbar(t('knowledgeAdmin.created', { name: result.data.name }), { variant: 'success' });
      navigate(editPath(result.data.dataSourceId), { replace: true });
    }
  };

  return (
    <>
      <AdminPageHeader
        title={t('knowledgeAdmin.newTitle')}
        subtitle={t('knowledgeAdmin.newSubtitle')}
        breadcrumbs={[{ label: t('knowledgeAdmin.title'), to: listPath }, { label: t('knowledgeAdmin.newLibrary') }]}
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 760 }}>
        {!canCreate ? (
          <Alert severity="info">{t('knowledgeAdmin.mayNotCreate')}</Alert>
        ) : details.error ? (
          <AdminErrorAlert error={details.error} onRetry={() => void details.refetch()} />
        ) : !details.data ? (
          <Stack spacing={2.5} aria-busy="true">
            {[56, 80, 56, 56].map((height, i) => (
              <Skeleton key={i} variant="rounded" height={height} />
            ))}
          </Stack>
        ) : (
          <LibrarySettingsForm
            initial={{
              name: '',
              description: '',
              ...details.data.defaults,
              // a new library gets the instance's default embedding deployment, listed first
              embeddingDeploymentName: details.data.vectorSearchAvailable ? (details.data.embeddingDeployments[0]?.name ?? null) : null,
            }}
            details={details.data}
            busy={isLoading}
            submitLabel={t('knowledgeAdmin.create')}
            busyLabel={t('knowledgeAdmin.creating')}
            error={error}
            onSubmit={(body) => void submit(body)}
            cancel={
              <Button component={RouterLink} to={listPath}>
                {t('knowledgeAdmin.cancel')}
              </Button>
            }
          />
        )}
      </Paper>
    </>
  );
}
