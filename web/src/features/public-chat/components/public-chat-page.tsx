// /public-chat/:publicChatEndpoint/:popup?: visitors chat with an endpoint's agent without signing in. With popup
// "true" only the chat is shown (the embed's frame); otherwise a side menu (the brand's logo, the agent, New
// conversation, the visitor's few recent conversations) sits next to it, and a top bar on a phone. Not the signed-in
// chat's conversation lists or tabs (docs/product.md §2). Reloading reopens the visitor's latest conversation; the
// bar or menu downloads the open one. The page wears the endpoint's brand; an endpoint that does not exist, or is
// off, says so and stops there.
import '../public-chat-texts';
import AddCommentOutlined from '@mui/icons-material/AddCommentOutlined';
import CloseRounded from '@mui/icons-material/CloseRounded';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ThemeProvider, useTheme } from '@mui/material/styles';
import type { PublicEndpointDetails } from '@atrium/contract';
import { useSnackbar } from 'notistack';
import { useEffect, useMemo } from 'react';
import { useParams } from 'react-router';
import { brandFileUrl } from '../../../app/api/brand.api';
import { useCurrentBrand } from '../../../app/hooks/use-current-brand';
import { usePageTitle } from '../../../app/hooks/use-page-title';
import { useTranslation } from '../../../app/i18n/i18n';
import { chatActions } from '../../../app/state/chat.slice';
import { useAppDispatch } from '../../../app/state/hooks';
import { createMenuTheme } from '../../../app/theme/menu-theme';
import { AgentAvatar } from '../../../components/agent-avatar/agent-avatar';
import { BrandLogo } from '../../../components/brand-logo';
import Tooltip from '../../../components/tooltip';
import { EmptyState } from '../../../components/empty-state';
import { useGetPublicEndpointDetailsQuery } from '../api/get-public-endpoint-details.api';
import { useEmbedBridge } from '../hooks/use-embed-bridge';
import { useVisitorChat } from '../hooks/use-visitor-chat';
import { useVisitorConversations } from '../hooks/use-visitor-conversations';
import { visitorSessionIdentifier } from '../hooks/visitor-session';
import { VisitorConversation } from './visitor-conversation';
import { ExportButton, RecentConversations, RecentConversationsButton } from './visitor-conversation-list';

export default function PublicChatPage() {
  const { t } = useTranslation();
  const { publicChatEndpoint = '', popup } = useParams();
  const isPopup = popup === 'true';
  const dispatch = useAppDispatch();
  const sessionIdentifier = useMemo(() => visitorSessionIdentifier(publicChatEndpoint), [publicChatEndpoint]);
  const details = useGetPublicEndpointDetailsQuery({ endpointName: publicChatEndpoint, sessionIdentifier });
  const chat = useVisitorChat(publicChatEndpoint, sessionIdentifier);
  const history = useVisitorConversations(details.data, chat, details.refetch);
  const { enqueueSnackbar } = useSnackbar();
  const onExport = chat.conversationId
    ? () => void chat.exportText(history.title).then((done) => done || enqueueSnackbar(t('publicChat.exportFailed'), { variant: 'error' }))
    : undefined;
  const recent = { conversations: history.conversations, currentId: chat.conversationId, onOpen: (id: string) => void chat.open(id) };
  usePageTitle(details.data?.name ?? t('publicChat.pageTitle'));
  const bridge = useEmbedBridge(isPopup, !!details.data);

  // the page wears the endpoint's brand (the same theming as an agent's chat)
  const brandKey = details.data?.brandKey ?? null;
  useEffect(() => {
    dispatch(chatActions.brandChosen(brandKey));
  }, [brandKey, dispatch]);
  useEffect(() => () => void dispatch(chatActions.brandChosen(null)), [dispatch]);

  let body;
  if (details.data) body = <VisitorConversation details={details.data} chat={chat} sessionIdentifier={sessionIdentifier} />;
  else if (details.error && 'status' in details.error && details.error.status === 404)
    body = <EmptyState icon={<ForumOutlined />} title={t('publicChat.notAvailableTitle')} text={t('publicChat.notAvailableText')} />;
  else if (details.error)
    body = (
      <EmptyState
        icon={<ForumOutlined />}
        title={t('publicChat.loadFailedTitle')}
        text={t('publicChat.loadFailedText')}
        action={
          <Button variant="outlined" onClick={() => void details.refetch()}>
            {t('publicChat.retry')}
          </Button>
        }
      />
    );
  else
    body = (
      <Box sx={{ display: 'grid', placeItems: 'center', flexGrow: 1 }}>
        <CircularProgress aria-label={t('publicChat.loading')} />
      </Box>
    );

  const main = (
    <Box component="main" sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0, height: '100%', overflowY: 'auto' }}>
      {body}
    </Box>
  );
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: isPopup ? 'column' : 'row' }, height: '100dvh', bgcolor: 'background.default' }}>
      {details.data &&
        (isPopup ? (
          <ChatBar details={details.data} onNew={chat.reset} onExport={onExport} onClose={bridge.embedded ? bridge.close : undefined} />
        ) : (
          <SideMenu details={details.data} onNew={chat.reset} onExport={onExport} recent={recent} />
        ))}
      {main}
    </Box>
  );
}

function NewConversationButton({ onNew, compact }: { onNew: () => void; compact?: boolean }) {
  const { t } = useTranslation();
  if (compact)
    return (
      <Tooltip title={t('publicChat.newConversation')}>
        <IconButton aria-label={t('publicChat.newConversation')} onClick={onNew}>
          <AddCommentOutlined />
        </IconButton>
      </Tooltip>
    );
  return (
    <Button variant="outlined" startIcon={<AddCommentOutlined />} onClick={onNew} fullWidth>
      {t('publicChat.newConversation')}
    </Button>
  );
}

type Recent = Parameters<typeof RecentConversations>[0];

/** The popup's only chrome (and the page's on a phone, with the recent conversations): the agent, New conversation, Download. */
function ChatBar({
  details,
  onNew,
  onExport,
  onClose,
  recent,
  sx,
}: {
  details: PublicEndpointDetails;
  onNew: () => void;
  onExport?: () => void;
  onClose?: () => void;
  recent?: Recent;
  sx?: object;
}) {
  const { t } = useTranslation();
  return (
    <Stack
      direction="row"
      spacing={1.5}
      sx={{ alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper', ...sx }}
    >
      <AgentAvatar gptSystemId={details.gptSystemId} name={details.name} avatarUrl={details.avatarUrl} size={28} />
      <Typography variant="subtitle1" component="p" noWrap sx={{ flexGrow: 1, minWidth: 0 }}>
        {details.name}
      </Typography>
      {recent && <RecentConversationsButton {...recent} />}
      {onExport && <ExportButton onExport={onExport} compact />}
      <NewConversationButton onNew={onNew} compact />
      {onClose && (
        <Tooltip title={t('publicChat.close')}>
          <IconButton aria-label={t('publicChat.close')} onClick={onClose} edge="end">
            <CloseRounded />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );
}

function SideMenu({ details, onNew, onExport, recent }: { details: PublicEndpointDetails; onNew: () => void; onExport?: () => void; recent: Recent }) {
  const { t } = useTranslation();
  const { brand } = useCurrentBrand();
  // the menu's colour may be dark while the page is light: its contents take a palette of their own, as the app's sidebar
  const theme = useTheme();
  const menuTheme = useMemo(() => createMenuTheme(theme), [theme]);
  return (
    <>
      <ChatBar details={details} onNew={onNew} onExport={onExport} recent={recent} sx={{ display: { xs: 'flex', md: 'none' } }} />
      <ThemeProvider theme={menuTheme}>
        <Stack
          component="nav"
          aria-label={t('publicChat.menu')}
          spacing={2.5}
          sx={{
            display: { xs: 'none', md: 'flex' },
            width: 280,
            flexShrink: 0,
            p: 2.5,
            borderRight: 1,
            borderColor: 'divider',
            bgcolor: 'menu.main',
            color: 'text.primary',
          }}
        >
          <BrandLogo
            src={brand ? brandFileUrl(brand, brand.navigationLogoFileName ?? brand.logoFileName) : null}
            alt={t('common.logoAlt', { name: brand?.name ?? '' })}
            height={32}
            sx={{ alignSelf: 'flex-start' }}
          />
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <AgentAvatar gptSystemId={details.gptSystemId} name={details.name} avatarUrl={details.avatarUrl} size={40} />
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}>
              {details.name}
            </Typography>
          </Stack>
          {details.description && (
            <Typography variant="body2" color="text.secondary">
              {details.description}
            </Typography>
          )}
          <Stack spacing={0.5}>
            <NewConversationButton onNew={onNew} />
            {onExport && <ExportButton onExport={onExport} />}
          </Stack>
          <RecentConversations {...recent} />
          <Box sx={{ flexGrow: 1 }} />
          <Typography variant="caption" color="text.secondary">
            {t('publicChat.noSignIn')}
          </Typography>
        </Stack>
      </ThemeProvider>
    </>
  );
}
