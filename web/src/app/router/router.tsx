// The browser routes of SPEC §2 and WIRE.md. Pages are lazy so that the login and chat routes do not
// download admin code.
import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { ErrorFallback } from '../../components/error-boundary';
import { AuthGuard, GuestGuard, LoginPath } from './guards';
import { RootLayout } from './root-layout';

const LoginPage = lazy(() => import('../../features/auth/components/login-page'));
const ChatLayout = lazy(() => import('../layouts/chat-layout'));
const ChatPage = lazy(() => import('../../features/chat-conversation/components/chat-page'));
const DiscoverAgentsPage = lazy(() => import('../../features/chat-shell/components/discover-agents-page'));
const EditPersonalAgentPage = lazy(() => import('../../features/chat-shell/components/edit-personal-agent-page'));
const PublicChatPage = lazy(() => import('../../features/public-chat/components/public-chat-page'));
const AdminLayout = lazy(() => import('../layouts/admin-layout'));
const NotFoundPage = lazy(() => import('../../features/system/components/not-found-page'));

const toChat = <Navigate to="/chat" replace />;

export const createAppRouter = () =>
  createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <ErrorFallback />,
      children: [
        { path: '/', element: <Navigate to={LoginPath} replace /> },
        { path: LoginPath, element: <GuestGuard><LoginPage /></GuestGuard> },
        { path: 'auth/*', element: toChat },
        {
          path: 'chat',
          element: <AuthGuard><ChatLayout /></AuthGuard>,
          children: [
            { index: true, element: <ChatPage /> },
            { path: 'agents', element: <DiscoverAgentsPage /> },
            { path: 'agents/configstate/:configStateId/edit', element: <EditPersonalAgentPage /> },
            { path: ':entryGptSystemId', element: <ChatPage /> },
            { path: ':entryGptSystemId/:conversationId', element: <ChatPage /> },
            { path: '*', element: toChat },
          ],
        },
        { path: 'public-chat/:publicChatEndpoint/:popup?', element: <PublicChatPage /> },
        { path: 'public-chat/*', element: toChat },
        { path: 'admin/*', element: <AuthGuard><AdminLayout /></AuthGuard> },
        { path: '404', element: <NotFoundPage /> },
        { path: '*', element: toChat },
      ],
    },
  ]);
