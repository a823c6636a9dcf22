// /admin/guidelines/{id}/edit and /admin/guidelines/template/{id}/edit: the document's details and
// agents, and its sections (add, edit, move up/down, delete). Every saved change of the text gives the
// document a new content version, which asks people for consent again.
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { GuidelinesDescriptionMaxLength, GuidelinesTitleMaxLength, type GuidelinesDocument } from '@atrium/contract';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { useNavigate, useParams } from 'react-router';
import { AdminErrorAlert, AdminPageHeader, ConfirmDialog, apiErrorMessage, fieldErrors } from '../../../components/admin';
import {
  useAddGuidelinesSectionMutation,
  useDeleteGuidelinesDocumentMutation,
  useDeleteGuidelinesSectionMutation,
  useGetGuidelinesDocumentQuery,
  useReorderGuidelinesSectionsMutation,
  useUpdateGuidelinesDocumentMutation,
  useUpdateGuidelinesSectionMutation,
} from '../api/guidelines-documents.api';
import { AgentsPicker } from './agents-picker';
import { listPath } from './guidelines-paths';
import { SectionCard } from './section-card';
import { can } from '../../../app/hooks/can';

function DetailsForm({ doc, canWrite }: { doc: GuidelinesDocument; canWrite: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [title, setTitle] = useState(doc.documentTitle);
  const [description, setDescription] = useState(doc.description);
  const [agents, setAgents] = useState(doc.gptSystems);
  const [update, { isLoading, error }] = useUpdateGuidelinesDocumentMutation();
  const errors = fieldErrors(error);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const result = await update({
      id: doc.guidelinesDocumentId,
      body: { documentTitle: title, description, ...(doc.isTemplate ? {} : { gptSystemIds: agents.map((a) => a.gptSystemId) }) },
    });
    if ('data' in result) enqueueSnackbar(t('guidelinesAdmin.saved'), { variant: 'success' });
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="form" onSubmit={(e: FormEvent) => void onSubmit(e)} noValidate>
      <Stack spacing={2.5}>
        <Typography variant="h6" component="h2">
          {t('guidelinesAdmin.details')}
        </Typography>
        {error && Object.keys(errors).length === 0 && <AdminErrorAlert error={error} fallback={t('guidelinesAdmin.saveFailed')} />}
        <TextField
          label={t('guidelinesAdmin.fields.title')}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          required
          disabled={!canWrite}
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
          disabled={!canWrite}
          slotProps={{ htmlInput: { maxLength: GuidelinesDescriptionMaxLength } }}
        />
        {!doc.isTemplate && (
          <AgentsPicker
            value={agents}
            onChange={setAgents}
            disabled={!canWrite}
            error={Object.entries(errors).find(([k]) => k.startsWith('gptSystemIds'))?.[1]}
          />
        )}
        {canWrite && (
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" disabled={isLoading}>
              {t('guidelinesAdmin.save')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function SectionsEditor({ doc, canWrite }: { doc: GuidelinesDocument; canWrite: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const id = doc.guidelinesDocumentId;
  const [add, adding] = useAddGuidelinesSectionMutation();
  const [updateSection] = useUpdateGuidelinesSectionMutation();
  const [removeSection, removing] = useDeleteGuidelinesSectionMutation();
  const [reorder, reordering] = useReorderGuidelinesSectionsMutation();
  const [toDelete, setToDelete] = useState<{ id: string; title: string } | null>(null);
  const failed = (error: unknown) => enqueueSnackbar(apiErrorMessage(error, t('guidelinesAdmin.saveFailed')), { variant: 'error' });
  const sections = doc.sections;

  const move = async (index: number, delta: -1 | 1) => {
    const order = sections.map((s) => s.documentSectionId);
    const [moved] = order.splice(index, 1);
    order.splice(index + delta, 0, moved!);
    const result = await reorder({ id, documentSectionIds: order });
    if ('error' in result) failed(result.error);
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ alignItems: { xs: 'flex-start', sm: 'baseline' }, justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h2">
            {t('guidelinesAdmin.sections')}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t('guidelinesAdmin.version', { version: doc.contentVersion })}
          </Typography>
        </Stack>
        {sections.length === 0 && <Typography color="text.secondary">{t('guidelinesAdmin.noSections')}</Typography>}
        {sections.map((s, i) => (
          <SectionCard
            // a new version of the text (after a save elsewhere) resets the inputs to it
            key={`${s.documentSectionId}:${s.title}:${s.content.length}`}
            section={s}
            index={i}
            count={sections.length}
            disabled={!canWrite || reordering.isLoading}
            onSave={async (title, content) => {
              const result = await updateSection({ id, sectionId: s.documentSectionId, body: { title, content } });
              if ('error' in result) failed(result.error);
              else enqueueSnackbar(t('guidelinesAdmin.saved'), { variant: 'success' });
              return !('error' in result);
            }}
            onMove={(delta) => void move(i, delta)}
            onDelete={() => setToDelete({ id: s.documentSectionId, title: s.title })}
          />
        ))}
        {canWrite && (
          <Box>
            <Button
              startIcon={adding.isLoading ? <CircularProgress size={16} /> : <AddIcon />}
              disabled={adding.isLoading}
              onClick={async () => {
                const result = await add({ id, body: { title: t('guidelinesAdmin.newSectionTitle'), content: '' } });
                if ('error' in result) failed(result.error);
              }}
            >
              {t('guidelinesAdmin.addSection')}
            </Button>
          </Box>
        )}
      </Stack>
      <ConfirmDialog
        open={toDelete !== null}
        title={t('guidelinesAdmin.deleteSectionTitle')}
        text={t('guidelinesAdmin.deleteSectionText', { title: toDelete?.title ?? '' })}
        confirmLabel={t('guidelinesAdmin.delete')}
        busy={removing.isLoading}
        onCancel={() => setToDelete(null)}
        onConfirm={async () => {
          if (!toDelete) return;
          const result = await removeSection({ id, sectionId: toDelete.id });
          setToDelete(null);
          if ('error' in result) failed(result.error);
        }}
      />
    </Paper>
  );
}

export function GuidelinesEditPage({ template }: { template: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { guidelinesDocumentId = '' } = useParams();
  const query = useGetGuidelinesDocumentQuery(guidelinesDocumentId, { refetchOnMountOrArgChange: true });
  const [remove, removing] = useDeleteGuidelinesDocumentMutation();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const doc = query.data;
  const canWrite = can(doc, 'Edit');
  const pageTitle = template ? t('guidelinesAdmin.editTemplateTitle') : t('guidelinesAdmin.editTitle');
  return (
    <>
      <AdminPageHeader
        title={doc?.documentTitle ?? pageTitle}
        pageTitle={pageTitle}
        breadcrumbs={[
          { label: t('guidelinesAdmin.title'), to: listPath(false) },
          ...(template ? [{ label: t('guidelinesAdmin.templates'), to: listPath(true) }] : []),
          { label: pageTitle },
        ]}
        actions={
          doc &&
          canWrite && (
            <Button color="error" variant="outlined" onClick={() => setConfirmDelete(true)}>
              {t('guidelinesAdmin.delete')}
            </Button>
          )
        }
      />
      {query.isLoading && <CircularProgress aria-label={t('guidelinesAdmin.loading')} />}
      {query.error && <AdminErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      {doc && (
        <Stack spacing={3} sx={{ maxWidth: 860 }}>
          <DetailsForm key={doc.updatedAt} doc={doc} canWrite={canWrite} />
          <SectionsEditor doc={doc} canWrite={canWrite} />
        </Stack>
      )}
      <ConfirmDialog
        open={confirmDelete}
        title={t('guidelinesAdmin.deleteTitle')}
        text={t('guidelinesAdmin.deleteText', { title: doc?.documentTitle ?? '' })}
        confirmLabel={t('guidelinesAdmin.delete')}
        busy={removing.isLoading}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={async () => {
          const result = await remove(guidelinesDocumentId);
          setConfirmDelete(false);
          if ('error' in result) enqueueSnackbar(apiErrorMessage(result.error, t('guidelinesAdmin.saveFailed')), { variant: 'error' });
          else {
            enqueueSnackbar(t('guidelinesAdmin.deleted'), { variant: 'success' });
            navigate(listPath(template));
          }
        }}
      />
    </>
  );
}
