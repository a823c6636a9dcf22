// The files the code interpreter made in a conversation (GET …/openAIFiles): other than images (those are in the
// answers as generated images), each with the path that downloads it (CodeInterpreterRoutes.file, owner only).
import { z } from 'zod';

export const CodeInterpreterFileSchema = z.object({
  /** the file id of its download path */
  id: z.string().uuid(),
  fileName: z.string(),
  /** in bytes */
  size: z.number().int(),
  contentType: z.string(),
  /** the answer whose code wrote it */
  conversationSegmentId: z.string().uuid(),
  createdAt: z.string(),
  /** same-origin path under /api/internal; fetched with the person's token */
  downloadUrl: z.string(),
});
export type CodeInterpreterFile = z.infer<typeof CodeInterpreterFileSchema>;

/** Oldest first, not paged: each run hands back at most 10 files, and an answer runs code a few times at most. */
export const CodeInterpreterFileListSchema = z.object({ items: z.array(CodeInterpreterFileSchema), continuationToken: z.null() });
export type CodeInterpreterFileList = z.infer<typeof CodeInterpreterFileListSchema>;
