// Routes of Admin gptSystems (docs/product.md §7): agents, their configuration states, publishing with history
// and rollback, starter prompts, data-source links and what the agent form can offer. Reading needs
// an agents action beyond the GptSystemsRead every person holds (it would show every system prompt);
// …Specific holders see and change only the agents of their roles' scopes (checked in the services).
import { z } from 'zod';
import {
  AreaActions,
  AdminAgentRoutes,
  AdminAgentCreateSchema,
  AdminAgentCreatedSchema,
  AdminAgentListQuerySchema,
  AdminAgentListSchema,
  AdminAgentSchema,
  AdminAgentUpdateSchema,
  AvailableConfigurationSchema,
  ConfigStateCreatedSchema,
  ConfigStateListSchema,
  ConfigStateParamsSchema,
  ConfigStateSchema,
  ConfigStateUpdateSchema,
  DataSourcesTypesQuerySchema,
  DetailsForConversationSchema,
  DataSourcesTypesSchema,
  GptSystemCreatedSchema,
  GptSystemDeploymentsQuerySchema,
  GptSystemIdParamsSchema,
  HandlebarsValueTypesSchema,
  PromptParamsSchema,
  PublishBodySchema,
  PublishedVersionListSchema,
  PublishResultSchema,
  RagDataSourceInputSchema,
  RagDataSourceListSchema,
  RagDataSourceParamsSchema,
  RagDataSourceSchema,
  RagDataSourceUpdateSchema,
  StarterPromptInputSchema,
  StarterPromptListSchema,
  StarterPromptSchema,
  SystemDefaultsSchema,
  SystemPromptVariables,
} from '@atrium/contract';
import type { Module } from '../../platform/context.js';
import { principalOf, requireArea } from '../../platform/access.js';
import * as admin from './admin-agents.service.js';
import * as prompts from './agents.starter-prompts.js';
import * as ragLinks from './agents.rag-links.js';
import { systemAgentNames } from './agents.lookup.js';
import * as states from './drafts/config-states.service.js';
import * as publishing from './drafts/config-states.publishing.js';
import { detailsForConversation } from './agents.service.js';
import { fullConfig } from './drafts/config-states.validation.js';
import { findConfigState, listConfigStatesOfAgent } from './drafts/config-states.repository.js';

// docs/product.md §2 shows the admin Agents area to GptSystemsRead holders too; as every user holds it to chat, it
// counts here only for people who may open the admin area (they see System agents read-only).
const read = { access: requireArea('agents', 'read', { adminArea: true }) };
const write = { access: requireArea('agents', 'write') };
const create = { access: requireArea('agents', 'create') };
const draftWrite = { access: requireArea('agents', 'editDraft') };

const R = AdminAgentRoutes;

const RollbackBodySchema = z.object({ versionId: z.string().uuid() });

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

export const adminAgentsRoutes: Module = (api, ctx) => {
  // the …Create and …Write holders: a scoped administrator should not learn how many agents exist
  ctx.overview.register({ key: 'agents', anyOf: AreaActions.agents.create, count: async ({ db }) => ({ count: (await systemAgentNames({ db })).length }) });
  // the audit log names drafts by their agent name (a deleted draft falls back to its audit rows)
  ctx.aggregateNames.register('GptSystemConfigurationState', async ({ db }, id) => {
    const row = isUuid(id) ? await findConfigState(db, id) : null;
    return row ? row.name || 'Untitled draft' : null;
  });

  const visible = (request: Parameters<typeof principalOf>[0], id: string) => admin.visibleAgent(ctx, principalOf(request), id);
  const manageable = (request: Parameters<typeof principalOf>[0], id: string) => states.manageableAgent(ctx, principalOf(request), id);

  api.get(R.agents, { config: read, schema: { querystring: AdminAgentListQuerySchema, response: { 200: AdminAgentListSchema } } }, (request) =>
    admin.listAdminAgents(ctx, principalOf(request), request.query),
  );
  api.get(R.systemAgents, { config: read, schema: { response: { 200: AdminAgentListSchema } } }, (request) =>
    admin.listAdminAgents(ctx, principalOf(request), { gptSystemType: 'System' }),
  );
  api.post(R.agents, { config: create, schema: { body: AdminAgentCreateSchema, response: { 201: AdminAgentCreatedSchema } } }, async (request, reply) =>
    reply.status(201).send(await admin.createAdminAgent(ctx, principalOf(request), request.body)),
  );

  api.get(
    R.availableConfiguration,
    { config: read, schema: { querystring: GptSystemDeploymentsQuerySchema, response: { 200: AvailableConfigurationSchema } } },
    (request) => admin.availableConfiguration(ctx, request.query),
  );
  api.get(R.systemDefaults, { config: read, schema: { response: { 200: SystemDefaultsSchema } } }, async () => fullConfig(states.SystemDefaults));
  api.get(R.ragSystemDefaults, { config: read, schema: { response: { 200: z.object({ dataSourceType: z.string(), topK: z.number().int() }) } } }, async () => ({
    dataSourceType: 'FileLibrary',
    topK: 5,
  }));
  api.get(
    R.dataSourcesTypes,
    { config: read, schema: { querystring: DataSourcesTypesQuerySchema, response: { 200: DataSourcesTypesSchema } } },
    async (request) => admin.dataSourcesTypes(request.query),
  );
  api.get(R.handlebarsValueTypes, { config: read, schema: { response: { 200: HandlebarsValueTypesSchema } } }, async () => ({
    items: SystemPromptVariables.map((v) => ({ ...v })),
    continuationToken: null,
  }));

  // Configuration states ----------------------------------------------------------------------------
  api.post(R.configStates, { config: create, schema: { response: { 201: ConfigStateCreatedSchema } } }, async (request, reply) => {
    const row = await states.createConfigState(ctx, principalOf(request), { gptSystemType: 'System' });
    return reply.status(201).send({ configStateId: row.id, gptSystemConfigurationStateId: row.id });
  });
  // an agent's draft is readable by whoever may see the agent here; a draft of no agent yet, by its makers
  api.get(R.configState, { config: read, schema: { params: ConfigStateParamsSchema, response: { 200: ConfigStateSchema } } }, async (request) => {
    const row = await findConfigState(ctx.db, request.params.configStateId);
    if (row?.gptSystemId && row.gptSystemType === 'System') {
      await visible(request, row.gptSystemId);
      return states.presentConfigState(ctx, row);
    }
    return states.presentConfigState(ctx, await states.manageableConfigState(ctx, principalOf(request), request.params.configStateId));
  });
  api.put(
    R.configState,
    { config: draftWrite, schema: { params: ConfigStateParamsSchema, body: ConfigStateUpdateSchema, response: { 200: ConfigStateSchema } } },
    async (request) => {
      const p = principalOf(request);
      const row = await states.manageableConfigState(ctx, p, request.params.configStateId);
      return states.presentConfigState(ctx, await states.updateConfigState(ctx, p, row, request.body));
    },
  );
  api.delete(R.configState, { config: draftWrite, schema: { params: ConfigStateParamsSchema } }, async (request, reply) => {
    const p = principalOf(request);
    await states.deleteConfigState(ctx, p, await states.manageableConfigState(ctx, p, request.params.configStateId));
    return reply.status(204).send();
  });
  api.put(
    R.createFromConfigState,
    { config: create, schema: { params: ConfigStateParamsSchema, response: { 200: GptSystemCreatedSchema } } },
    async (request) => {
      const p = principalOf(request);
      return publishing.createGptSystem(ctx, p, await states.manageableConfigState(ctx, p, request.params.configStateId));
    },
  );
  api.put(
    R.updateFromConfigState,
    { config: write, schema: { params: ConfigStateParamsSchema, response: { 200: GptSystemCreatedSchema } } },
    async (request) => {
      const p = principalOf(request);
      return publishing.updateGptSystem(ctx, p, await states.manageableConfigState(ctx, p, request.params.configStateId));
    },
  );

  // One agent ----------------------------------------------------------------------------------------
  api.get(R.agent, { config: read, schema: { params: GptSystemIdParamsSchema, response: { 200: AdminAgentSchema } } }, async (request) =>
    admin.getAdminAgent(ctx, principalOf(request), await visible(request, request.params.gptSystemId)),
  );
  api.put(
    R.agent,
    { config: write, schema: { params: GptSystemIdParamsSchema, body: AdminAgentUpdateSchema, response: { 200: AdminAgentSchema } } },
    async (request) => {
      const p = principalOf(request);
      const agent = await manageable(request, request.params.gptSystemId);
      await admin.updateAdminAgent(ctx, p, agent, request.body);
      return admin.getAdminAgent(ctx, p, await manageable(request, agent.id));
    },
  );
  api.delete(R.agent, { config: write, schema: { params: GptSystemIdParamsSchema } }, async (request, reply) => {
    await admin.deleteAgent(ctx, principalOf(request), await manageable(request, request.params.gptSystemId));
    return reply.status(204).send();
  });

  // what the chat page would show about the agent, for an administrator who may see it (the chat rules still apply)
  api.get(
    R.detailsForConversation,
    { config: read, schema: { params: GptSystemIdParamsSchema, response: { 200: DetailsForConversationSchema } } },
    async (request) => {
      const agent = await visible(request, request.params.gptSystemId);
      return detailsForConversation(ctx, principalOf(request), agent.id);
    },
  );

  api.get(R.agentConfigStates, { config: read, schema: { params: GptSystemIdParamsSchema, response: { 200: ConfigStateListSchema } } }, async (request) => {
    const agent = await visible(request, request.params.gptSystemId);
    const rows = await listConfigStatesOfAgent(ctx.db, agent.id);
    return { items: await Promise.all(rows.map((r) => states.presentConfigState(ctx, r))), continuationToken: null };
  });
  api.post(
    R.agentConfigStates,
    { config: write, schema: { params: GptSystemIdParamsSchema, response: { 201: ConfigStateCreatedSchema } } },
    async (request, reply) => {
      const p = principalOf(request);
      const agent = await manageable(request, request.params.gptSystemId);
      const row = await states.createConfigState(ctx, p, {
        gptSystemType: agent.gptSystemType === 'User' ? 'User' : 'System',
        gptSystemId: agent.id,
        name: agent.name,
        description: agent.description,
        config: agent.publishedConfig ?? states.SystemDefaults,
      });
      return reply.status(201).send({ configStateId: row.id, gptSystemConfigurationStateId: row.id });
    },
  );

  // Publishing ---------------------------------------------------------------------------------------
  api.get(R.publishing, { config: read, schema: { params: GptSystemIdParamsSchema, response: { 200: PublishedVersionListSchema } } }, async (request) =>
    publishing.publishingHistory(ctx, await visible(request, request.params.gptSystemId)),
  );
  for (const path of [R.publishing, R.publishingV2]) {
    api.put(
      path,
      { config: write, schema: { params: GptSystemIdParamsSchema, body: PublishBodySchema, response: { 200: PublishResultSchema } } },
      async (request) => publishing.publish(ctx, principalOf(request), await manageable(request, request.params.gptSystemId), request.body),
    );
  }
  api.put(
    R.rollback,
    { config: write, schema: { params: GptSystemIdParamsSchema, body: RollbackBodySchema, response: { 200: PublishResultSchema } } },
    async (request) =>
      publishing.publish(ctx, principalOf(request), await manageable(request, request.params.gptSystemId), { rollbackToVersionId: request.body.versionId }),
  );

  // Starter prompts ----------------------------------------------------------------------------------
  api.get(R.prompts, { config: read, schema: { params: GptSystemIdParamsSchema, response: { 200: StarterPromptListSchema } } }, async (request) =>
    prompts.listStarterPrompts(ctx, await visible(request, request.params.gptSystemId)),
  );
  api.post(
    R.prompts,
    { config: write, schema: { params: GptSystemIdParamsSchema, body: StarterPromptInputSchema, response: { 201: StarterPromptSchema } } },
    async (request, reply) =>
      reply.status(201).send(await prompts.createStarterPrompt(ctx, principalOf(request), await manageable(request, request.params.gptSystemId), request.body)),
  );
  api.get(R.prompt, { config: read, schema: { params: PromptParamsSchema, response: { 200: StarterPromptSchema } } }, async (request) =>
    prompts.getStarterPrompt(ctx, await visible(request, request.params.gptSystemId), request.params.promptId),
  );
  api.put(
    R.prompt,
    { config: write, schema: { params: PromptParamsSchema, body: StarterPromptInputSchema, response: { 200: StarterPromptSchema } } },
    async (request) =>
      prompts.updateStarterPrompt(ctx, principalOf(request), await manageable(request, request.params.gptSystemId), request.params.promptId, request.body),
  );
  api.delete(R.prompt, { config: write, schema: { params: PromptParamsSchema } }, async (request, reply) => {
    await prompts.deleteStarterPrompt(ctx, principalOf(request), await manageable(request, request.params.gptSystemId), request.params.promptId);
    return reply.status(204).send();
  });

  // Data-source links --------------------------------------------------------------------------------
  api.get(R.ragDataSources, { config: read, schema: { params: GptSystemIdParamsSchema, response: { 200: RagDataSourceListSchema } } }, async (request) =>
    ragLinks.listRagLinks(ctx, await visible(request, request.params.gptSystemId)),
  );
  api.post(
    R.ragDataSources,
    { config: write, schema: { params: GptSystemIdParamsSchema, body: RagDataSourceInputSchema, response: { 201: RagDataSourceSchema } } },
    async (request, reply) =>
      reply.status(201).send(await ragLinks.createRagLink(ctx, principalOf(request), await manageable(request, request.params.gptSystemId), request.body)),
  );
  api.get(R.ragDataSource, { config: read, schema: { params: RagDataSourceParamsSchema, response: { 200: RagDataSourceSchema } } }, async (request) =>
    ragLinks.getRagLink(ctx, await visible(request, request.params.gptSystemId), request.params.ragDataSourceId),
  );
  api.put(
    R.ragDataSource,
    { config: write, schema: { params: RagDataSourceParamsSchema, body: RagDataSourceUpdateSchema, response: { 200: RagDataSourceSchema } } },
    async (request) =>
      ragLinks.updateRagLink(ctx, principalOf(request), await manageable(request, request.params.gptSystemId), request.params.ragDataSourceId, request.body),
  );
  api.delete(R.ragDataSource, { config: write, schema: { params: RagDataSourceParamsSchema } }, async (request, reply) => {
    await ragLinks.deleteRagLink(ctx, principalOf(request), await manageable(request, request.params.gptSystemId), request.params.ragDataSourceId);
    return reply.status(204).send();
  });
};
