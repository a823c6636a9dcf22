// /admin/dashboard/gptsystem/:gptSystemId: one agent over the chosen period — conversations started and questions
// asked, and the thumbs up and down its answers got, per bucket (GptSystemConversationsByPeriod and
// GptSystemConversationSegmentFeedBackByPeriod).
import type { AnalyticsChart } from '@atrium/contract';
import Grid from '@mui/material/Grid';
import { useTheme } from '@mui/material/styles';
import { useParams } from 'react-router';
import { useTranslation } from '../../../app/i18n/i18n';
import { AdminPageHeader } from '../../../components/admin';
import { formatNumber } from './analytics-format';
import { ChartCard } from './chart-card';
import { HeadlineCard } from './headline-card';
import { PeriodPicker } from './period-picker';
import { SeriesChart } from './series-chart';
import { useChart, type ChartState } from './use-chart';
import { periodSearch, useReportingPeriod } from './use-reporting-period';

const sumOf = (chart: AnalyticsChart | undefined, figure: 'segments' | 'positive' | 'negative') =>
  chart ? chart.items.reduce((n, i) => n + (i[figure] ?? 0), 0) : null;

export function AgentAnalyticsPage() {
  const { gptSystemId = '' } = useParams();
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const [period, setPeriod] = useReportingPeriod();
  const conversations = useChart('gptSystemConversationsByPeriod', period, { gptSystemId });
  const feedback = useChart('gptSystemConversationSegmentFeedBackByPeriod', period, { gptSystemId });
  // the agent's name: from the dashboard's list of agents (cached when coming from there), else from all time
  const agents = useChart('conversationsByGptSystem', period);
  const named = agents.data?.items.find((i) => i.key === gptSystemId);
  const allTime = useChart('conversationsByGptSystem', 'AllTime', { skip: !agents.data || Boolean(named) });
  const name =
    named?.label ?? allTime.data?.items.find((i) => i.key === gptSystemId)?.label ?? t('analyticsAdmin.agent.unknown', { id: gptSystemId.slice(0, 8) });

  const full = (v: number) => formatNumber(v, i18n.language);
  const cardState = (state: ChartState) => ({ loading: state.loading, error: state.error, onRetry: state.refetch });
  const headline = (id: string, label: string, hint: string, state: ChartState, value: number | null, color?: string, spark?: number[]) => (
    <Grid size={{ xs: 6, lg: 3 }}>
      <HeadlineCard
        id={id}
        label={label}
        hint={hint}
        value={value}
        format={full}
        formatFull={full}
        loading={state.loading}
        failed={Boolean(state.error)}
        color={color}
        spark={spark}
      />
    </Grid>
  );
  const positive = sumOf(feedback.data, 'positive');
  const negative = sumOf(feedback.data, 'negative');
  const titles = { conversations: t('analyticsAdmin.agent.conversations'), feedback: t('analyticsAdmin.agent.feedback') };
  return (
    <>
      <AdminPageHeader
        title={name}
        pageTitle={t('analyticsAdmin.pageTitle')}
        subtitle={t('analyticsAdmin.agent.subtitle')}
        breadcrumbs={[{ label: t('analyticsAdmin.title'), to: `/admin/dashboard${periodSearch(period)}` }, { label: name }]}
        actions={<PeriodPicker value={period} onChange={setPeriod} />}
      />
      <Grid container spacing={2} sx={{ mb: 2 }}>
        {headline(
          'agent-conversations',
          t('analyticsAdmin.headline.conversations'),
          t('analyticsAdmin.agent.conversationsHint'),
          conversations,
          conversations.data?.total ?? null,
          theme.palette.primary.main,
          conversations.data?.items.map((i) => i.value),
        )}
        {headline(
          'agent-questions',
          t('analyticsAdmin.series.questions'),
          t('analyticsAdmin.agent.questionsHint'),
          conversations,
          sumOf(conversations.data, 'segments'),
          theme.palette.secondary.main,
        )}
        {headline(
          'agent-positive',
          t('analyticsAdmin.series.positive'),
          t('analyticsAdmin.agent.feedbackHint'),
          feedback,
          positive,
          theme.palette.success.main,
        )}
        {headline('agent-negative', t('analyticsAdmin.series.negative'), t('analyticsAdmin.agent.feedbackHint'), feedback, negative, theme.palette.error.main)}
      </Grid>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartCard
            title={titles.conversations}
            {...cardState(conversations)}
            empty={conversations.data?.total === 0 && sumOf(conversations.data, 'segments') === 0}
            emptyText={t('analyticsAdmin.noConversations')}
            testId="analytics-agent-conversations"
          >
            {conversations.data && (
              <SeriesChart
                label={titles.conversations}
                chart={conversations.data}
                series={[
                  { figure: 'conversations', label: t('analyticsAdmin.series.conversations'), color: theme.palette.primary.main },
                  { figure: 'segments', label: t('analyticsAdmin.series.questions'), color: theme.palette.secondary.main },
                ]}
              />
            )}
          </ChartCard>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartCard
            title={titles.feedback}
            {...cardState(feedback)}
            empty={feedback.data?.total === 0}
            emptyText={t('analyticsAdmin.agent.noFeedback')}
            testId="analytics-agent-feedback"
          >
            {feedback.data && (
              <SeriesChart
                label={titles.feedback}
                chart={feedback.data}
                series={[
                  { figure: 'positive', label: t('analyticsAdmin.series.positive'), color: theme.palette.success.main, stack: 'feedback' },
                  { figure: 'negative', label: t('analyticsAdmin.series.negative'), color: theme.palette.error.main, stack: 'feedback' },
                ]}
              />
            )}
          </ChartCard>
        </Grid>
      </Grid>
    </>
  );
}
