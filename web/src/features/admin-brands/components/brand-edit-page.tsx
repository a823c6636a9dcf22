// /admin/brand/new and /admin/brand/{brandKey}/edit: name, colours, login layout and images, with a
// live preview. A new brand starts from the current brand's look; images are added once it exists.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { BrandImageSlots, type AdminBrand, type BrandTheme, type LoginAlignments } from '@atrium/contract';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { brandFileUrl } from '../../../app/api/brand.api';
import { useCurrentBrand } from '../../../app/hooks/use-current-brand';
import { useMayAct } from '../../../app/hooks/use-resolved-actions';
import { fallbackBrandTheme } from '../../../app/theme/create-brand-theme';
import { AdminErrorAlert, AdminPageHeader, AdminSection, apiErrorMessage, apiErrorStatus, fieldErrors } from '../../../components/admin';
import { useCreateBrandMutation, useGetAdminBrandQuery, useUpdateBrandMutation } from '../api/brands-admin.api';
import { BrandColoursSection } from './brand-colours-section';
import { BrandGeneralSection } from './brand-general-section';
import { BrandImageUpload } from './brand-image-upload';
import { BrandLoginSection } from './brand-login-section';
import { BrandPreview } from './brand-preview';
import { can } from '../../../app/hooks/can';

export interface BrandFormValues {
  brandKey: string;
  name: string;
  theme: BrandTheme;
  loginBackground: string;
  loginAlignment: (typeof LoginAlignments)[number];
  useLoginBackgroundImg: boolean;
}

const fromBrand = (b: Pick<AdminBrand, 'brandKey' | 'name' | 'theme' | 'loginBackground' | 'loginAlignment' | 'useLoginBackgroundImg'>): BrandFormValues => ({
  brandKey: b.brandKey,
  name: b.name,
  theme: b.theme,
  loginBackground: b.loginBackground.main,
  loginAlignment: b.loginAlignment,
  useLoginBackgroundImg: b.useLoginBackgroundImg,
});

export function BrandEditPage() {
  const { t } = useTranslation();
  const { brandKey } = useParams();
  const isNew = brandKey === undefined;
  const { brand: current, isLoading: currentLoading } = useCurrentBrand();
  const { data: brand, error, isLoading, refetch } = useGetAdminBrandQuery(brandKey ?? '', { skip: isNew });
  const title = t(isNew ? 'adminBrands.newTitle' : 'adminBrands.editTitle');
  const header = (
    <AdminPageHeader title={title} subtitle={brand?.name} breadcrumbs={[{ label: t('adminBrands.title'), to: '/admin/brand' }, { label: title }]} />
  );
  if (!isNew && error) {
    return (
      <>
        {header}
        {apiErrorStatus(error) === 404 ? (
          <Alert severity="warning">{t('adminBrands.notFound')}</Alert>
        ) : (
          <AdminErrorAlert error={error} onRetry={() => void refetch()} />
        )}
      </>
    );
  }
  if (isNew ? currentLoading : isLoading || !brand) {
    return (
      <>
        {header}
        <Skeleton variant="rounded" height={420} />
      </>
    );
  }
  // a new brand starts from the look of the brand in use
  const theme = current?.theme ?? fallbackBrandTheme;
  const initial: BrandFormValues = brand
    ? fromBrand(brand)
    : {
        brandKey: '',
        name: '',
        theme,
        loginBackground: current?.loginBackground.main ?? theme.loginBackground.main,
        loginAlignment: 'Center',
        useLoginBackgroundImg: false,
      };
  return (
    <>
      {header}
      <BrandForm key={brandKey ?? 'new'} title={title} initial={initial} brand={brand ?? null} />
    </>
  );
}

function BrandForm({ title, initial, brand }: { title: string; initial: BrandFormValues; brand: AdminBrand | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const isNew = brand === null;
  const mayCreate = useMayAct('brands', 'create');
  const mayWrite = can(brand, 'Edit');
  const canSave = isNew ? mayCreate : mayWrite;
  const [create, creating] = useCreateBrandMutation();
  const [update, updating] = useUpdateBrandMutation();
  const [values, setValues] = useState<BrandFormValues>(initial);
  const [saveError, setSaveError] = useState<unknown>(null);

  const errors = fieldErrors(saveError);
  const change = (patch: Partial<BrandFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const body = {
    name: values.name,
    theme: values.theme,
    loginBackground: { main: values.loginBackground },
    loginAlignment: values.loginAlignment,
    useLoginBackgroundImg: values.useLoginBackgroundImg,
  };

  const save = async () => {
    setSaveError(null);
    try {
      if (isNew) {
        const created = await create({ brandKey: values.brandKey, body }).unwrap();
        enqueueSnackbar(t('adminBrands.created'), { variant: 'success' });
        navigate(`/admin/brand/${encodeURIComponent(created.brandKey)}/edit`, { replace: true });
      } else {
        await update({ brandKey: brand.brandKey, body }).unwrap();
        enqueueSnackbar(t('adminBrands.saved'), { variant: 'success' });
      }
    } catch (e) {
      setSaveError(e);
      enqueueSnackbar(apiErrorMessage(e, t('adminBrands.saveFailed')), { variant: 'error' });
    }
  };

  const splash = brand && values.useLoginBackgroundImg ? brandFileUrl(brand, brand.splashScreenBackgroundFileName ?? 'splashScreenBackground.svg') : null;
  const logo = brand ? brandFileUrl(brand, brand.logoFileName ?? 'logo.svg') : null;
  const busy = creating.isLoading || updating.isLoading;

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 7 }}>
        <Stack spacing={3} component="form" noValidate onSubmit={(e) => (e.preventDefault(), void save())} aria-label={title}>
          <AdminSection title={t('adminBrands.sections.general')}>
            <BrandGeneralSection isNew={isNew} values={values} errors={errors} disabled={!canSave} onChange={change} />
          </AdminSection>
          <AdminSection title={t('adminBrands.sections.colours')}>
            <BrandColoursSection theme={values.theme} errors={errors} disabled={!canSave} onChange={(theme) => change({ theme })} />
          </AdminSection>
          <AdminSection title={t('adminBrands.sections.login')}>
            <BrandLoginSection values={values} errors={errors} disabled={!canSave} onChange={change} />
          </AdminSection>
          <AdminSection title={t('adminBrands.sections.images')}>
            {brand ? (
              <Grid container spacing={2}>
                {BrandImageSlots.map((slot) => (
                  <Grid key={slot} size={{ xs: 12, sm: 6 }}>
                    <BrandImageUpload brand={brand} slot={slot} canWrite={mayWrite} />
                  </Grid>
                ))}
              </Grid>
            ) : (
              <Alert severity="info">{t('adminBrands.images.saveFirst')}</Alert>
            )}
          </AdminSection>
          {saveError != null && <AdminErrorAlert error={saveError} fallback={t('adminBrands.saveFailed')} />}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button component={RouterLink} to="/admin/brand">
              {t('adminBrands.cancel')}
            </Button>
            {canSave && (
              <Button type="submit" variant="contained" disabled={busy}>
                {t(isNew ? 'adminBrands.create' : 'adminBrands.save')}
              </Button>
            )}
          </Stack>
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <Box sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
          <AdminSection title={t('adminBrands.sections.preview')}>
            <BrandPreview
              name={values.name}
              theme={values.theme}
              loginBackground={values.loginBackground}
              loginAlignment={values.loginAlignment}
              splashUrl={splash}
              logoUrl={logo}
            />
          </AdminSection>
        </Box>
      </Grid>
    </Grid>
  );
}
