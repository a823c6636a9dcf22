// The agents of the period, most conversations first: conversations (with a bar of their share), distinct users,
// tokens and questions per conversation, each row opening the agent's drill-down. Users and length are left out on
// a phone.
import type { AnalyticsChart, ReportingPeriod } from '@atrium/contract';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../app/i18n/i18n';
import { formatCompact, formatNumber } from './analytics-format';
import { periodSearch } from './use-reporting-period';

export interface AgentRow {
  gptSystemId: string;
  name: string;
  conversations: number;
  users: number | null;
  tokens: number | null;
  averageLength: number | null;
}

/** One row per agent found in any of the four charts, most conversations (then tokens) first. */
export function agentRowsOf(charts: {
  conversations?: AnalyticsChart;
  tokens?: AnalyticsChart;
  users?: AnalyticsChart;
  averageLength?: AnalyticsChart;
}): AgentRow[] {
  const rows = new Map<string, AgentRow>();
  const row = (key: string, name: string) => {
    let r = rows.get(key);
    if (!r) {
      r = { gptSystemId: key, name, conversations: 0, users: null, tokens: null, averageLength: null };
      rows.set(key, r);
    }
    return r;
  };
  for (const item of charts.conversations?.items ?? []) if (item.key) row(item.key, item.label).conversations = item.value;
  for (const item of charts.tokens?.items ?? []) if (item.key) row(item.key, item.label).tokens = item.value;
  for (const item of charts.users?.items ?? []) if (item.key) row(item.key, item.label).users = item.value;
  for (const item of charts.averageLength?.items ?? []) if (item.key) row(item.key, item.label).averageLength = item.value;
  return [...rows.values()].sort((a, b) => b.conversations - a.conversations || (b.tokens ?? 0) - (a.tokens ?? 0) || a.name.localeCompare(b.name));
}

const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;

export function AgentsTable({ rows, period }: { rows: AgentRow[]; period: ReportingPeriod }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const most = Math.max(1, ...rows.map((r) => r.conversations));
  const figure = (value: number | null, compact = false) => (value === null ? '—' : compact ? formatCompact(value, locale) : formatNumber(value, locale));
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('analyticsAdmin.charts.agents')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('analyticsAdmin.agentsTable.agent')}</TableCell>
            <TableCell align="right">{t('analyticsAdmin.agentsTable.conversations')}</TableCell>
            <TableCell align="right" sx={wideOnly}>
              {t('analyticsAdmin.agentsTable.users')}
            </TableCell>
            <TableCell align="right">{t('analyticsAdmin.agentsTable.tokens')}</TableCell>
            <TableCell align="right" sx={wideOnly}>
              {t('analyticsAdmin.agentsTable.averageLength')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.gptSystemId} hover data-testid={`analytics-agent-${r.gptSystemId}`}>
              <TableCell sx={{ maxWidth: 280 }}>
                <Link
                  component={RouterLink}
                  to={`/admin/dashboard/gptsystem/${r.gptSystemId}${periodSearch(period)}`}
                  aria-label={t('analyticsAdmin.agentsTable.open', { name: r.name })}
                  underline="hover"
                  sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}
                >
                  {r.name}
                </Link>
              </TableCell>
              <TableCell align="right">
                <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1 }}>
                  <Box
                    aria-hidden
                    sx={{ display: { xs: 'none', md: 'block' }, width: 80, height: 6, borderRadius: 3, bgcolor: 'action.hover', overflow: 'hidden' }}
                  >
                    <Box sx={{ width: `${(r.conversations / most) * 100}%`, height: '100%', bgcolor: 'primary.main' }} />
                  </Box>
                  {figure(r.conversations)}
                </Box>
              </TableCell>
              <TableCell align="right" sx={wideOnly}>
                {figure(r.users)}
              </TableCell>
              <TableCell align="right" title={r.tokens === null ? undefined : formatNumber(r.tokens, locale)}>
                {figure(r.tokens, true)}
              </TableCell>
              <TableCell align="right" sx={wideOnly}>
                {figure(r.averageLength)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
