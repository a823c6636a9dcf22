// The tabs of the instance settings; each tab is an address, so a tab can be linked and reloaded.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { InstanceSettingsTabs, type InstanceSettingsTab } from '@atrium/contract';
import { useTranslation } from '../../../app/i18n/i18n';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import { useMayAct } from '../../../app/hooks/use-resolved-actions';
import { AdminPageHeader } from '../../../components/admin';
import { AgentsTab } from './agents-tab';
import { ApiKeysTab } from './api-keys-tab';
import { BrandingTab } from './branding-tab';
import { HipaaTab } from './hipaa-tab';

const isTab = (value: string | undefined): value is InstanceSettingsTab => (InstanceSettingsTabs as readonly string[]).includes(value ?? '');

export function InstanceSettingsPage() {
  const { t } = useTranslation();
  const { tab } = useParams();
  const canWrite = useMayAct('instanceSettings', 'write');
  if (!isTab(tab)) return <Navigate to="/admin/instanceSettings/apiKeys" replace />;
  const title = t('adminInstanceSettings.title');
  return (
    <>
      <AdminPageHeader
        title={title}
        pageTitle={`${t(`adminInstanceSettings.tabs.${tab}`)} - ${title}`}
        subtitle={t('adminInstanceSettings.subtitle')}
        breadcrumbs={[{ label: title, to: '/admin/instanceSettings' }, { label: t(`adminInstanceSettings.tabs.${tab}`) }]}
      />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs value={tab} variant="scrollable" allowScrollButtonsMobile aria-label={title}>
          {InstanceSettingsTabs.map((name) => (
            <Tab key={name} value={name} label={t(`adminInstanceSettings.tabs.${name}`)} component={RouterLink} to={`/admin/instanceSettings/${name}`} />
          ))}
        </Tabs>
      </Box>
      {!canWrite && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('adminInstanceSettings.readOnly')}
        </Alert>
      )}
      <Box role="tabpanel" aria-label={t(`adminInstanceSettings.tabs.${tab}`)}>
        {tab === 'apiKeys' && <ApiKeysTab canWrite={canWrite} />}
        {tab === 'hipaa' && <HipaaTab canWrite={canWrite} />}
        {tab === 'branding' && <BrandingTab canWrite={canWrite} />}
        {tab === 'agents' && <AgentsTab canWrite={canWrite} />}
      </Box>
    </>
  );
}
