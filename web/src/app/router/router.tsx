// The browser routes of docs/product.md §2 and docs/wire-protocol.md. Pages are lazy so that the login and chat routes do not
// download admin code. Declarative routes (<BrowserRouter>/<Routes>) rather than a data router: the app
// uses no loaders or actions, and the data router's code was about 15 kB gzipped of the chat route's
// 200 kB budget.
import { lazy } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { ErrorBoundary } from '../../components/error-boundary';
import { AuthGuard, GuestGuard, LoginPath } from './guards';
import { preloadableLazy } from './preloadable-lazy';
import { RootLayout } from './root-layout';

const LoginPage = lazy(() => import('../../features/auth/components/login-page'));
const ChatLayout = preloadableLazy(() => import('../layouts/chat-layout'));
const ChatPage = preloadableLazy(() => import('../../features/chat-conversation/components/chat-page'));
const DiscoverAgentsPage = lazy(() => import('../../features/chat-shell/components/discover-agents-page'));
const EditPersonalAgentPage = lazy(() => import('../../features/chat-shell/components/edit-personal-agent-page'));
const SourcePage = lazy(() => import('../../features/sources/components/source-page'));
const PublicChatPage = lazy(() => import('../../features/public-chat/components/public-chat-page'));
const AdminLayout = lazy(() => import('../layouts/admin-layout'));
const NotFoundPage = lazy(() => import('../../features/system/components/not-found-page'));

// A visit that opens on /chat loads its chunks (already fetched: index.html modulepreloads them) while
// the entry starts, so that the first render draws the chat rather than a suspended page.
// main.tsx renders once this has settled (a page that suspended on its first render would show the
// fallback, and React 19 then holds the page back for up to 300 ms after the fallback appeared).
export const firstRoutePreload: Promise<unknown> =
  typeof window !== 'undefined' && /^\/chat(\/|$)/i.test(window.location.pathname)
    ? Promise.all([ChatLayout.preload(), ChatPage.preload()]).catch(() => undefined)
    : Promise.resolve();

const toChat = <Navigate to="/chat" replace />;

export function AppRouter() {
  return (
    <BrowserRouter>
      {/* RootLayout has its own boundary for the pages; this one catches RootLayout itself */}
      <ErrorBoundary>
        <Routes>
          <Route element={<RootLayout />}>
            <Route path="/" element={<Navigate to={LoginPath} replace />} />
            <Route
              path={LoginPath}
              element={
                <GuestGuard>
                  <LoginPage />
                </GuestGuard>
              }
            />
            <Route path="auth/*" element={toChat} />
            <Route
              path="chat"
              element={
                <AuthGuard>
                  <ChatLayout />
                </AuthGuard>
              }
            >
              <Route index element={<ChatPage />} />
              <Route path="agents" element={<DiscoverAgentsPage />} />
              <Route path="agents/configstate/:configStateId/edit" element={<EditPersonalAgentPage />} />
              <Route path=":entryGptSystemId" element={<ChatPage />} />
              <Route path=":entryGptSystemId/:conversationId" element={<ChatPage />} />
              <Route path="*" element={toChat} />
            </Route>
            {/* the documents citations open, in the chat's frame (the page draws it: no room for it here) */}
            <Route
              path="sources/:fileId"
              element={
                <AuthGuard>
                  <SourcePage />
                </AuthGuard>
              }
            />
            <Route path="public-chat/:publicChatEndpoint/:popup?" element={<PublicChatPage />} />
            <Route path="public-chat/*" element={toChat} />
            <Route
              path="admin/*"
              element={
                <AuthGuard>
                  <AdminLayout />
                </AuthGuard>
              }
            />
            <Route path="404" element={<NotFoundPage />} />
            <Route path="*" element={toChat} />
          </Route>
        </Routes>
      </ErrorBoundary>
    </BrowserRouter>
  );
}
