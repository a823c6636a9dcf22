// /admin/dashboard: the analytics of the chosen period (docs/analytics.md) — headline figures, the course of
// conversations, users and tokens over the period, the estimated cost by deployment, the hours of the day, the shares of signed-in people and public
// visitors, models and brands, and the agents (each opening its drill-down); an export of the period as CSV.
import type { AnalyticsChart, AnalyticsItem, ReportingPeriod } from '@atrium/contract';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { AdminErrorAlert, AdminPageHeader } from '../../../components/admin';
import { formatDateTime } from '../../../components/date-time';
import type { AnalyticsChartName } from '../api/analytics.api';
import { exportAnalytics } from '../api/export-analytics';
import { AgentsTable, agentRowsOf } from './agents-table';
import { BreakdownChart, slicesOf } from './breakdown-chart';
import { ChartCard } from './chart-card';
import { DashboardCosts } from './dashboard-costs';
import { DashboardHeadlines } from './dashboard-headlines';
import { MeasureSwitch, type Measure } from './measure-switch';
import { PeriodPicker } from './period-picker';
import { SeriesChart } from './series-chart';
import { useChart, type ChartState } from './use-chart';
import { useReportingPeriod } from './use-reporting-period';

/** Nothing started and no tokens used: the period has nothing to draw. */
const isEmptyPeriod = (conversations?: AnalyticsChart, tokens?: AnalyticsChart) => conversations?.total === 0 && tokens?.total === 0;

/** The chart of the chosen measure among those a breakdown offers (the others are not asked for). */
function useMeasuredChart(
  period: ReportingPeriod,
  measure: Measure,
  charts: { conversations: AnalyticsChartName; tokens: AnalyticsChartName; users?: AnalyticsChartName },
): ChartState {
  const conversations = useChart(charts.conversations, period, { skip: measure !== 'conversations' });
  const tokens = useChart(charts.tokens, period, { skip: measure !== 'tokens' });
  const users = useChart(charts.users ?? charts.conversations, period, { skip: measure !== 'users' || !charts.users });
  return measure === 'users' && charts.users ? users : measure === 'tokens' ? tokens : conversations;
}

export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const { enqueueSnackbar } = useSnackbar();
  const [period, setPeriod] = useReportingPeriod();
  const [exporting, setExporting] = useState(false);
  const [hourMeasure, setHourMeasure] = useState<Measure>('conversations');
  const [privacyMeasure, setPrivacyMeasure] = useState<'conversations' | 'tokens'>('conversations');
  const [modelMeasure, setModelMeasure] = useState<'conversations' | 'tokens'>('conversations');
  const [brandMeasure, setBrandMeasure] = useState<Measure>('conversations');

  const conversations = useChart('conversationsByReportingPeriod', period);
  const tokens = useChart('tokensByReportingPeriod', period);
  const users = useChart('usersByReportingPeriod', period);
  const averageLength = useChart('averageConversationLength', period);
  const agentConversations = useChart('conversationsByGptSystem', period);
  const agentTokens = useChart('tokensByGptSystem', period);
  const agentUsers = useChart('usersByGptSystem', period);
  const byHour = useMeasuredChart(period, hourMeasure, { conversations: 'conversationsByHour', tokens: 'tokensByHour', users: 'usersByHourOfDay' });
  const byPrivacy = useMeasuredChart(period, privacyMeasure, { conversations: 'conversationsByPrivacy', tokens: 'tokensByPrivacy' });
  const byModel = useMeasuredChart(period, modelMeasure, { conversations: 'conversationsByModel', tokens: 'tokensByModel' });
  const byBrand = useMeasuredChart(period, brandMeasure, { conversations: 'conversationsByBrand', tokens: 'tokensByBrand', users: 'usersByBrand' });

  const empty = isEmptyPeriod(conversations.data, tokens.data);
  const zone = conversations.data?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const rolledUpUntil = conversations.data?.rolledUpUntil;
  // the watermark is the end of the hour the last rollup ran in, the period's end that of the current hour: only a
  // watermark before the period's end says the figures are behind
  const subtitle = !conversations.data
    ? t('analyticsAdmin.subtitle')
    : !rolledUpUntil
      ? t('analyticsAdmin.figuresNone', { zone })
      : new Date(rolledUpUntil).getTime() < new Date(conversations.data.to).getTime()
        ? t('analyticsAdmin.figuresUntil', { time: formatDateTime(rolledUpUntil, i18n.language), zone })
        : t('analyticsAdmin.figuresCurrent', { zone });

  const onExport = async () => {
    setExporting(true);
    const done = await exportAnalytics(period);
    setExporting(false);
    if (!done) enqueueSnackbar(t('analyticsAdmin.exportFailed'), { variant: 'error' });
  };

  const cardState = (state: ChartState) => ({ loading: state.loading, error: state.error, onRetry: state.refetch });
  const privacyLabel = (item: AnalyticsItem) => (item.key === 'Public' || item.key === 'Private' ? t(`analyticsAdmin.privacy.${item.key}`) : item.label);
  const modelLabel = (item: AnalyticsItem) => item.key || t('analyticsAdmin.unknownModel');
  const other = t('analyticsAdmin.other');
  const privacyColors: Record<string, string> = { Private: theme.palette.primary.main, Public: theme.palette.warning.main };
  const hourSeries = {
    conversations: { figure: 'value' as const, label: t('analyticsAdmin.series.conversations'), color: theme.palette.primary.main },
    tokens: { figure: 'value' as const, label: t('analyticsAdmin.measures.tokens'), color: theme.palette.info.main },
    users: { figure: 'value' as const, label: t('analyticsAdmin.measures.users'), color: theme.palette.secondary.main },
  }[hourMeasure];
  const hasItems = (state: ChartState) => (state.data?.items ?? []).some((i) => i.value > 0);
  const titles = {
    conversations: t('analyticsAdmin.charts.conversationsOverTime'),
    users: t('analyticsAdmin.charts.usersOverTime'),
    tokens: t('analyticsAdmin.charts.tokensOverTime'),
    hour: t('analyticsAdmin.charts.byHour'),
    privacy: t('analyticsAdmin.charts.byPrivacy'),
    model: t('analyticsAdmin.charts.byModel'),
    brand: t('analyticsAdmin.charts.byBrand'),
    agents: t('analyticsAdmin.charts.agents'),
  };

  return (
    <>
      <AdminPageHeader
        title={t('analyticsAdmin.title')}
        pageTitle={t('analyticsAdmin.pageTitle')}
        subtitle={subtitle}
        breadcrumbs={[{ label: t('analyticsAdmin.title') }]}
        actions={
          <>
            <PeriodPicker value={period} onChange={setPeriod} />
            <Button variant="outlined" startIcon={<DownloadOutlined />} loading={exporting} loadingPosition="start" onClick={() => void onExport()}>
              {t('analyticsAdmin.export')}
            </Button>
          </>
        }
      />
      <DashboardHeadlines conversations={conversations} users={users} tokens={tokens} averageLength={averageLength} />
      {conversations.error ? (
        <AdminErrorAlert
          error={conversations.error}
          fallback={t('analyticsAdmin.loadFailed')}
          onRetry={() => [conversations, tokens, users, averageLength, agentConversations, agentTokens, agentUsers].forEach((s) => s.error && s.refetch())}
        />
      ) : empty ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center' }} data-testid="analytics-empty">
          <InsightsOutlined color="disabled" sx={{ fontSize: 48, mb: 1 }} />
          <Typography variant="h6" component="p">
            {t('analyticsAdmin.noConversations')}
          </Typography>
          <Typography color="text.secondary">{t('analyticsAdmin.noConversationsText')}</Typography>
        </Paper>
      ) : (
        <Grid container spacing={2}>
          <DashboardCosts period={period} />
          <Grid size={{ xs: 12, lg: 6 }}>
            <ChartCard title={titles.conversations} {...cardState(conversations)} testId="analytics-conversations-over-time">
              {conversations.data && (
                <SeriesChart
                  kind="line"
                  label={titles.conversations}
                  chart={conversations.data}
                  series={[{ figure: 'value', label: t('analyticsAdmin.series.conversations'), color: theme.palette.primary.main }]}
                />
              )}
            </ChartCard>
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <ChartCard title={titles.users} {...cardState(users)} testId="analytics-users-over-time">
              {users.data && (
                <SeriesChart
                  label={titles.users}
                  chart={users.data}
                  series={[
                    { figure: 'signedInUsers', label: t('analyticsAdmin.series.signedIn'), color: privacyColors.Private!, stack: 'users' },
                    { figure: 'visitors', label: t('analyticsAdmin.series.visitors'), color: privacyColors.Public!, stack: 'users' },
                  ]}
                />
              )}
            </ChartCard>
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <ChartCard title={titles.tokens} {...cardState(tokens)} testId="analytics-tokens-over-time">
              {tokens.data && (
                <SeriesChart
                  label={titles.tokens}
                  chart={tokens.data}
                  series={[
                    { figure: 'inputTokens', label: t('analyticsAdmin.series.inputTokens'), color: theme.palette.info.main, stack: 'tokens' },
                    { figure: 'outputTokens', label: t('analyticsAdmin.series.outputTokens'), color: theme.palette.success.main, stack: 'tokens' },
                  ]}
                />
              )}
            </ChartCard>
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <ChartCard
              title={titles.hour}
              {...cardState(byHour)}
              empty={!hasItems(byHour)}
              testId="analytics-by-hour"
              action={<MeasureSwitch chartTitle={titles.hour} value={hourMeasure} options={['conversations', 'tokens', 'users']} onChange={setHourMeasure} />}
            >
              {byHour.data && <SeriesChart label={titles.hour} chart={byHour.data} series={[hourSeries]} />}
            </ChartCard>
          </Grid>
          <Grid size={{ xs: 12, md: 6, lg: 4 }}>
            <ChartCard
              title={titles.privacy}
              {...cardState(byPrivacy)}
              empty={!hasItems(byPrivacy)}
              height={220}
              testId="analytics-by-privacy"
              action={<MeasureSwitch chartTitle={titles.privacy} value={privacyMeasure} options={['conversations', 'tokens']} onChange={setPrivacyMeasure} />}
            >
              {byPrivacy.data && (
                <BreakdownChart
                  label={titles.privacy}
                  slices={slicesOf(byPrivacy.data.items, privacyLabel, other).map((s) => ({ ...s, color: privacyColors[s.id] }))}
                />
              )}
            </ChartCard>
          </Grid>
          <Grid size={{ xs: 12, md: 6, lg: 4 }}>
            <ChartCard
              title={titles.model}
              {...cardState(byModel)}
              empty={!hasItems(byModel)}
              height={220}
              testId="analytics-by-model"
              action={<MeasureSwitch chartTitle={titles.model} value={modelMeasure} options={['conversations', 'tokens']} onChange={setModelMeasure} />}
            >
              {byModel.data && <BreakdownChart label={titles.model} slices={slicesOf(byModel.data.items, modelLabel, other)} />}
            </ChartCard>
          </Grid>
          <Grid size={{ xs: 12, md: 6, lg: 4 }}>
            <ChartCard
              title={titles.brand}
              {...cardState(byBrand)}
              empty={!hasItems(byBrand)}
              height={220}
              testId="analytics-by-brand"
              action={
                <MeasureSwitch chartTitle={titles.brand} value={brandMeasure} options={['conversations', 'tokens', 'users']} onChange={setBrandMeasure} />
              }
            >
              {byBrand.data && <BreakdownChart label={titles.brand} slices={slicesOf(byBrand.data.items, (i) => i.label, other)} />}
            </ChartCard>
          </Grid>
          <Grid size={12}>
            <ChartCard
              title={titles.agents}
              loading={agentConversations.loading || agentTokens.loading}
              error={agentConversations.error ?? agentTokens.error ?? agentUsers.error ?? averageLength.error}
              onRetry={() => [agentConversations, agentTokens, agentUsers, averageLength].forEach((s) => s.error && s.refetch())}
              empty={agentConversations.data?.items.length === 0 && agentTokens.data?.items.length === 0}
              height={160}
              testId="analytics-agents"
            >
              <AgentsTable
                period={period}
                rows={agentRowsOf({
                  conversations: agentConversations.data,
                  tokens: agentTokens.data,
                  users: agentUsers.data,
                  averageLength: averageLength.data,
                })}
              />
            </ChartCard>
          </Grid>
        </Grid>
      )}
      <Stack sx={{ height: 16 }} />
    </>
  );
}
