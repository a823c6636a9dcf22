// Routes of personal agents (docs/product.md §7 ConfigStates, GptSystems common/personal/directory; docs/wire-protocol.md):
// drafts of the caller's own agents, turning them into agents, publishing (V2), sharing with chosen
// people and the directory lists. Everything personal answers 403 personal_agents_disabled while the
// instance setting AllowUserCreatedGptSystems is off; someone else's draft or agent is 404.
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import {
  AgentAvatarMaxBytes,
  ConfigStateCreateSchema,
  ConfigStateCreatedSchema,
  ConfigStateListSchema,
  ConfigStateParamsSchema,
  ConfigStateSchema,
  ConfigStateUpdateSchema,
  DataSourcesAndCapabilitiesSchema,
  GptSystemCreatedSchema,
  GptSystemIdParamsSchema,
  GptSystemListSchema,
  GptSystemTypeParamsSchema,
  ManagedAgentListSchema,
  ManagedAgentSchema,
  PinGptSystemBodySchema,
  PublishBodySchema,
  PublishResultSchema,
  SharingBodySchema,
  PersonalAgentRoutes,
} from '@atrium/contract';
import type { Api, AppContext, Module } from '../../../platform/context.js';
import type { Principal } from '../../../platform/access.js';
import { principalOf } from '../../../platform/access.js';
import { badRequest, forbidden, notFound } from '../../../platform/errors.js';
import { readSingleUpload } from '../../../platform/uploads.js';
import { findAgent, type AgentRow } from '../agents.repository.js';
import { listAvailable } from '../agents.service.js';
import * as admin from '../admin-agents.service.js';
import * as repo from '../drafts/config-states.repository.js';
import * as states from '../drafts/config-states.service.js';
import { syncPersonalAgentKnowledge } from './personal-agents.knowledge.js';
import * as publishing from '../drafts/config-states.publishing.js';
import { deleteConfigStateAvatar, readConfigStateAvatar, uploadConfigStateAvatar } from '../drafts/config-states.avatar.js';
import { fullConfig } from '../drafts/config-states.validation.js';
import { replaceSharing } from './personal-agents.sharing.js';
import { isOwnPersonal, mayCreateSystemAgents } from '../agents.policy.js';

const auth = { access: 'authenticated' } as const;
const R = PersonalAgentRoutes;
const ImageCsp = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** The caller's own personal agent; anyone else's does not exist for them. */
async function ownPersonalAgent(ctx: states.StatesCtx, principal: Principal, gptSystemId: string): Promise<AgentRow> {
  await states.requirePersonalAgents(ctx);
  const agent = await findAgent(ctx.db, gptSystemId);
  if (!agent || agent.isDeleted || !isOwnPersonal(principal, agent)) throw notFound('The agent');
  return agent;
}

function typeOf(raw: string): 'User' | 'System' {
  const t = raw.toLowerCase();
  if (t === 'user') return 'User';
  if (t === 'system') return 'System';
  throw badRequest('gptSystemType must be User or System.', [{ field: 'gptSystemType', message: 'Use User or System' }]);
}

export const personalAgentsRoutes: Module = async (api, ctx) => {
  const own = (request: FastifyRequest, id: string) => states.ownPersonalConfigState(ctx, principalOf(request), id);

  // Drafts ---------------------------------------------------------------------------------------------
  api.post(
    R.byGptSystemType,
    {
      config: auth,
      schema: { params: GptSystemTypeParamsSchema, body: ConfigStateCreateSchema, response: { 200: ConfigStateCreatedSchema, 201: ConfigStateCreatedSchema } },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const type = typeOf(request.params.gptSystemType);
      if (type === 'User') await states.requirePersonalAgents(ctx);
      else if (!mayCreateSystemAgents(p)) throw forbidden('You may not create System agents.');
      // Without forceCreate, a draft this person started and never touched is handed back instead of
      // piling up empty drafts (a quick-create popover opened and closed, a double click).
      if (!request.body?.forceCreate) {
        const untouched = (await repo.listConfigStatesOfOwner(ctx.db, p.userId, type, true)).find(
          (r) => r.name === '' && r.createdAt.getTime() === r.updatedAt.getTime(),
        );
        if (untouched) return reply.status(200).send({ configStateId: untouched.id, gptSystemConfigurationStateId: untouched.id });
      }
      const row = await states.createConfigState(ctx, p, { gptSystemType: type });
      return reply.status(201).send({ configStateId: row.id, gptSystemConfigurationStateId: row.id });
    },
  );

  api.get(R.byGptSystemType, { config: auth, schema: { params: GptSystemTypeParamsSchema, response: { 200: ConfigStateListSchema } } }, async (request) => {
    const p = principalOf(request);
    const type = typeOf(request.params.gptSystemType);
    if (type === 'User') await states.requirePersonalAgents(ctx);
    const rows = await repo.listConfigStatesOfOwner(ctx.db, p.userId, type);
    return { items: await Promise.all(rows.map((r) => states.presentConfigState(ctx, r))), continuationToken: null };
  });

  api.post(R.byGptSystem, { config: auth, schema: { params: GptSystemIdParamsSchema, response: { 200: ConfigStateCreatedSchema } } }, async (request) => {
    const p = principalOf(request);
    const row = await states.draftOf(ctx, p, await ownPersonalAgent(ctx, p, request.params.gptSystemId));
    return { configStateId: row.id, gptSystemConfigurationStateId: row.id };
  });

  api.get(R.configState, { config: auth, schema: { params: ConfigStateParamsSchema, response: { 200: ConfigStateSchema } } }, async (request) =>
    states.presentConfigState(ctx, await own(request, request.params.configStateId)),
  );
  api.put(
    R.configState,
    { config: auth, schema: { params: ConfigStateParamsSchema, body: ConfigStateUpdateSchema, response: { 200: ConfigStateSchema } } },
    async (request) => {
      const row = await own(request, request.params.configStateId);
      return states.presentConfigState(ctx, await states.updateConfigState(ctx, principalOf(request), row, request.body));
    },
  );
  api.delete(R.configState, { config: auth, schema: { params: ConfigStateParamsSchema } }, async (request, reply) => {
    await states.deleteConfigState(ctx, principalOf(request), await own(request, request.params.configStateId));
    return reply.status(204).send();
  });
  /** After a save: the agent's files become its knowledge. The agent is saved either way; a failure is logged and the next save tries again. */
  const withKnowledge = async (request: FastifyRequest, row: Awaited<ReturnType<typeof own>>, saved: { gptSystemId: string; configStateId: string }) => {
    await syncPersonalAgentKnowledge(ctx, principalOf(request), { gptSystemId: saved.gptSystemId, name: row.name.trim(), config: row.config }).catch(
      (e: unknown) => request.log.error({ err: e, gptSystemId: saved.gptSystemId }, 'could not update a personal agent’s knowledge files'),
    );
    return saved;
  };
  api.post(R.createGptSystem, { config: auth, schema: { params: ConfigStateParamsSchema, response: { 200: GptSystemCreatedSchema } } }, async (request) => {
    const row = await own(request, request.params.configStateId);
    return withKnowledge(request, row, await publishing.createGptSystem(ctx, principalOf(request), row));
  });
  api.put(R.updateGptSystem, { config: auth, schema: { params: ConfigStateParamsSchema, response: { 200: GptSystemCreatedSchema } } }, async (request) => {
    const row = await own(request, request.params.configStateId);
    return withKnowledge(request, row, await publishing.updateGptSystem(ctx, principalOf(request), row));
  });
  api.get(
    R.dataSourcesAndCapabilities,
    { config: auth, schema: { params: ConfigStateParamsSchema, response: { 200: DataSourcesAndCapabilitiesSchema } } },
    async (request) => {
      const row = await own(request, request.params.configStateId);
      // the same answer the admin editor gets: which capabilities can work on this server, and why not
      const available = await admin.availableConfiguration(ctx);
      return {
        capabilities: available.capabilityAvailability,
        dataSources: fullConfig(row.config).dataSources,
        deployments: available.deployments.map(({ name, displayName, isDefault, vision, tools }) => ({ name, displayName, isDefault, vision, tools })),
      };
    },
  );

  api.get(R.configStateAvatar, { config: auth, schema: { params: ConfigStateParamsSchema } }, async (request, reply) => {
    const file = await readConfigStateAvatar(ctx, await own(request, request.params.configStateId));
    return reply
      .header('etag', file.etag)
      .header('cache-control', 'private, max-age=300')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', ImageCsp)
      .type(file.contentType)
      .send(file.body);
  });
  api.delete(R.configStateAvatar, { config: auth, schema: { params: ConfigStateParamsSchema } }, async (request, reply) => {
    await deleteConfigStateAvatar(ctx, principalOf(request), await own(request, request.params.configStateId));
    return reply.status(204).send();
  });
  await api.register(async (scope) => avatarUpload(scope as Api, ctx));

  // Personal agents as their owner manages them --------------------------------------------------------
  api.get(R.managed, { config: auth, schema: { response: { 200: ManagedAgentListSchema } } }, async (request) => {
    const p = principalOf(request);
    await states.requirePersonalAgents(ctx);
    return admin.listManaged(ctx, p, await repo.listAgents(ctx.db, { gptSystemType: 'User', ownerUserId: p.userId }));
  });
  api.get(R.managedAgent, { config: auth, schema: { params: GptSystemIdParamsSchema, response: { 200: ManagedAgentSchema } } }, async (request) => {
    const p = principalOf(request);
    return (await admin.presentManaged(ctx, p, [await ownPersonalAgent(ctx, p, request.params.gptSystemId)]))[0]!;
  });
  api.put(
    R.publishingV2,
    { config: auth, schema: { params: GptSystemIdParamsSchema, body: PublishBodySchema, response: { 200: PublishResultSchema } } },
    async (request) => {
      const p = principalOf(request);
      return publishing.publish(ctx, p, await ownPersonalAgent(ctx, p, request.params.gptSystemId), request.body);
    },
  );
  api.get(R.publishing, { config: auth, schema: { params: GptSystemIdParamsSchema } }, async (request) => {
    const p = principalOf(request);
    return publishing.publishingHistory(ctx, await ownPersonalAgent(ctx, p, request.params.gptSystemId));
  });
  api.put(
    R.sharing,
    { config: auth, schema: { params: GptSystemIdParamsSchema, body: SharingBodySchema, response: { 200: ManagedAgentSchema } } },
    async (request) => {
      const p = principalOf(request);
      return replaceSharing(ctx, p, await ownPersonalAgent(ctx, p, request.params.gptSystemId), request.body);
    },
  );

  api.delete(R.agent, { config: auth, schema: { params: GptSystemIdParamsSchema } }, async (request, reply) => {
    const p = principalOf(request);
    const agent = await findAgent(ctx.db, request.params.gptSystemId);
    // a personal agent: its owner; a System agent: an administrator who may manage it
    if (agent && !agent.isDeleted && isOwnPersonal(p, agent)) await admin.deleteAgent(ctx, p, agent);
    else await admin.deleteAgent(ctx, p, await states.manageableAgent(ctx, p, request.params.gptSystemId));
    return reply.status(204).send();
  });

  // the agents a person may start a conversation with (as CurrentUser/AvailableGptSystems)
  api.get(R.availableForConversation, { config: auth, schema: { response: { 200: GptSystemListSchema } } }, async (request) =>
    listAvailable(ctx, principalOf(request)),
  );

  // Directory ------------------------------------------------------------------------------------------
  api.get(R.directoryMine, { config: auth, schema: { response: { 200: ManagedAgentListSchema } } }, async (request) => {
    const p = principalOf(request);
    await states.requirePersonalAgents(ctx);
    return admin.listManaged(ctx, p, await repo.listAgents(ctx.db, { gptSystemType: 'User', ownerUserId: p.userId }));
  });
  api.get(R.directorySharedWithMe, { config: auth, schema: { response: { 200: GptSystemListSchema } } }, async (request) => {
    const p = principalOf(request);
    await states.requirePersonalAgents(ctx);
    const [all, shared] = await Promise.all([listAvailable(ctx, p), repo.listSharedWith(ctx.db, p.userId)]);
    const ids = new Set(shared.map((s) => s.agent.id));
    return { items: all.items.filter((a) => ids.has(a.gptSystemId)), continuationToken: null };
  });
  api.get(R.directorySystem, { config: auth, schema: { response: { 200: GptSystemListSchema } } }, async (request) => {
    const all = await listAvailable(ctx, principalOf(request));
    return { items: all.items.filter((a) => a.gptSystemType === 'System'), continuationToken: null };
  });
  api.get(R.directoryPersonalConfigStates, { config: auth, schema: { response: { 200: ConfigStateListSchema } } }, async (request) => {
    const p = principalOf(request);
    await states.requirePersonalAgents(ctx);
    const rows = await repo.listConfigStatesOfOwner(ctx.db, p.userId, 'User', true);
    return { items: await Promise.all(rows.map((r) => states.presentConfigState(ctx, r))), continuationToken: null };
  });

  // A person adds an agent shared with them; only the owner's share makes it possible.
  api.post(R.sharedWithMe, { config: auth, schema: { body: PinGptSystemBodySchema } }, async (request, reply) => {
    const p = principalOf(request);
    const share = await repo.isSharedWith(ctx.db, request.body.gptSystemId, p.userId);
    const agent = share ? await findAgent(ctx.db, request.body.gptSystemId) : null;
    if (!share || !agent || agent.isDeleted) throw notFound('The agent');
    await repo.acceptShare(ctx.db, agent.id, p.userId);
    return reply.status(204).send();
  });
};

async function avatarUpload(scope: Api, ctx: AppContext): Promise<void> {
  if (!scope.hasRequestDecorator('isMultipart')) await scope.register(multipart);
  const config = { ...auth, upload: { maxBytes: AgentAvatarMaxBytes, what: 'avatar' } };
  scope.post(R.configStateAvatar, { config, schema: { params: ConfigStateParamsSchema } }, async (request) => {
    const row = await states.ownPersonalConfigState(ctx, principalOf(request), request.params.configStateId);
    const { data } = await readSingleUpload(request);
    return uploadConfigStateAvatar(ctx, principalOf(request), row, data);
  });
}
