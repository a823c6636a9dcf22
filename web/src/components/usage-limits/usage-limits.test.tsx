// The usage limits' admin parts against a fake HTTP client: a role's budget set, changed and removed (with what was
// sent), a bad number kept from the server, and the Agents and Users lists' meters (limit, threshold, no limit).
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n/i18n';
import { defaultSettings } from '../../app/state/settings.slice';
import { createStore } from '../../app/state/store';
import { createBrandTheme } from '../../app/theme/create-brand-theme';
import { NoticeProvider } from '../notices/notice-provider';
import { RoleBudgetSection, parseTokens } from './role-budget-section';
import { AgentUsageCell, UserUsageCell, chunkOf } from './usage-cells';

type Call = { url: string; method?: string; params?: Record<string, unknown>; body?: unknown };
const server = vi.hoisted(() => ({ calls: [] as Call[], budgets: [] as { userRoleId: string; monthlyTokens: number; enforcement: string }[] }));

vi.mock('../../app/api/http', () => ({
  http: () => ({
    request: async (args: Call) => {
      server.calls.push(args);
      const role = /^\/admin\/usageLimits\/roleBudgets\/(.+)$/.exec(args.url)?.[1];
      if (args.url === '/admin/usageLimits/roleBudgets') return { data: { items: server.budgets }, meta: {} };
      if (role && args.method === 'PUT') {
        const b = { userRoleId: role, ...(args.body as { monthlyTokens: number; enforcement: string }) };
        server.budgets = [...server.budgets.filter((x) => x.userRoleId !== role), b];
        return { data: b, meta: {} };
      }
      if (role && args.method === 'DELETE') {
        server.budgets = server.budgets.filter((x) => x.userRoleId !== role);
        return { data: null, meta: {} };
      }
      if (args.url === '/admin/usageLimits/agentUsage')
        return {
          data: {
            items: [
              { gptSystemId: 'a1', tokensToday: 850, tokensPerDay: 1000, tokensPerUserPerDay: 50 },
              { gptSystemId: 'a2', tokensToday: 1234, tokensPerDay: null, tokensPerUserPerDay: null },
            ],
          },
          meta: {},
        };
      if (args.url === '/admin/usageLimits/userUsage')
        return { data: { items: [{ userId: 'u1', tokensThisMonth: 2000, monthlyTokens: 2000, enforcement: 'Hard' }] }, meta: {} };
      return { error: { status: 404, data: { code: 'not_found', message: 'Not found', details: [] } } };
    },
    sessionHeaders: new Map(),
  }),
}));

const role = '5b0f3c2d-1e2f-4a5b-8c7d-9e0f1a2b3c4d';

function renderIn(node: React.ReactNode) {
  const { store } = createStore();
  return render(
    <Provider store={store}>
      <ThemeProvider theme={createBrandTheme(undefined, defaultSettings)}>
        <NoticeProvider>
          <MemoryRouter>{node}</MemoryRouter>
        </NoticeProvider>
      </ThemeProvider>
    </Provider>,
  );
}

beforeAll(() => {
  initI18n();
});

afterEach(() => {
  cleanup();
  server.calls = [];
  server.budgets = [];
});

describe('a role’s monthly budget', () => {
  it('is set, changed to Hard and removed, each sent as the server takes it', async () => {
    const listReads = () => server.calls.filter((c) => c.url === '/admin/usageLimits/roleBudgets').length;
    renderIn(<RoleBudgetSection userRoleId={role} canWrite />);
    const section = await screen.findByRole('form', { name: 'Monthly token budget' });
    expect(within(section).getByRole('status').textContent).toMatch(/No budget/);
    fireEvent.change(within(section).getByLabelText('Tokens per month'), { target: { value: '2,000,000' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Set a budget' }));
    await screen.findByText('Budget saved.');
    expect(server.calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: `/admin/usageLimits/roleBudgets/${role}`,
      body: { monthlyTokens: 2_000_000, enforcement: 'Soft' },
    });

    // the form is made again when the saved budget comes back from the server (its key is the budget): wait for that,
    // and find the controls at each step rather than keep ones a remount may have replaced
    await screen.findByRole('button', { name: 'Save budget' });
    await waitFor(() => expect(listReads()).toBeGreaterThanOrEqual(2));
    fireEvent.click(screen.getByLabelText('Hard: refuse'));
    await waitFor(() => expect((screen.getByLabelText('Hard: refuse') as HTMLInputElement).checked).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Save budget' }));
    await waitFor(() => expect(server.calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(server.calls.filter((c) => c.method === 'PUT')[1]!.body).toEqual({ monthlyTokens: 2_000_000, enforcement: 'Hard' });

    // again made anew with the Hard budget once the list is read back
    await waitFor(() => expect(listReads()).toBeGreaterThanOrEqual(3));
    await waitFor(() => expect((screen.getByLabelText('Hard: refuse') as HTMLInputElement).checked).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Remove budget' }));
    await screen.findByText('Budget removed.', {}, { timeout: 5_000 });
    expect(server.calls.some((c) => c.method === 'DELETE' && c.url === `/admin/usageLimits/roleBudgets/${role}`)).toBe(true);
  });

  it('keeps a number that is not whole tokens from the server, and shows a read-only budget to others', async () => {
    renderIn(<RoleBudgetSection userRoleId={role} canWrite />);
    const field = await screen.findByLabelText('Tokens per month');
    fireEvent.change(field, { target: { value: '12.5' } });
    fireEvent.blur(field);
    expect(await screen.findByText('A whole number of tokens, at least 1')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Set a budget' }) as HTMLButtonElement).disabled).toBe(true);
    expect(server.calls.some((c) => c.method === 'PUT')).toBe(false);
    cleanup();
    server.budgets = [{ userRoleId: role, monthlyTokens: 500, enforcement: 'Hard' }];
    renderIn(<RoleBudgetSection userRoleId={role} canWrite={false} />);
    expect(((await screen.findByLabelText('Tokens per month')) as HTMLInputElement).value).toBe('500');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('reads whole tokens with separators, and nothing else', () => {
    expect(parseTokens('1 000 000')).toBe(1_000_000);
    expect(parseTokens('0')).toBeNull();
    expect(parseTokens('-5')).toBeNull();
    expect(parseTokens('1e6')).toBeNull();
    expect(parseTokens('')).toBeNull();
  });
});

describe('usage against the limits in the admin lists', () => {
  it('shows an agent’s tokens today against its daily limit, amber from the threshold, and its per-person limit', async () => {
    renderIn(
      <>
        <AgentUsageCell ids={['a1', 'a2']} gptSystemId="a1" />
        <AgentUsageCell ids={['a1', 'a2']} gptSystemId="a2" />
      </>,
    );
    const bar = await screen.findByRole('progressbar', { name: '85% of the limit used' });
    expect(bar.className).toMatch(/colorWarning/);
    expect(screen.getByText('850 of 1,000')).toBeTruthy();
    expect(screen.getByText('Each person: 50 a day')).toBeTruthy();
    expect(screen.getByText('1,234 · no limit')).toBeTruthy();
    // one request for the chunk both cells are in
    expect(server.calls.filter((c) => c.url === '/admin/usageLimits/agentUsage')).toEqual([expect.objectContaining({ params: { gptSystemIds: 'a1,a2' } })]);
  });

  it('shows a person’s month against their budget, red once reached', async () => {
    renderIn(<UserUsageCell ids={['u1']} userId="u1" />);
    const bar = await screen.findByRole('progressbar', { name: '100% of the limit used' });
    expect(bar.className).toMatch(/colorError/);
    expect(screen.getByText('2,000 of 2,000')).toBeTruthy();
    expect(screen.getByText('Hard: refuse')).toBeTruthy();
  });

  it('asks for at most 100 ids at a time', () => {
    const ids = Array.from({ length: 250 }, (_, i) => `id${i}`);
    expect(chunkOf(ids, 'id5')).toEqual(ids.slice(0, 100));
    expect(chunkOf(ids, 'id249')).toEqual(ids.slice(200, 250));
  });
});
