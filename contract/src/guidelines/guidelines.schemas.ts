// Guidelines documents (docs/product.md §7 "Admin guidelinesDocuments CRUD, reorderSections PUT, sections CRUD",
// "GET /guidelinesDocuments/{id}"): titled documents of markdown sections that people accept before
// chatting with an agent they are attached to; templates are documents to start new ones from.
import { z } from 'zod';
import { ObjectActions } from '../common/object-actions.js';
import { listOf } from '../common/list.schemas.js';
import { GuidelinesDescriptionMaxLength, GuidelinesTitleMaxLength } from './guidelines.constants.js';

export const GuidelinesDocumentParamsSchema = z.object({ guidelinesDocumentId: z.string().uuid() });
export const GuidelinesSectionParamsSchema = GuidelinesDocumentParamsSchema.extend({ documentSectionId: z.string().uuid() });

export const GuidelinesListQuerySchema = z.object({
  /** true: templates only; false (default): documents only */
  isTemplate: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

const Title = z
  .string()
  .trim()
  .min(1, 'Title is required')
  .max(GuidelinesTitleMaxLength, `Title exceeds the maximum limit of ${GuidelinesTitleMaxLength} characters`);
const Description = z
  .string()
  .trim()
  .max(GuidelinesDescriptionMaxLength, `Description exceeds the maximum limit of ${GuidelinesDescriptionMaxLength} characters`);
const Content = z.string().max(100_000, 'Content exceeds the maximum limit of 100000 characters');

export const GuidelinesSectionInputSchema = z.object({ title: Title, content: Content.default('') });
export type GuidelinesSectionInput = z.input<typeof GuidelinesSectionInputSchema>;

export const GuidelinesSectionSchema = z.object({
  documentSectionId: z.string().uuid(),
  title: z.string(),
  /** markdown */
  content: z.string(),
  sortOrder: z.number().int(),
});
export type GuidelinesSection = z.infer<typeof GuidelinesSectionSchema>;

export const GuidelinesDocumentCreateSchema = z.object({
  documentTitle: Title,
  description: Description.default(''),
  isTemplate: z.boolean().default(false),
  /** copy this template's sections into the new document (ignored when sections are given) */
  templateId: z.string().uuid().optional(),
  sections: z.array(GuidelinesSectionInputSchema).max(200).optional(),
  /** agents that show this document and ask for consent; not for templates */
  gptSystemIds: z.array(z.string().uuid()).max(1000).default([]),
});
export type GuidelinesDocumentCreate = z.input<typeof GuidelinesDocumentCreateSchema>;

export const GuidelinesDocumentUpdateSchema = z.object({
  documentTitle: Title.optional(),
  description: Description.optional(),
  gptSystemIds: z.array(z.string().uuid()).max(1000).optional(),
});
export type GuidelinesDocumentUpdate = z.input<typeof GuidelinesDocumentUpdateSchema>;

export const ReorderSectionsBodySchema = z.object({ documentSectionIds: z.array(z.string().uuid()).max(200) });
export type ReorderSectionsBody = z.infer<typeof ReorderSectionsBodySchema>;

export const GuidelinesDocumentSchema = z.object({
  guidelinesDocumentId: z.string().uuid(),
  documentTitle: z.string(),
  description: z.string(),
  isTemplate: z.boolean(),
  /** changes whenever the title or any section changes; consent is given to one version */
  contentVersion: z.string(),
  sections: z.array(GuidelinesSectionSchema),
  gptSystems: z.array(z.object({ gptSystemId: z.string().uuid(), name: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** what the caller may do with it (always present in the admin API's answers) */
  currentUserActions: z.array(z.enum(ObjectActions)).optional(),
});
export type GuidelinesDocument = z.infer<typeof GuidelinesDocumentSchema>;

export const GuidelinesDocumentListItemSchema = GuidelinesDocumentSchema.omit({ sections: true }).extend({ sectionCount: z.number().int() });
export type GuidelinesDocumentListItem = z.infer<typeof GuidelinesDocumentListItemSchema>;
export const GuidelinesDocumentListSchema = listOf(GuidelinesDocumentListItemSchema);
export type GuidelinesDocumentList = z.infer<typeof GuidelinesDocumentListSchema>;

export const GuidelinesOptionsSchema = z.object({
  gptSystems: z.array(z.object({ gptSystemId: z.string().uuid(), name: z.string(), guidelinesDocumentId: z.string().uuid().nullable() })),
});
export type GuidelinesOptions = z.infer<typeof GuidelinesOptionsSchema>;

/** GET /guidelinesDocuments/{id}: what a person reads before consenting. */
export const UserGuidelinesDocumentSchema = z.object({
  guidelinesDocumentId: z.string().uuid(),
  documentTitle: z.string(),
  contentVersion: z.string(),
  sections: z.array(GuidelinesSectionSchema),
  consent: z.object({ contentVersion: z.string(), consentedAt: z.string() }).nullable(),
  /** true until the caller has consented to this content version */
  consentRequired: z.boolean(),
});
export type UserGuidelinesDocument = z.infer<typeof UserGuidelinesDocumentSchema>;

export const GuidelinesConsentBodySchema = z.object({ contentVersion: z.string().min(1).max(100) });
export type GuidelinesConsentBody = z.infer<typeof GuidelinesConsentBodySchema>;

export const GuidelinesConsentSchema = z.object({
  guidelinesDocumentId: z.string().uuid(),
  contentVersion: z.string(),
  consentedAt: z.string(),
});
export type GuidelinesConsent = z.infer<typeof GuidelinesConsentSchema>;

/** GET/PUT /admin/gptSystems/{gptSystemId}/guidelinesDocument: the document an agent shows, from the agent's side. */
export const AgentGuidelinesSchema = z.object({
  gptSystemId: z.string().uuid(),
  guidelinesDocument: z.object({ guidelinesDocumentId: z.string().uuid(), documentTitle: z.string() }).nullable(),
});
export type AgentGuidelines = z.infer<typeof AgentGuidelinesSchema>;
export const AgentGuidelinesBodySchema = z.object({ guidelinesDocumentId: z.string().uuid().nullable() });
export type AgentGuidelinesBody = z.infer<typeof AgentGuidelinesBodySchema>;
