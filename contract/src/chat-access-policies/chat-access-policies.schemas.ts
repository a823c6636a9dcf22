// Admin chatAccessPolicies (docs/product.md §7): which people (users, roles, directory groups) may chat with which
// agents, plus the directory group picker's lookup. The rules are described in the README.
import { z } from 'zod';
import { ObjectActions } from '../common/object-actions.js';
import { listOf } from '../common/list.schemas.js';
import { ChatAccessPolicyDescriptionMaxLength, ChatAccessPolicyNameMaxLength } from './chat-access-policies.constants.js';

export const ChatAccessPolicyParamsSchema = z.object({ chatAccessPolicyId: z.string().uuid() });

const Ids = z.array(z.string().uuid()).max(1000);
/** directory group ids are the identity provider's (Entra object ids are uuids, others need not be) */
const GroupIds = z.array(z.string().trim().min(1).max(200)).max(1000);

export const ChatAccessPolicyInputSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Name is required')
      .max(ChatAccessPolicyNameMaxLength, `Name exceeds the maximum limit of ${ChatAccessPolicyNameMaxLength} characters`),
    description: z
      .string()
      .trim()
      .max(ChatAccessPolicyDescriptionMaxLength, `Description exceeds the maximum limit of ${ChatAccessPolicyDescriptionMaxLength} characters`)
      .default(''),
    /** true: the policy covers every System agent, and gptSystemIds is ignored */
    allGptSystems: z.boolean().default(false),
    gptSystemIds: Ids.default([]),
    userIds: Ids.default([]),
    userRoleIds: Ids.default([]),
    directoryGroupIds: GroupIds.default([]),
  })
  .superRefine((p, ctx) => {
    if (!p.allGptSystems && p.gptSystemIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['gptSystemIds'], message: 'Choose at least one agent, or all agents' });
    }
    if (p.userIds.length + p.userRoleIds.length + p.directoryGroupIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['userIds'], message: 'Choose at least one user, role or directory group' });
    }
  });
export type ChatAccessPolicyInput = z.input<typeof ChatAccessPolicyInputSchema>;

const Named = <T extends z.ZodRawShape>(shape: T) => z.object(shape);

export const ChatAccessPolicySchema = z.object({
  chatAccessPolicyId: z.string().uuid(),
  name: z.string(),
  description: z.string(),
  allGptSystems: z.boolean(),
  gptSystemIds: z.array(z.string().uuid()),
  userIds: z.array(z.string().uuid()),
  userRoleIds: z.array(z.string().uuid()),
  directoryGroupIds: z.array(z.string()),
  /** the named entities with their current names; ids that no longer exist are left out here */
  gptSystems: z.array(Named({ gptSystemId: z.string().uuid(), name: z.string() })),
  users: z.array(Named({ userId: z.string().uuid(), displayName: z.string(), emailAddress: z.string() })),
  userRoles: z.array(Named({ userRoleId: z.string().uuid(), name: z.string() })),
  directoryGroups: z.array(Named({ id: z.string(), displayName: z.string(), description: z.string().nullable() })),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** what the caller may do with it (always present in the admin API's answers) */
  currentUserActions: z.array(z.enum(ObjectActions)).optional(),
});
export type ChatAccessPolicy = z.infer<typeof ChatAccessPolicySchema>;
export const ChatAccessPolicyListSchema = listOf(ChatAccessPolicySchema);
export type ChatAccessPolicyList = z.infer<typeof ChatAccessPolicyListSchema>;

export const SearchQuerySchema = z.object({ search: z.string().trim().max(200).optional() });

export const ChatAccessPolicyOptionsSchema = z.object({
  gptSystems: z.array(z.object({ gptSystemId: z.string().uuid(), name: z.string() })),
  userRoles: z.array(z.object({ userRoleId: z.string().uuid(), name: z.string() })),
  /** at most 20 users matching ?search= (email or display name) */
  users: z.array(z.object({ userId: z.string().uuid(), displayName: z.string(), emailAddress: z.string() })),
});
export type ChatAccessPolicyOptions = z.infer<typeof ChatAccessPolicyOptionsSchema>;

/** GET /admin/directory/groups?search=: the groups known from people's identity tokens, sorted by displayName. */
export const DirectoryGroupListSchema = listOf(z.object({ id: z.string(), displayName: z.string(), description: z.string().nullable() }));
export type DirectoryGroupList = z.infer<typeof DirectoryGroupListSchema>;
