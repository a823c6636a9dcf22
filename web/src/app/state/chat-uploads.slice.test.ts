import { describe, expect, it } from 'vitest';
import { chatActions as a, chatSlice, initialChatState, type ChatState, type PromptUpload } from './chat.slice';

const reduce = (state: ChatState, ...actions: Parameters<typeof chatSlice.reducer>[1][]) => actions.reduce(chatSlice.reducer, state);
const image: PromptUpload = { localId: 'u1', kind: 'image', fileName: 'cat.png', status: 'uploading' };
const file: PromptUpload = { localId: 'u2', kind: 'file', fileName: 'notes.md', status: 'uploading' };

describe('chat slice: uploaded images and files for the prompt (docs/product.md §3, §4)', () => {
  it('adds uploads, finishes them in place and removes them', () => {
    const visionImage = { visionImageId: 'v1', blobFileName: 'a.png', thumbnailBlobFileName: 'a-thumbnail.webp', mimeType: 'image/png' };
    let s = reduce(initialChatState, a.promptUploadAdded(image), a.promptUploadAdded(file));
    s = reduce(s, a.promptUploadFinished({ ...image, status: 'ready', visionImage, thumbnailUrl: 'data:image/webp;base64,AA==' }));
    expect(s.promptUploads.map((u) => [u.fileName, u.status])).toEqual([
      ['cat.png', 'ready'],
      ['notes.md', 'uploading'],
    ]);
    expect(s.promptUploads[0]!.visionImage).toEqual(visionImage);
    expect(reduce(s, a.promptUploadRemoved('u1')).promptUploads.map((u) => u.localId)).toEqual(['u2']);
    // an upload removed while it was on its way stays removed when it finishes
    expect(reduce(s, a.promptUploadRemoved('u2'), a.promptUploadFinished({ ...file, status: 'ready' })).promptUploads.map((u) => u.localId)).toEqual(['u1']);
  });

  it('empties them when the conversation is switched or cleared', () => {
    const s = reduce(initialChatState, a.promptUploadAdded(image));
    expect(reduce(s, a.conversationSwitched({ conversationId: null, gptSystemId: 'g1' })).promptUploads).toEqual([]);
    expect(reduce(s, a.promptUploadsCleared()).promptUploads).toEqual([]);
  });

  it('shows the images and files of the question being answered on its temporary segment', () => {
    const visionImages = [{ visionImageId: 'v1', blobFileName: 'a.png', thumbnailBlobFileName: 'a-thumbnail.webp', mimeType: 'image/png' }];
    const attachments = [
      { attachmentId: 'f1', attachmentType: 'FileSearch' as const, context: 'Conversation' as const, originalFileName: 'notes.md', mimeType: 'text/markdown' },
    ];
    const s = reduce(
      initialChatState,
      a.streamStarted({ streamId: 1, question: 'What is this?', parentSegmentId: null, createdAt: '2026-01-01T00:00:00Z', visionImages, attachments }),
    );
    expect(s.streamedSegment).toMatchObject({ visionImages, attachments });
  });
});
