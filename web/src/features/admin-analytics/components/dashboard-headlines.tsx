// The period's headline figures: conversations started, distinct active users, tokens (in and out) and questions
// per conversation, the first three with their course over the period; two to a row on a phone.
import type { AnalyticsChart } from '@atrium/contract';
import Grid from '@mui/material/Grid';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from '../../../app/i18n/i18n';
import { formatCompact, formatNumber } from './analytics-format';
import { HeadlineCard } from './headline-card';
import type { ChartState } from './use-chart';

const sum = (chart: AnalyticsChart | undefined, figure: 'inputTokens' | 'outputTokens') => (chart?.items ?? []).reduce((n, i) => n + (i[figure] ?? 0), 0);

export function DashboardHeadlines({
  conversations,
  users,
  tokens,
  averageLength,
}: Record<'conversations' | 'users' | 'tokens' | 'averageLength', ChartState>) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const locale = i18n.language;
  const compact = (v: number) => formatCompact(v, locale);
  const full = (v: number) => formatNumber(v, locale);
  const card = (state: ChartState) => ({
    value: state.data?.total ?? null,
    loading: state.loading,
    failed: Boolean(state.error),
    spark: state.data?.bucket ? state.data.items.map((i) => i.value) : undefined,
  });
  return (
    <Grid container spacing={2} sx={{ mb: 2 }}>
      <Grid size={{ xs: 6, lg: 3 }}>
        <HeadlineCard
          id="conversations"
          label={t('analyticsAdmin.headline.conversations')}
          hint={t('analyticsAdmin.headline.conversationsHint')}
          format={full}
          formatFull={full}
          color={theme.palette.primary.main}
          {...card(conversations)}
        />
      </Grid>
      <Grid size={{ xs: 6, lg: 3 }}>
        <HeadlineCard
          id="users"
          label={t('analyticsAdmin.headline.users')}
          hint={t('analyticsAdmin.headline.usersHint')}
          format={full}
          formatFull={full}
          color={theme.palette.secondary.main}
          {...card(users)}
        />
      </Grid>
      <Grid size={{ xs: 6, lg: 3 }}>
        <HeadlineCard
          id="tokens"
          label={t('analyticsAdmin.headline.tokens')}
          hint={
            tokens.data
              ? t('analyticsAdmin.headline.tokensHint', { input: compact(sum(tokens.data, 'inputTokens')), output: compact(sum(tokens.data, 'outputTokens')) })
              : undefined
          }
          format={compact}
          formatFull={full}
          color={theme.palette.info.main}
          {...card(tokens)}
        />
      </Grid>
      <Grid size={{ xs: 6, lg: 3 }}>
        <HeadlineCard
          id="average-length"
          label={t('analyticsAdmin.headline.averageLength')}
          hint={t('analyticsAdmin.headline.averageLengthHint')}
          format={full}
          formatFull={full}
          {...card(averageLength)}
        />
      </Grid>
    </Grid>
  );
}
