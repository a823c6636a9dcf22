// The dashboard against a fake HTTP client: headline figures and agents from the chart calls, the period in the
// calls and the address, the estimated cost, the empty period, a failed load with its retry, the CSV download and the
// agent drill-down.
import type { AnalyticsChart, AnalyticsItem } from '@atrium/contract';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n/i18n';
import { defaultSettings } from '../../../app/state/settings.slice';
import { createStore } from '../../../app/state/store';
import { createBrandTheme } from '../../../app/theme/create-brand-theme';
import DashboardRoutes from './dashboard-routes';

type Call = { url: string; params?: Record<string, unknown>; responseKind?: string };
const server = vi.hoisted(() => ({
  calls: [] as Call[],
  /** chart name (last path segment) → answer; a number is an error status */
  charts: {} as Record<string, unknown>,
  exportStatus: 200,
}));

vi.mock('../../../app/api/http', () => ({
  http: () => ({
    request: async (args: Call) => {
      server.calls.push(args);
      if (args.url === '/admin/analytics/export') {
        return server.exportStatus === 200
          ? { data: { blob: new Blob(['section,period\n']), fileName: `analytics-${String(args.params?.reportingPeriod)}.csv` }, meta: {} }
          : { error: { status: server.exportStatus, data: { code: 'Internal', message: 'Export failed', details: null } } };
      }
      // the chart calls, and the costs (answered as the chart named `costs`)
      const name = /^\/admin\/analytics\/(?:conversations\/)?(\w+)$/.exec(args.url)?.[1];
      const answer = name ? server.charts[name] : undefined;
      if (typeof answer === 'number') return { error: { status: answer, data: { code: 'Internal', message: 'The analytics store is down', details: null } } };
      if (answer) return { data: answer, meta: {} };
      return { error: { status: 404, data: { code: 'NotFound', message: 'Not found', details: null } } };
    },
    sessionHeaders: new Map(),
  }),
}));

const advisor = '0b4f3c2d-1e2f-4a5b-8c7d-9e0f1a2b3c4d';
const tutor = '6f1c9a52-3d7e-4b8a-9a1e-2f4c5d6e7f80';

const chart = (items: Partial<AnalyticsItem>[], over: Partial<AnalyticsChart> = {}): AnalyticsChart => ({
  items: items.map((i) => ({ label: '', value: 0, key: null, ...i })),
  total: items.reduce((n, i) => n + (i.value ?? 0), 0),
  reportingPeriod: 'Last30Days',
  timeZone: 'Europe/Berlin',
  bucket: null,
  from: '2026-10-26T23:00:00.000Z',
  to: '2026-11-24T23:00:00.000Z',
  rolledUpUntil: '2026-11-24T22:59:00.000Z',
  ...over,
});
const days = (values: Partial<AnalyticsItem>[]) =>
  chart(
    values.map((v, i) => ({ label: `2026-11-2${i}`, key: new Date(Date.UTC(2026, 10, 20 + i) - 3_600_000).toISOString(), ...v })),
    { bucket: 'Day' },
  );
const hours = chart(Array.from({ length: 24 }, (_, h) => ({ label: `${String(h).padStart(2, '0')}:00`, key: String(h), value: h === 9 ? 3 : 0 })));

function busyPeriod() {
  server.charts = {
    ConversationsByReportingPeriod: days([{ value: 4 }, { value: 0 }, { value: 8 }]),
    TokensByReportingPeriod: days([
      { value: 10_000, inputTokens: 8_000, outputTokens: 2_000 },
      { value: 0, inputTokens: 0, outputTokens: 0 },
      { value: 24_500, inputTokens: 22_000, outputTokens: 2_500 },
    ]),
    UsersByReportingPeriod: { ...days([{ value: 3, signedInUsers: 2, visitors: 1 }, { value: 0 }, { value: 4, signedInUsers: 3, visitors: 1 }]), total: 5 },
    AverageConversationLength: {
      ...chart([
        { label: 'Advisor', key: advisor, value: 3, conversations: 9, segments: 27 },
        { label: 'Tutor', key: tutor, value: 1, conversations: 3, segments: 3 },
      ]),
      total: 2.5,
    },
    ConversationsByGptSystem: chart([
      { label: 'Advisor', key: advisor, value: 9 },
      { label: 'Tutor', key: tutor, value: 3 },
    ]),
    TokensByGptSystem: chart([
      { label: 'Tutor', key: tutor, value: 20_000 },
      { label: 'Advisor', key: advisor, value: 14_500 },
    ]),
    UsersByGptSystem: chart([
      { label: 'Advisor', key: advisor, value: 4 },
      { label: 'Tutor', key: tutor, value: 2 },
    ]),
    ConversationsByHour: hours,
    ConversationsByPrivacy: chart([
      { label: 'Signed-in people', key: 'Private', value: 10 },
      { label: 'Public visitors', key: 'Public', value: 2 },
    ]),
    ConversationsByModel: chart([{ label: 'gpt-4o', key: 'gpt-4o', value: 12 }]),
    ConversationsByBrand: chart([{ label: 'Default', key: 'default', value: 12 }]),
    costs: {
      ...chart([]),
      items: [
        { label: 'GPT-4o', deploymentName: 'gpt-4o', value: 1.2345, inputTokens: 30_000, outputTokens: 4_500, priced: true },
        { label: 'Local Llama', deploymentName: 'llama', value: 0, inputTokens: 500, outputTokens: 50, priced: false },
      ],
      total: 1.2345,
    },
    GptSystemConversationsByPeriod: days([{ value: 2, conversations: 2, segments: 5 }, { value: 0 }, { value: 1, conversations: 1, segments: 2 }]),
    GptSystemConversationSegmentFeedBackByPeriod: days([{ value: 3, positive: 2, negative: 1 }, { value: 0 }, { value: 1, positive: 1, negative: 0 }]),
  };
}

function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(path: string) {
  const { store } = createStore();
  return render(
    <Provider store={store}>
      <ThemeProvider theme={createBrandTheme(undefined, defaultSettings)}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/admin/dashboard/*" element={<DashboardRoutes />} />
          </Routes>
          <Address />
        </MemoryRouter>
      </ThemeProvider>
    </Provider>,
  );
}

const chartCalls = (name: string) => server.calls.filter((c) => c.url.endsWith(`/${name}`));
const headline = (id: string) => screen.findByTestId(`analytics-headline-${id}`).then((el) => el.textContent);

describe('the analytics dashboard', () => {
  beforeAll(() => initI18n());
  afterEach(() => {
    cleanup();
    server.calls = [];
    server.charts = {};
    server.exportStatus = 200;
  });

  it('shows the headline figures and the agents of the last 30 days, in the zone the figures are in', async () => {
    busyPeriod();
    renderAt('/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeTruthy();
    expect(await headline('conversations')).toBe('12');
    expect(await headline('users')).toBe('5');
    expect(await headline('tokens')).toBe('34.5K');
    expect(screen.getByTestId('analytics-headline-tokens').getAttribute('title')).toBe('34,500');
    expect(screen.getByText('30K in, 4.5K out')).toBeTruthy();
    expect(await headline('average-length')).toBe('2.5');
    // the estimated cost of the period, per deployment, and that a deployment without a price counts as 0
    expect(await headline('cost')).toBe('$1.23');
    expect(screen.getByTestId('analytics-headline-cost').getAttribute('title')).toBe('$1.2345');
    expect(screen.getByText("Last 30 days, at the deployments' prices")).toBeTruthy();
    expect(within(await screen.findByRole('region', { name: 'Cost by deployment' })).getByTestId('analytics-cost-unpriced').textContent).toBe(
      '1 deployment has no price. Deployments without a price count as 0.',
    );
    expect(chartCalls('costs')[0]?.params).toEqual({ reportingPeriod: 'Last30Days' });
    expect(await screen.findByText(/times in Europe\/Berlin\./)).toBeTruthy();
    expect(document.title).toMatch(/^Admin: Dashboard \| /);
    // the default period is asked for by name, each chart once
    expect(chartCalls('ConversationsByReportingPeriod')[0]?.params).toEqual({ reportingPeriod: 'Last30Days', gptSystemId: undefined });
    // a breakdown asks only for the measure it shows
    expect(chartCalls('TokensByModel')).toHaveLength(0);

    const agents = within(await screen.findByRole('table', { name: 'Agents' }));
    const rows = agents.getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Advisor', '9', '4', '14.5K', '3'],
      ['Tutor', '3', '2', '20K', '1'],
    ]);
    expect(agents.getByRole('link', { name: 'Open Advisor' }).getAttribute('href')).toBe(`/admin/dashboard/gptsystem/${advisor}`);
  });

  it('asks for the chosen period, keeps it in the address and draws the other measure on demand', async () => {
    busyPeriod();
    renderAt('/admin/dashboard');
    expect(await headline('conversations')).toBe('12');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Reporting period' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Last 7 days' }));
    await waitFor(() => expect(chartCalls('ConversationsByReportingPeriod').map((c) => c.params?.reportingPeriod)).toEqual(['Last30Days', 'Last7Days']));
    expect(screen.getByTestId('address').textContent).toBe('/admin/dashboard?period=Last7Days');
    expect((await screen.findByRole('link', { name: 'Open Advisor' })).getAttribute('href')).toBe(`/admin/dashboard/gptsystem/${advisor}?period=Last7Days`);

    server.charts.TokensByModel = chart([{ label: 'gpt-4o', key: 'gpt-4o', value: 34_500 }]);
    const byModel = within(screen.getByRole('region', { name: 'By model' }));
    fireEvent.click(byModel.getByRole('button', { name: 'Tokens' }));
    await waitFor(() => expect(chartCalls('TokensByModel').map((c) => c.params?.reportingPeriod)).toEqual(['Last7Days']));
  });

  it('says when the period has no conversations, instead of empty charts', async () => {
    busyPeriod();
    server.charts.ConversationsByReportingPeriod = days([{ value: 0 }, { value: 0 }, { value: 0 }]);
    server.charts.TokensByReportingPeriod = days([{ value: 0 }, { value: 0 }, { value: 0 }]);
    renderAt('/admin/dashboard?period=Last24Hours');
    expect(await screen.findByText('No conversations in this period')).toBeTruthy();
    expect(await headline('conversations')).toBe('0');
    expect(screen.queryByRole('table', { name: 'Agents' })).toBeNull();
    expect(chartCalls('ConversationsByReportingPeriod')[0]?.params?.reportingPeriod).toBe('Last24Hours');
  });

  it("shows a failed load with the server's message, and tries again on demand", async () => {
    busyPeriod();
    server.charts.ConversationsByReportingPeriod = 500;
    renderAt('/admin/dashboard');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The analytics store is down');
    expect(await headline('conversations')).toBe('—');
    busyPeriod();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Agents' })).toBeTruthy();
    await waitFor(async () => expect(await headline('conversations')).toBe('12'));
  });

  it("downloads the period's CSV through the app's client", async () => {
    busyPeriod();
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:csv');
    URL.revokeObjectURL = vi.fn();
    const clicks: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    renderAt('/admin/dashboard?period=Last90Days');
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Export (CSV)' })));
    await waitFor(() => expect(clicks).toEqual(['analytics-Last90Days.csv']));
    const call = server.calls.find((c) => c.url === '/admin/analytics/export');
    expect(call).toMatchObject({ params: { reportingPeriod: 'Last90Days' }, responseKind: 'download' });
    created.mockRestore();
    click.mockRestore();
  });

  it('drills into an agent: its conversations, questions and feedback over the period', async () => {
    busyPeriod();
    renderAt(`/admin/dashboard/gptsystem/${advisor}?period=Last7Days`);
    expect(await screen.findByRole('heading', { name: 'Advisor', level: 1 })).toBeTruthy();
    expect(await headline('agent-conversations')).toBe('3');
    expect(await headline('agent-questions')).toBe('7');
    expect(await headline('agent-positive')).toBe('3');
    expect(await headline('agent-negative')).toBe('1');
    for (const name of ['GptSystemConversationsByPeriod', 'GptSystemConversationSegmentFeedBackByPeriod'])
      expect(chartCalls(name)[0]?.params).toEqual({ reportingPeriod: 'Last7Days', gptSystemId: advisor });
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/admin/dashboard?period=Last7Days');
  });

  it('says when an agent had no feedback in the period', async () => {
    busyPeriod();
    server.charts.GptSystemConversationSegmentFeedBackByPeriod = days([{ value: 0 }, { value: 0 }]);
    renderAt(`/admin/dashboard/gptsystem/${tutor}`);
    expect(await screen.findByText('No feedback in this period')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Tutor', level: 1 })).toBeTruthy();
  });
});
