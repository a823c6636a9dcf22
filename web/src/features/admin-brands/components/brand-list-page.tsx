// /admin/brand: every brand as a card (logo, colours, agents), with new, edit, make default and delete.
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import type { AdminBrand } from '@atrium/contract';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { useMayAct } from '../../../app/hooks/use-resolved-actions';
import { AdminErrorAlert, AdminNewButton, AdminPageHeader, apiErrorMessage, ConfirmDialog } from '../../../components/admin';
import { EmptyState } from '../../../components/empty-state';
import { useDeleteBrandMutation, useListAdminBrandsQuery, useSetBrandInstanceDefaultsMutation } from '../api/brands-admin.api';
import { BrandCard } from './brand-card';

export function BrandListPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { data, isLoading, error, refetch } = useListAdminBrandsQuery();
  const [deleteBrand, deleting] = useDeleteBrandMutation();
  const [setDefaults] = useSetBrandInstanceDefaultsMutation();
  const [toDelete, setToDelete] = useState<AdminBrand | null>(null);
  const canCreate = useMayAct('brands', 'create');

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteBrand(toDelete.brandKey).unwrap();
      enqueueSnackbar(t('adminBrands.deleted'), { variant: 'success' });
    } catch (e) {
      enqueueSnackbar(apiErrorMessage(e, t('adminBrands.deleteFailed')), { variant: 'error' });
    }
    setToDelete(null);
  };

  const makeDefault = async (brand: AdminBrand) => {
    try {
      await setDefaults({ defaultBrandKey: brand.brandKey }).unwrap();
      enqueueSnackbar(t('adminBrands.madeDefault', { name: brand.name }), { variant: 'success' });
    } catch (e) {
      enqueueSnackbar(apiErrorMessage(e, t('adminBrands.saveFailed')), { variant: 'error' });
    }
  };

  return (
    <>
      <AdminPageHeader
        title={t('adminBrands.title')}
        subtitle={t('adminBrands.subtitle')}
        breadcrumbs={[{ label: t('adminBrands.title') }]}
        actions={<AdminNewButton show={canCreate} to="/admin/brand/new" label={t('adminBrands.newBrand')} />}
      />
      {error && <AdminErrorAlert error={error} fallback={t('adminBrands.loadFailed')} onRetry={() => void refetch()} />}
      {data && data.items.length === 0 && <EmptyState text={t('adminBrands.empty')} />}
      <Grid container spacing={2}>
        {isLoading &&
          [0, 1, 2].map((i) => (
            <Grid key={i} size={{ xs: 12, sm: 6, lg: 4 }}>
              <Skeleton variant="rounded" height={280} />
            </Grid>
          ))}
        {data?.items.map((brand) => (
          <Grid key={brand.brandKey} size={{ xs: 12, sm: 6, lg: 4 }}>
            <BrandCard brand={brand} onDelete={setToDelete} onMakeDefault={(b) => void makeDefault(b)} />
          </Grid>
        ))}
      </Grid>
      <ConfirmDialog
        open={toDelete !== null}
        title={t('adminBrands.deleteTitle')}
        text={t('adminBrands.deleteText', { name: toDelete?.name ?? '' })}
        confirmLabel={t('adminBrands.delete')}
        busy={deleting.isLoading}
        onCancel={() => setToDelete(null)}
        onConfirm={() => void confirmDelete()}
      />
    </>
  );
}
