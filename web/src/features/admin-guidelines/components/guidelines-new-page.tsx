// /admin/guidelines/new (optionally ?templateId=, from a template's "Use") and /admin/guidelines/template/new:
// the document's title and description, a template to copy sections from, and its agents. Sections are
// written on the edit page it opens next.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import { GuidelinesDescriptionMaxLength, GuidelinesTitleMaxLength } from '@atrium/contract';
import { useTranslation } from '../../../app/i18n/i18n';
import { useNavigate, useSearchParams } from 'react-router';
import { AdminErrorAlert, AdminPageHeader, fieldErrors } from '../../../components/admin';
import { useCreateGuidelinesDocumentMutation, useListGuidelinesDocumentsQuery } from '../api/guidelines-documents.api';
import { AgentsPicker } from './agents-picker';
import { editPath, listPath } from './guidelines-paths';

export function GuidelinesNewPage({ template }: { template: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [params] = useSearchParams();
  const templates = useListGuidelinesDocumentsQuery({ isTemplate: true }, { skip: template });
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [templateId, setTemplateId] = useState(params.get('templateId') ?? '');
  const [agents, setAgents] = useState<Array<{ gptSystemId: string; name: string }>>([]);
  const [create, { isLoading, error }] = useCreateGuidelinesDocumentMutation();
  const errors = fieldErrors(error);
  const pageTitle = template ? t('guidelinesAdmin.newTemplateTitle') : t('guidelinesAdmin.newTitle');

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const result = await create({
      documentTitle: title,
      description,
      isTemplate: template,
      ...(templateId ? { templateId } : {}),
      gptSystemIds: agents.map((a) => a.gptSystemId),
    });
    if ('data' in result && result.data) {
      enqueueSnackbar(t('guidelinesAdmin.saved'), { variant: 'success' });
      navigate(editPath(template, result.data.guidelinesDocumentId), { replace: true });
    }
  };

  return (
    <>
      <AdminPageHeader
        title={pageTitle}
        breadcrumbs={[
          { label: t('guidelinesAdmin.title'), to: listPath(false) },
          ...(template ? [{ label: t('guidelinesAdmin.templates'), to: listPath(true) }] : []),
          { label: pageTitle },
        ]}
      />
      <Box component="form" onSubmit={(e) => void onSubmit(e)} noValidate sx={{ maxWidth: 860 }}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={2.5}>
            {error && Object.keys(errors).length === 0 && <AdminErrorAlert error={error} fallback={t('guidelinesAdmin.saveFailed')} />}
            <TextField
              label={t('guidelinesAdmin.fields.title')}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              required
              autoFocus
              error={!!errors.documentTitle}
              helperText={errors.documentTitle}
              slotProps={{ htmlInput: { maxLength: GuidelinesTitleMaxLength } }}
            />
            <TextField
              label={t('guidelinesAdmin.fields.description')}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              multiline
              minRows={2}
              error={!!errors.description}
              helperText={errors.description}
              slotProps={{ htmlInput: { maxLength: GuidelinesDescriptionMaxLength } }}
            />
            {!template && (
              <TextField
                select
                label={t('guidelinesAdmin.fields.template')}
                value={templateId}
                onChange={(e) => setTemplateId(e.target.value)}
                error={!!errors.templateId}
                helperText={errors.templateId}
              >
                <MenuItem value="">{t('guidelinesAdmin.fields.noTemplate')}</MenuItem>
                {(templates.data?.items ?? []).map((d) => (
                  <MenuItem key={d.guidelinesDocumentId} value={d.guidelinesDocumentId}>
                    {d.documentTitle}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {!template && <AgentsPicker value={agents} onChange={setAgents} error={Object.entries(errors).find(([k]) => k.startsWith('gptSystemIds'))?.[1]} />}
            <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
              <Button onClick={() => navigate(listPath(template))}>{t('guidelinesAdmin.cancel')}</Button>
              <Button type="submit" variant="contained" disabled={isLoading} startIcon={isLoading ? <CircularProgress size={16} /> : undefined}>
                {t('guidelinesAdmin.create')}
              </Button>
            </Stack>
          </Stack>
        </Paper>
      </Box>
    </>
  );
}
