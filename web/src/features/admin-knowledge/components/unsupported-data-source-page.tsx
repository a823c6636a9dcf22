// An older address of a data source type Atrium does not have (uploaded files with endpoints, search indexes):
// says so plainly and leads to the file libraries, which it does have.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../app/i18n/i18n';
import { AdminPageHeader } from '../../../components/admin';
import { listPath } from './knowledge-paths';

export function UnsupportedDataSourcePage({ dataSourceType, endpointsType }: { dataSourceType: string; endpointsType: string }) {
  const { t } = useTranslation();
  return (
    <>
      <AdminPageHeader
        title={t('knowledgeAdmin.unsupported.title')}
        breadcrumbs={[{ label: t('knowledgeAdmin.title'), to: listPath }, { label: dataSourceType }]}
      />
      <Alert
        severity="info"
        sx={{ maxWidth: 760 }}
        action={
          <Button component={RouterLink} to={listPath} color="inherit" size="small">
            {t('knowledgeAdmin.unsupported.action')}
          </Button>
        }
      >
        {t('knowledgeAdmin.unsupported.text', { type: dataSourceType, endpoints: endpointsType })}
      </Alert>
    </>
  );
}
