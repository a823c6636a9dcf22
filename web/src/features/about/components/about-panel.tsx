// docs/product.md §2 About panel: client and API versions, with a warning when they differ.
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import { BuildVersion } from '@atrium/contract';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '../../../components/tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { useGetBuildInfoQuery } from '../../../app/api/instance.api';
import { useAppDispatch, useAppSelector } from '../../../app/state/hooks';
import { uiActions } from '../../../app/state/ui.slice';
import { RightPanel } from '../../../components/right-panel';

// Tokens carry the build version with a trailing .0; both spellings name the same build.
const sameBuild = (a: string, b: string) => a.replace(/\.0$/, '') === b.replace(/\.0$/, '');

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="overline" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography
        component="dd"
        sx={{
          m: 0,
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
          fontSize: 14,
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          wordBreak: 'break-all',
        }}
      >
        {children}
      </Typography>
    </Box>
  );
}

export default function AboutPanel() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const open = useAppSelector((s) => s.ui.rightPanel === 'about');
  const { data, isLoading, isError } = useGetBuildInfoQuery(undefined, { skip: !open });
  const mismatch = data && !sameBuild(data.version, BuildVersion);
  const warning = data ? t('about.mismatch', { client: BuildVersion, api: data.version }) : '';

  return (
    <RightPanel open={open} title={t('about.title')} closeLabel={t('common.close')} onClose={() => dispatch(uiActions.openPanel(null))}>
      <Stack component="dl" spacing={2} sx={{ m: 0 }}>
        <Row label={t('about.clientVersion')}>
          <span data-testid="client-version">{BuildVersion}</span>
        </Row>
        <Row label={t('about.apiVersion')}>
          {isLoading && <Skeleton width={120} />}
          {isError && t('about.unavailable')}
          {data && <span data-testid="api-version">{data.version}</span>}
          {mismatch && (
            <Tooltip title={warning}>
              <WarningAmberRounded color="warning" fontSize="small" aria-label={warning} role="img" />
            </Tooltip>
          )}
        </Row>
        {data && (
          <>
            <Row label={t('about.buildId')}>{data.buildId}</Row>
            <Row label={t('about.commit')}>{data.commitHash.slice(0, 12)}</Row>
            <Row label={t('about.builtAt')}>{data.timestamp}</Row>
          </>
        )}
      </Stack>
    </RightPanel>
  );
}
