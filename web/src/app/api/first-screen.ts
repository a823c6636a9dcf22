// What /chat needs before it can take a question, asked for in one parallel wave as soon as the entry
// script runs, instead of by each component once its lazy chunk has loaded and rendered (the chain of
// issue 15: settings, then brand, then logo, then the lists, then the agent's details). The components
// then find the answers (or the requests under way) in the RTK Query cache. Only for a signed-in person;
// the public first-screen data comes with index.html (boot-data.ts).
import { getAgentDetailsApi } from '../../features/chat-conversation/api/get-agent-details.api';
import { getConversationsApi } from '../../features/chat-shell/api/get-conversations.api';
import { selectIsAuthenticated } from '../state/selectors';
import type { AppStore } from '../state/store';
import { agentsApi } from './agents.api';
import { seedBootData } from './boot-data';
import { currentUserApi } from './current-user.api';
import { instanceApi } from './instance.api';

/** The agent in a chat address (/chat/{gptSystemId}[/{conversationId}]), null for /chat itself and its other pages. */
export function chatAgentOf(pathname: string): string | null | undefined {
  const parts = pathname.split('/').filter(Boolean);
  if (parts[0]?.toLowerCase() !== 'chat') return undefined;
  const agent = parts[1];
  return agent && agent !== 'agents' ? decodeURIComponent(agent) : null;
}

/** Seeds the boot data, then starts the first screen's requests; call once, before the first render. */
export function startFirstScreen(store: AppStore, pathname: string = window.location.pathname): void {
  const { dispatch } = store;
  seedBootData(dispatch);
  if (!selectIsAuthenticated(store.getState())) return;
  void dispatch(currentUserApi.util.prefetch('getCurrentUser', undefined, {}));
  const agent = chatAgentOf(pathname);
  if (agent === undefined) return;
  void dispatch(instanceApi.util.prefetch('getFeatureFlags', undefined, {}));
  void dispatch(getConversationsApi.endpoints.getConversations.initiate({ archived: false, title: '' }, { subscribe: false }));
  const details = (gptSystemId: string) => {
    void dispatch(getAgentDetailsApi.util.prefetch('getDetailsForConversation', gptSystemId, {}));
    void dispatch(getAgentDetailsApi.util.prefetch('getPromptsForConversation', gptSystemId, {}));
  };
  const available = dispatch(agentsApi.endpoints.getAgents.initiate('available', { subscribe: false }));
  if (agent) details(agent);
  else {
    // /chat opens the first available agent: its details follow the list at once
    void available.then((result) => {
      const first = result.data?.items[0];
      if (first) details(first.gptSystemId);
    });
  }
}
