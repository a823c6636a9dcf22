// The chat area: its sidebar (conversations and agents) around the chat pages.
import { useTranslation } from '../i18n/i18n';
import { Outlet } from 'react-router';
import { ChatSidebar } from '../../features/chat-shell/components/chat-sidebar';
import { QuickStartTourButton } from '../../features/tour/components/quick-start-tour-button';
import { useInstanceSettings } from '../hooks/use-instance';
import { DashboardFrame } from './dashboard-frame';

export default function ChatLayout() {
  const { t } = useTranslation();
  const { settings } = useInstanceSettings();
  return (
    <DashboardFrame
      navLabel={t('chat.sidebar')}
      homePath="/chat"
      headerActions={<QuickStartTourButton />}
      renderNav={(nav) => <ChatSidebar {...nav} allowPersonalAgents={settings?.allowUserCreatedGptSystems ?? false} />}
    >
      <Outlet />
    </DashboardFrame>
  );
}
