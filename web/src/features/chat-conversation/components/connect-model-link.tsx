// Under an answer of the built-in offline engine ("No language model is configured…"): people who may
// connect a model get a link to the models page; everyone else sees the answer alone.
import CableOutlined from '@mui/icons-material/CableOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../app/i18n/i18n';
import { useMayAct } from '../../../app/hooks/use-resolved-actions';

/** the models page of the admin area */
const ModelsPath = '/admin/models';

export function ConnectModelLink() {
  const { t } = useTranslation();
  if (!useMayAct('connections', 'write')) return null;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
      <Button component={RouterLink} to={ModelsPath} variant="outlined" size="small" startIcon={<CableOutlined />} sx={{ alignSelf: 'flex-start' }}>
        {t('conversation.connectModel')}
      </Button>
      <Typography variant="caption" color="text.secondary">
        {t('conversation.connectModelHint')}
      </Typography>
    </Stack>
  );
}
