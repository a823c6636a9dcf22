// The list of guidelines documents, or of templates (with "Use" to start a document from one).
import AddIcon from '@mui/icons-material/Add';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { GuidelinesDocumentListItem } from '@atrium/contract';
import { useTranslation } from '../../../app/i18n/i18n';
import { Link as RouterLink } from 'react-router';
import { useMayAct } from '../../../app/hooks/use-resolved-actions';
import { DateTime } from '../../../components/date-time';
import { AdminPagedTable, AdminPageHeader, listQueryProps, NameCell, type AdminColumn } from '../../../components/admin';
import { useListGuidelinesDocumentsQuery } from '../api/guidelines-documents.api';
import { editPath, listPath, newPath } from './guidelines-paths';

export function GuidelinesListPage({ templates }: { templates: boolean }) {
  const { t } = useTranslation();
  const query = useListGuidelinesDocumentsQuery({ isTemplate: templates });
  const canCreate = useMayAct('guidelines', 'create');
  const title = templates ? t('guidelinesAdmin.templatesTitle') : t('guidelinesAdmin.title');
  const columns: AdminColumn<GuidelinesDocumentListItem>[] = [
    {
      key: 'title',
      header: t('guidelinesAdmin.columns.title'),
      render: (d) => <NameCell name={d.documentTitle} description={d.description} />,
    },
    { key: 'sections', header: t('guidelinesAdmin.columns.sections'), align: 'right', width: 100, render: (d) => d.sectionCount },
    ...(templates
      ? []
      : [
          {
            key: 'agents',
            header: t('guidelinesAdmin.columns.agents'),
            hideBelow: 'sm' as const,
            render: (d: GuidelinesDocumentListItem) => (
              <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {d.gptSystems.map((a) => (
                  <Chip key={a.gptSystemId} size="small" label={a.name} />
                ))}
              </Stack>
            ),
          },
        ]),
    { key: 'updated', header: t('guidelinesAdmin.columns.updated'), hideBelow: 'md', render: (d) => <DateTime value={d.updatedAt} /> },
    ...(templates && canCreate
      ? [
          {
            key: 'use',
            header: '',
            align: 'right' as const,
            render: (d: GuidelinesDocumentListItem) => (
              <Button
                size="small"
                component={RouterLink}
                to={`${newPath(false)}?templateId=${d.guidelinesDocumentId}`}
                onClick={(e) => e.stopPropagation()}
                aria-label={`${t('guidelinesAdmin.useTemplate')} ${d.documentTitle}`}
              >
                {t('guidelinesAdmin.useTemplate')}
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      <AdminPageHeader
        title={title}
        subtitle={templates ? t('guidelinesAdmin.templatesSubtitle') : t('guidelinesAdmin.subtitle')}
        breadcrumbs={
          templates
            ? [{ label: t('guidelinesAdmin.title'), to: listPath(false) }, { label: t('guidelinesAdmin.templates') }]
            : [{ label: t('guidelinesAdmin.title') }]
        }
        actions={
          <Stack direction="row" spacing={1}>
            <Button component={RouterLink} to={listPath(!templates)}>
              {templates ? t('guidelinesAdmin.documents') : t('guidelinesAdmin.templates')}
            </Button>
            {canCreate && (
              <Button component={RouterLink} to={newPath(templates)} variant="contained" startIcon={<AddIcon />}>
                {templates ? t('guidelinesAdmin.newTemplate') : t('guidelinesAdmin.new')}
              </Button>
            )}
          </Stack>
        }
      />
      <AdminPagedTable
        label={title}
        columns={columns}
        rows={query.data?.items}
        getRowId={(d) => d.guidelinesDocumentId}
        {...listQueryProps(query)}
        emptyText={templates ? t('guidelinesAdmin.emptyTemplates') : t('guidelinesAdmin.empty')}
        emptyIcon={<GavelOutlined />}
        rowHref={(d) => editPath(templates, d.guidelinesDocumentId)}
      />
    </>
  );
}
