// The agents available to the user, for /chat without an agent (the first one is opened): the same
// request and cache entry as the sidebar's and the Discover page's list (app/api/agents.api.ts).
import { useGetAgentsQuery } from '../../../app/api/agents.api';

export const useGetChatAgentsQuery = () => useGetAgentsQuery('available');
