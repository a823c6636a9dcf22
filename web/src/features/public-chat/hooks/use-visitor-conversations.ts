// The visitor's own conversations with the endpoint (details.conversations, newest first, read with the session
// identifier): reloading the page, or the embed's frame, reopens the latest where it was left, and a conversation the
// visitor starts joins the list once its first answer has ended (the details are read again, for its title).
import type { PublicEndpointDetails } from '@atrium/contract';
import { useEffect, useRef } from 'react';
import type { useVisitorChat } from './use-visitor-chat';

type VisitorChat = ReturnType<typeof useVisitorChat>;

export function useVisitorConversations(details: PublicEndpointDetails | undefined, chat: VisitorChat, refetch: () => void) {
  const { open, conversationId, turns, streaming } = chat;

  // once, when the details first come: the latest conversation, unless the visitor has already begun another
  const reopened = useRef(false);
  useEffect(() => {
    if (!details || reopened.current) return;
    reopened.current = true;
    const latest = details.conversations[0];
    if (latest && !conversationId && turns.length === 0) void open(latest.conversationId);
  }, [details, conversationId, turns.length, open]);

  const listed = !!details?.conversations.some((c) => c.conversationId === conversationId);
  const readFor = useRef<string | null>(null);
  useEffect(() => {
    if (!details || !conversationId || streaming || listed || readFor.current === conversationId) return;
    readFor.current = conversationId;
    refetch();
  }, [details, conversationId, streaming, listed, refetch]);

  /** the open conversation's title, for its downloaded file's name when the server gives none */
  const title = details?.conversations.find((c) => c.conversationId === conversationId)?.title ?? turns[0]?.question.slice(0, 60) ?? '';
  return { conversations: details?.conversations ?? [], title };
}
