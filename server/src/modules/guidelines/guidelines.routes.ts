// Routes of the guidelines module: Admin guidelinesDocuments with sections and reorderSections (docs/product.md §7),
// and for signed-in people GET /guidelinesDocuments/{id} and the consent to it.
import {
  AreaActions,
  AgentGuidelinesBodySchema,
  AgentGuidelinesSchema,
  GptSystemIdParamsSchema,
  GuidelinesConsentBodySchema,
  GuidelinesConsentSchema,
  GuidelinesDocumentCreateSchema,
  GuidelinesDocumentListSchema,
  GuidelinesDocumentParamsSchema,
  GuidelinesDocumentSchema,
  GuidelinesDocumentUpdateSchema,
  GuidelinesListQuerySchema,
  GuidelinesOptionsSchema,
  GuidelinesConsentRoutes,
  GuidelinesRoutes,
  GuidelinesSectionInputSchema,
  GuidelinesSectionParamsSchema,
  GuidelinesSectionSchema,
  ReorderSectionsBodySchema,
  UserGuidelinesDocumentSchema,
  listOf,
} from '@atrium/contract';
import type { Module } from '../../platform/context.js';
import { principalOf, requireArea, requestActor } from '../../platform/access.js';
import { presents } from '../../platform/presented-actions.js';
import * as service from './guidelines.service.js';
import * as people from './guidelines.people.js';
import * as agentLinks from './guidelines.agents.js';

// what the caller may do with each object answered (currentUserActions)
const documentActions = presents('guidelines');
const read = { access: requireArea('guidelines', 'read') };
const create = { access: requireArea('guidelines', 'create') };
const write = { access: requireArea('guidelines', 'write') };
const auth = { access: 'authenticated' } as const;

const R = GuidelinesRoutes;
const SectionListSchema = listOf(GuidelinesSectionSchema);
const SectionUpdateSchema = GuidelinesSectionInputSchema.partial();

export const guidelinesRoutes: Module = (api, ctx) => {
  ctx.overview.register({
    key: 'guidelines',
    anyOf: AreaActions.guidelines.read,
    count: async (c) => {
      const { documents, templates } = await service.countDocuments(c);
      return { count: documents, detail: { templates } };
    },
  });
  ctx.aggregateNames.register('GuidelinesDocument', service.documentTitle);

  api.get(
    R.documents,
    { config: { ...read, presents: documentActions }, schema: { querystring: GuidelinesListQuerySchema, response: { 200: GuidelinesDocumentListSchema } } },
    (request) => service.listDocuments(ctx, request.query.isTemplate),
  );

  api.post(
    R.documents,
    { config: { ...create, presents: documentActions }, schema: { body: GuidelinesDocumentCreateSchema, response: { 201: GuidelinesDocumentSchema } } },
    async (request, reply) => reply.status(201).send(await service.createDocument(ctx, requestActor(request), request.body)),
  );

  api.get(R.options, { config: read, schema: { response: { 200: GuidelinesOptionsSchema } } }, () => service.options(ctx));

  api.get(
    R.document,
    { config: { ...read, presents: documentActions }, schema: { params: GuidelinesDocumentParamsSchema, response: { 200: GuidelinesDocumentSchema } } },
    (request) => service.getDocument(ctx, request.params.guidelinesDocumentId),
  );

  api.put(
    R.document,
    {
      config: { ...write, presents: documentActions },
      schema: { params: GuidelinesDocumentParamsSchema, body: GuidelinesDocumentUpdateSchema, response: { 200: GuidelinesDocumentSchema } },
    },
    (request) => service.updateDocument(ctx, requestActor(request), request.params.guidelinesDocumentId, request.body),
  );

  api.delete(R.document, { config: write, schema: { params: GuidelinesDocumentParamsSchema } }, async (request, reply) => {
    await service.deleteDocument(ctx, requestActor(request), request.params.guidelinesDocumentId);
    return reply.status(204).send();
  });

  api.get(R.sections, { config: read, schema: { params: GuidelinesDocumentParamsSchema, response: { 200: SectionListSchema } } }, (request) =>
    service.listSections(ctx, request.params.guidelinesDocumentId),
  );

  api.post(
    R.sections,
    { config: write, schema: { params: GuidelinesDocumentParamsSchema, body: GuidelinesSectionInputSchema, response: { 201: GuidelinesSectionSchema } } },
    async (request, reply) => reply.status(201).send(await service.addSection(ctx, requestActor(request), request.params.guidelinesDocumentId, request.body)),
  );

  api.get(R.section, { config: read, schema: { params: GuidelinesSectionParamsSchema, response: { 200: GuidelinesSectionSchema } } }, (request) =>
    service.getSection(ctx, request.params.guidelinesDocumentId, request.params.documentSectionId),
  );

  api.put(
    R.section,
    { config: write, schema: { params: GuidelinesSectionParamsSchema, body: SectionUpdateSchema, response: { 200: GuidelinesSectionSchema } } },
    (request) => service.updateSection(ctx, requestActor(request), request.params.guidelinesDocumentId, request.params.documentSectionId, request.body),
  );

  api.delete(R.section, { config: write, schema: { params: GuidelinesSectionParamsSchema } }, async (request, reply) => {
    await service.deleteSection(ctx, requestActor(request), request.params.guidelinesDocumentId, request.params.documentSectionId);
    return reply.status(204).send();
  });

  api.put(
    R.reorderSections,
    {
      config: { ...write, presents: documentActions },
      schema: { params: GuidelinesDocumentParamsSchema, body: ReorderSectionsBodySchema, response: { 200: GuidelinesDocumentSchema } },
    },
    (request) => service.reorderSections(ctx, requestActor(request), request.params.guidelinesDocumentId, request.body.documentSectionIds),
  );

  api.get(
    GuidelinesConsentRoutes.document,
    { config: auth, schema: { params: GuidelinesDocumentParamsSchema, response: { 200: UserGuidelinesDocumentSchema } } },
    (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return people.getForUser(ctx, principalOf(request), request.params.guidelinesDocumentId);
    },
  );

  api.post(
    GuidelinesConsentRoutes.consent,
    { config: auth, schema: { params: GuidelinesDocumentParamsSchema, body: GuidelinesConsentBodySchema, response: { 200: GuidelinesConsentSchema } } },
    (request) => people.consent(ctx, principalOf(request), request.params.guidelinesDocumentId, request.body.contentVersion),
  );

  // the agent's side of the link, for agent administration
  api.get(
    R.agentGuidelines,
    {
      config: { access: requireArea('agents', 'read', { adminArea: true }) },
      schema: { params: GptSystemIdParamsSchema, response: { 200: AgentGuidelinesSchema } },
    },
    (request) => agentLinks.agentGuidelinesDocument(ctx, request.params.gptSystemId, principalOf(request)),
  );

  api.put(
    R.agentGuidelines,
    {
      config: { access: requireArea('agents', 'write') },
      schema: { params: GptSystemIdParamsSchema, body: AgentGuidelinesBodySchema, response: { 200: AgentGuidelinesSchema } },
    },
    (request) => agentLinks.setAgentGuidelines(ctx, principalOf(request), requestActor(request), request.params.gptSystemId, request.body.guidelinesDocumentId),
  );
};
