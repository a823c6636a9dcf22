// Client state of the chat (docs/product.md §3 "Chat state", §4 "Streaming"): which conversation and agent are
// current, and the answer being streamed. Server state (conversations, segments) lives in RTK Query.
// Nothing here is persisted: a reload starts Idle and reads the conversation from the server.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Citation, SegmentAttachment, SegmentVisionImage, StreamError } from '@atrium/contract';
import type { ChatStreamUpdate } from '../../lib/sse/chat-stream-updates';

export type StreamStatus = 'Idle' | 'Streaming' | 'Complete';

/** The temporary segment shown while its question is answered. */
export interface StreamedSegment {
  question: string;
  answer: string;
  citations: Citation[];
  conversationSegmentId: string | null;
  parentSegmentId: string | null;
  /** the segment whose siblings this answer joins when it regenerates one */
  regeneratesSegmentId: string | null;
  createdAt: string;
  errors: StreamError[];
  visionImages: SegmentVisionImage[];
  attachments: SegmentAttachment[];
}

/** An image or file added to the next question (docs/product.md §3 "uploaded images and files for the prompt"). */
export interface PromptUpload {
  localId: string;
  kind: 'image' | 'file';
  fileName: string;
  status: 'uploading' | 'ready';
  visionImage?: SegmentVisionImage;
  /** a data: URL of the server's thumbnail, once uploaded */
  thumbnailUrl?: string;
  attachment?: SegmentAttachment;
}

export interface ChatState {
  currentConversationId: string | null;
  currentConversationSegmentId: string | null;
  currentGptSystemId: string | null;
  /** docs/product.md §3: the brand of the agent on screen; the app themes itself from it (null: the instance default) */
  currentBrandKey: string | null;
  streamedSegment: StreamedSegment | null;
  streamStatus: StreamStatus;
  /** the latest step-update text, e.g. Thinking */
  statusText: string;
  codeInterpreter: { updating: boolean; responseText: string };
  /** which stream the updates belong to; updates of any other stream are late and ignored */
  streamId: number;
  userConversationIsActive: boolean;
  streamAborted: boolean;
  conversationChanged: boolean;
  /** docs/product.md §3: guidelines documents the user consented to in this session (the server keeps the record) */
  guidelinesDocumentConsent: string[];
  promptUploads: PromptUpload[];
  /**
   * Moves on when an answer ended or was stopped: the sidebar lists then refetch their first page only
   * (the conversation went to the top), not every page they hold, which with 10,000 conversations
   * loaded meant 200 requests after each answer.
   */
  conversationListVersion: number;
}

export const initialChatState: ChatState = {
  currentConversationId: null,
  currentConversationSegmentId: null,
  currentGptSystemId: null,
  currentBrandKey: null,
  streamedSegment: null,
  streamStatus: 'Idle',
  statusText: '',
  codeInterpreter: { updating: false, responseText: '' },
  streamId: 0,
  userConversationIsActive: false,
  streamAborted: false,
  conversationChanged: false,
  guidelinesDocumentConsent: [],
  promptUploads: [],
  conversationListVersion: 0,
};

export interface StreamStart {
  streamId: number;
  question: string;
  parentSegmentId: string | null;
  regeneratesSegmentId?: string | null;
  createdAt: string;
  visionImages?: SegmentVisionImage[];
  attachments?: SegmentAttachment[];
}

const clearStream = (state: ChatState) => {
  state.streamedSegment = null;
  state.streamStatus = 'Idle';
  state.statusText = '';
  state.codeInterpreter = { updating: false, responseText: '' };
  state.userConversationIsActive = false;
  state.streamAborted = false;
};

const complete = (state: ChatState) => {
  state.streamStatus = 'Complete';
  state.statusText = '';
  state.userConversationIsActive = false;
  state.codeInterpreter.updating = false;
};

export const chatSlice = createSlice({
  name: 'chat',
  initialState: initialChatState,
  reducers: {
    conversationListStale(state) {
      state.conversationListVersion += 1;
    },
    brandChosen(state, { payload }: PayloadAction<string | null>) {
      state.currentBrandKey = payload;
    },
    streamStarted(state, { payload }: PayloadAction<StreamStart>) {
      state.streamId = payload.streamId;
      state.streamedSegment = {
        question: payload.question,
        answer: '',
        citations: [],
        conversationSegmentId: null,
        parentSegmentId: payload.parentSegmentId,
        regeneratesSegmentId: payload.regeneratesSegmentId ?? null,
        createdAt: payload.createdAt,
        errors: [],
        visionImages: payload.visionImages ?? [],
        attachments: payload.attachments ?? [],
      };
      state.streamStatus = 'Streaming';
      state.statusText = '';
      state.codeInterpreter = { updating: false, responseText: '' };
      state.userConversationIsActive = true;
      state.streamAborted = false;
      state.conversationChanged = false;
    },
    streamUpdated(state, { payload: { streamId, update } }: PayloadAction<{ streamId: number; update: ChatStreamUpdate }>) {
      const segment = state.streamedSegment;
      // §4: late answer events are ignored once the conversation changed or the stream ended.
      if (streamId !== state.streamId || state.conversationChanged || state.streamStatus !== 'Streaming' || !segment) return;
      switch (update.type) {
        case 'ids':
          state.currentConversationId = update.conversationId;
          state.currentConversationSegmentId = update.segmentId;
          segment.conversationSegmentId = update.segmentId;
          state.codeInterpreter.responseText = '';
          // a second one: the answer's process died and another answers it again from the start (a takeover)
          segment.answer = '';
          segment.citations = [];
          segment.errors = [];
          break;
        case 'step':
          state.statusText = update.text;
          break;
        case 'text':
          segment.answer += update.text;
          break;
        case 'code':
          state.codeInterpreter.updating = true;
          state.codeInterpreter.responseText += update.text;
          break;
        case 'image':
          segment.answer += `\n\n![${update.title}](${update.uri})\n\n`;
          break;
        case 'model':
          segment.citations = update.citations;
          if (update.segmentId) segment.conversationSegmentId = update.segmentId;
          state.codeInterpreter.updating = false;
          if (update.errors.length > 0) {
            segment.errors = update.errors;
            complete(state);
          }
          break;
        case 'error':
          segment.answer += update.text;
          if (update.completes) complete(state);
          break;
        case 'done':
          complete(state);
          break;
        case 'sessionTokens':
          break;
      }
    },
    /** The request ended without no-more-data (socket closed, HTTP failure). */
    streamEnded(state, { payload }: PayloadAction<{ streamId: number; errors?: StreamError[] }>) {
      if (payload.streamId !== state.streamId || state.streamStatus !== 'Streaming') return;
      if (payload.errors && state.streamedSegment) state.streamedSegment.errors = payload.errors;
      complete(state);
    },
    /** Stop: the partial answer stays on screen; the server keeps it on the segment too. */
    streamAborted(state) {
      if (state.streamStatus !== 'Streaming') return;
      complete(state);
      state.streamAborted = true;
    },
    /** The finished answer is now part of the loaded conversation: drop the temporary segment. */
    streamReset(state) {
      const code = state.codeInterpreter.responseText;
      clearStream(state);
      // the answer's code output stays in view under it (conversation-pane.tsx) until another question or conversation
      state.codeInterpreter.responseText = code;
    },
    /** Another conversation (or a new chat) was opened: stream state goes, late events are ignored. */
    conversationSwitched(state, { payload }: PayloadAction<{ conversationId: string | null; gptSystemId: string | null }>) {
      if (state.streamStatus === 'Streaming') state.conversationChanged = true;
      clearStream(state);
      state.currentConversationId = payload.conversationId;
      state.currentConversationSegmentId = null;
      state.currentGptSystemId = payload.gptSystemId;
      // §4: switching or clearing the conversation empties the uploaded images and files
      state.promptUploads = [];
    },
    promptUploadAdded(state, { payload }: PayloadAction<PromptUpload>) {
      state.promptUploads.push(payload);
    },
    promptUploadFinished(state, { payload }: PayloadAction<PromptUpload>) {
      const i = state.promptUploads.findIndex((u) => u.localId === payload.localId);
      if (i !== -1) state.promptUploads[i] = payload;
    },
    promptUploadRemoved(state, { payload }: PayloadAction<string>) {
      state.promptUploads = state.promptUploads.filter((u) => u.localId !== payload);
    },
    promptUploadsCleared(state) {
      state.promptUploads = [];
    },
    gptSystemSelected(state, { payload }: PayloadAction<string | null>) {
      state.currentGptSystemId = payload;
    },
    /** docs/product.md §4: consent is recorded once per document id. */
    guidelinesConsentGiven(state, { payload }: PayloadAction<string>) {
      if (!state.guidelinesDocumentConsent.includes(payload)) state.guidelinesDocumentConsent.push(payload);
    },
  },
});

export const chatActions = chatSlice.actions;
