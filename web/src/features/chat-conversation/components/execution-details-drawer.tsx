// The execution details of one answer: status, model, usage and its execution logs.
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../app/i18n/i18n';
import { useGetExecutionDetailsQuery } from '../api/get-execution-details.api';

interface ExecutionDetailsDrawerProps {
  target: { conversationId: string; segmentId: string } | null;
  onClose: () => void;
}

export function ExecutionDetailsDrawer({ target, onClose }: ExecutionDetailsDrawerProps) {
  const { t, i18n } = useTranslation();
  const { data, isFetching } = useGetExecutionDetailsQuery(target ?? { conversationId: '', segmentId: '' }, { skip: !target });
  const time = (iso: string) => new Date(iso).toLocaleTimeString(i18n.language);
  const usage = data?.usage;
  return (
    <Drawer
      anchor="right"
      open={target !== null}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 420 } }, 'aria-label': t('conversation.executionDetails') } }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('conversation.executionDetails')}
        </Typography>
        <IconButton aria-label={t('conversation.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      {isFetching && !data ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress size={24} />
        </Box>
      ) : data ? (
        <Box sx={{ p: 2 }}>
          <Stack spacing={0.5} sx={{ mb: 2 }}>
            <Typography variant="body2">
              {t('conversation.status')}: <Chip size="small" label={data.status} />
            </Typography>
            {data.answeredWithModel && <Typography variant="body2">{`${t('conversation.model')}: ${data.answeredWithModel.displayName}`}</Typography>}
            {usage && (usage.promptTokens !== null || usage.completionTokens !== null) && (
              <Typography variant="body2">{`${t('conversation.tokens')}: ${usage.promptTokens ?? 0} + ${usage.completionTokens ?? 0}`}</Typography>
            )}
            {usage?.durationMs != null && <Typography variant="body2">{`${t('conversation.duration')}: ${(usage.durationMs / 1000).toFixed(1)} s`}</Typography>}
          </Stack>
          {data.executionLogs.length === 0 ? (
            <Typography color="text.secondary">{t('conversation.noExecutionLogs')}</Typography>
          ) : (
            <List dense disablePadding>
              {data.executionLogs.map((log, i) => (
                <ListItem key={i} disableGutters divider>
                  <ListItemText
                    primary={log.message}
                    secondary={`${time(log.createdAt)} · ${log.executionLogType} · ${log.executionLogDetailLevel}`}
                    slotProps={{ primary: { color: log.isError ? 'error' : undefined, sx: { wordBreak: 'break-word' } } }}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Box>
      ) : null}
    </Drawer>
  );
}
