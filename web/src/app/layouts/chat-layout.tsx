// The chat area: its sidebar (conversations and agents) around the chat pages.
import { useTranslation } from '../i18n/i18n';
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { ChatSidebar } from '../../features/chat-shell/components/chat-sidebar';
import { QuickStartTourButton } from '../../features/tour/components/quick-start-tour-button';
import { useInstanceSettings } from '../hooks/use-instance';
import { DashboardFrame } from './dashboard-frame';

/**
 * True from the render after the first commit, which runs as a transition: the sidebar's lists are
 * drawn after the chat page and its input are on screen, in slices that let typing through (issue 15:
 * under bench/first-visit.bench.ts's 4x CPU slowdown, the whole tree in one commit held the input back).
 */
function useAfterFirstCommit(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => startTransition(() => setAfter(true)), []);
  return after;
}

/** `children`: a page outside the chat's routes drawn in its frame (the sources page); else the route's page */
export default function ChatLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const { settings } = useInstanceSettings();
  const showNav = useAfterFirstCommit();
  return (
    <DashboardFrame
      navLabel={t('chat.sidebar')}
      homePath="/chat"
      headerActions={<QuickStartTourButton />}
      renderNav={(nav) => showNav && <ChatSidebar {...nav} allowPersonalAgents={settings?.allowUserCreatedGptSystems ?? false} />}
    >
      {children ?? <Outlet />}
    </DashboardFrame>
  );
}
