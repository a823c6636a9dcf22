// Wire shapes of a person's saved prompts (UserPrompts).
import { z } from 'zod';
import { listOf, PageQuerySchema } from '../common/list.schemas.js';
import { UserPromptTextMax, UserPromptTitleMax } from './user-prompts.constants.js';

/** POST /UserPrompts and PUT /UserPrompts/{promptId}; surrounding white space is dropped before the limits apply */
export const UserPromptBodySchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(UserPromptTitleMax, `Title exceeds the maximum limit of ${UserPromptTitleMax} characters`),
  prompt: z.string().trim().min(1, 'Prompt is required').max(UserPromptTextMax, `Prompt exceeds the maximum limit of ${UserPromptTextMax} characters`),
});
export type UserPromptBody = z.infer<typeof UserPromptBodySchema>;

export const UserPromptParamsSchema = z.object({ promptId: z.string().uuid() });

export const UserPromptSchema = z.object({
  promptId: z.string().uuid(),
  title: z.string(),
  prompt: z.string(),
  createdAt: z.string(),
  lastModifiedAt: z.string(),
});
export type UserPrompt = z.infer<typeof UserPromptSchema>;

export const UserPromptListSchema = listOf(UserPromptSchema);
export type UserPromptList = z.infer<typeof UserPromptListSchema>;

export const UserPromptListQuerySchema = PageQuerySchema;
