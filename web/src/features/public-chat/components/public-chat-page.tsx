// /public-chat/:publicChatEndpoint/:popup?: visitors chat without signing in. With popup "true" only
// the chat is shown (embeds); otherwise a side menu sits next to it. No conversation lists or tabs.
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { useTranslation } from '../../../app/i18n/i18n';
import { useParams } from 'react-router';
import { brandFileUrl } from '../../../app/api/brand.api';
import { useCurrentBrand } from '../../../app/hooks/use-current-brand';
import { usePageTitle } from '../../../app/hooks/use-page-title';
import { BrandLogo } from '../../../components/brand-logo';
import { EmptyState } from '../../../components/empty-state';

export default function PublicChatPage() {
  const { t } = useTranslation();
  const { popup } = useParams();
  const { brand } = useCurrentBrand();
  usePageTitle(t('publicChat.pageTitle'));
  const chat = (
    <Paper variant="outlined" sx={{ flexGrow: 1, display: 'grid', placeItems: 'center', m: popup === 'true' ? 0 : { xs: 2, md: 3 } }}>
      <EmptyState icon={<ForumOutlined />} title={t('publicChat.title')} text={t('publicChat.text')} />
    </Paper>
  );
  if (popup === 'true') return <Box sx={{ display: 'flex', minHeight: '100vh' }}>{chat}</Box>;
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Box
        component="nav"
        aria-label={t('publicChat.menu')}
        sx={{ display: { xs: 'none', md: 'block' }, width: 280, flexShrink: 0, p: 2.5, borderRight: 1, borderColor: 'divider', bgcolor: 'menu.main' }}
      >
        <BrandLogo
          src={brand ? brandFileUrl(brand, brand.navigationLogoFileName ?? brand.logoFileName) : null}
          alt={t('common.logoAlt', { name: brand?.name ?? '' })}
          height={32}
        />
      </Box>
      {chat}
    </Box>
  );
}
