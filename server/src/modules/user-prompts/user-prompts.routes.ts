// Routes of a person's saved prompts (docs/product.md §7 UserPrompts): list, create, update, delete.
import {
  UserPromptBodySchema,
  UserPromptListQuerySchema,
  UserPromptListSchema,
  UserPromptParamsSchema,
  UserPromptRoutes,
  UserPromptSchema,
} from '@atrium/contract';
import type { Module } from '../../platform/context.js';
import { principalOf } from '../../platform/access.js';
import * as prompts from './user-prompts.service.js';

export const userPromptsRoutes: Module = (api, ctx) => {
  const { db } = ctx;

  api.get(
    UserPromptRoutes.prompts,
    { config: { access: 'authenticated' }, schema: { querystring: UserPromptListQuerySchema, response: { 200: UserPromptListSchema } } },
    async (request) => prompts.listUserPrompts({ db }, principalOf(request).userId, request.query),
  );

  api.post(
    UserPromptRoutes.prompts,
    { config: { access: 'authenticated' }, schema: { body: UserPromptBodySchema, response: { 201: UserPromptSchema } } },
    async (request, reply) => reply.status(201).send(await prompts.createUserPrompt({ db }, principalOf(request).userId, request.body)),
  );

  api.put(
    UserPromptRoutes.prompt,
    { config: { access: 'authenticated' }, schema: { params: UserPromptParamsSchema, body: UserPromptBodySchema, response: { 200: UserPromptSchema } } },
    async (request) => prompts.updateUserPrompt({ db }, principalOf(request).userId, request.params.promptId, request.body),
  );

  api.delete(UserPromptRoutes.prompt, { config: { access: 'authenticated' }, schema: { params: UserPromptParamsSchema } }, async (request, reply) => {
    await prompts.deleteUserPrompt({ db }, principalOf(request).userId, request.params.promptId);
    return reply.status(204).send();
  });
};
