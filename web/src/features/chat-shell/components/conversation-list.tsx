// A virtualised History or Archived list (docs/product.md §2): rows of 38 px, overscan 2 rows, grouped by
// createdAt, the next page requested near the end; the empty and error texts of docs/product.md §8.
import type { ConversationListItem } from '@atrium/contract';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { useAppSelector } from '../../../app/state/hooks';
import { EmptyState } from '../../../components/empty-state';
import { LazyMount } from '../../../components/lazy-mount';
import type { VirtualList as VirtualListComponent } from '../../../components/virtual-list/virtual-list';
import { useGetConversationsInfiniteQuery } from '../api/get-conversations.api';
import { useChatRoute } from '../hooks/use-chat-route';
import { useConversationActions } from '../hooks/use-conversation-actions';
import { groupLabel, userTimeZone } from '../utils/conversation-groups';
import { mergePages, toRows, type ConversationRow as Row } from '../utils/conversation-rows';
import { ConversationRow, RowHeight } from './conversation-row';

// shown only while a further page loads: its code (and keyframes) comes then, not with the chat's first screen
const LinearProgress = lazy(() => import('@mui/material/LinearProgress'));

// The virtual list (react-virtuoso) loads beside the first page of conversations rather than before the
// chat is usable: it is not needed until there are rows to show, and it keeps the chat route's initial
// JavaScript within its budget.
// Its download starts as soon as the sidebar's code runs, beside the first page's request.
const virtualListModule = import('../../../components/virtual-list/virtual-list');
const VirtualList = lazy(() => virtualListModule.then((m) => ({ default: m.VirtualList }))) as unknown as typeof VirtualListComponent;

const ConversationMenu = lazy(() => import('./conversation-menu').then((m) => ({ default: m.ConversationMenu })));
const ConversationDeleteDialog = lazy(() => import('./conversation-delete-dialog').then((m) => ({ default: m.ConversationDeleteDialog })));

export const OverscanRows = 2;
/** Ask for the next page this many rows before the end, so fast scrolling rarely meets the bottom. */
export const PrefetchRows = 25;

interface ConversationListProps {
  archived: boolean;
  title: string;
  onNavigate: () => void;
}

function ListSkeleton() {
  return (
    <Box aria-busy="true" sx={{ px: 1 }}>
      {[0, 1, 2, 3, 4].map((i) => (
        <Skeleton key={i} height={RowHeight} />
      ))}
    </Box>
  );
}

export function ConversationList({ archived, title, onNavigate }: ConversationListProps) {
  const { t, i18n } = useTranslation();
  const { conversationId: currentId } = useChatRoute();
  const { data, isLoading, isError, hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = useGetConversationsInfiniteQuery({ archived, title });
  // after an answer the conversation moved to the top: the first page is enough (pages further down reload as needed)
  const listVersion = useAppSelector((s) => s.chat.conversationListVersion);
  useEffect(() => {
    if (listVersion > 0) void refetch({ refetchCachedPages: false });
  }, [listVersion, refetch]);
  const actions = useConversationActions();
  const [menu, setMenu] = useState<{ anchor: HTMLElement; conversation: ConversationListItem } | null>(null);
  const [renamingId, setRenamingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ConversationListItem | null>(null);
  const rows = useMemo(() => toRows(mergePages(data?.pages ?? []), new Date(), userTimeZone()), [data]);

  if (isLoading) return <ListSkeleton />;
  if (isError && rows.length === 0) {
    return <EmptyState dense text={t(archived ? 'chat.archivedError' : 'chat.historyError')} />;
  }
  if (rows.length === 0) {
    const key = archived ? (title ? 'chat.noArchivedSearchResults' : 'chat.emptyArchived') : title ? 'chat.noSearchResults' : 'chat.emptyChats';
    return <EmptyState dense text={t(key)} />;
  }

  const loadMore = () => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };

  const renderRow = (row: Row) =>
    row.type === 'header' ? (
      <Typography
        component="div"
        role="heading"
        aria-level={3}
        variant="caption"
        sx={{ height: RowHeight, display: 'flex', alignItems: 'flex-end', pb: 0.75, px: 1.25, color: 'text.secondary', fontWeight: 600 }}
      >
        {groupLabel(row.group, t, i18n.language)}
      </Typography>
    ) : (
      <ConversationRow
        conversation={row.conversation}
        selected={row.conversation.conversationId === currentId}
        renaming={row.conversation.conversationId === renamingId}
        onNavigate={onNavigate}
        onOpenMenu={(anchor, conversation) => setMenu({ anchor, conversation })}
        onRename={(value) => {
          setRenamingId(null);
          void actions.rename(row.conversation, value);
        }}
        onCancelRename={() => setRenamingId(null)}
      />
    );

  return (
    <Box sx={{ flexGrow: 1, minHeight: 0, position: 'relative' }}>
      <Suspense fallback={<ListSkeleton />}>
        <VirtualList
          style={{ height: '100%' }}
          aria-label={t('chat.conversationsLabel')}
          items={rows}
          rowHeight={RowHeight}
          overscan={OverscanRows}
          getKey={(row) => row.key}
          onRangeChange={({ endIndex }) => endIndex >= rows.length - PrefetchRows && loadMore()}
          renderRow={renderRow}
        />
      </Suspense>
      {isFetchingNextPage && (
        <Suspense fallback={null}>
          <LinearProgress aria-label={t('chat.loadingMore')} sx={{ position: 'absolute', left: 0, right: 0, bottom: 0 }} />
        </Suspense>
      )}
      <LazyMount open={menu !== null}>
        <ConversationMenu
          anchor={menu?.anchor ?? null}
          conversation={menu?.conversation ?? null}
          onClose={() => setMenu(null)}
          onArchive={(value) => menu && void actions.setArchived(menu.conversation, value)}
          onRename={() => menu && setRenamingId(menu.conversation.conversationId)}
          onDelete={() => menu && setDeleting(menu.conversation)}
        />
      </LazyMount>
      <LazyMount open={deleting !== null}>
        <ConversationDeleteDialog
          conversation={deleting}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            if (deleting) void actions.remove(deleting);
            setDeleting(null);
          }}
        />
      </LazyMount>
    </Box>
  );
}
