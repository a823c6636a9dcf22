import { z } from 'zod';

export const EntraIdSettingsSchema = z.object({
  clientId: z.string(),
  tenantId: z.string(),
  instance: z.string(),
  /** The OpenID authority the browser signs in with (Entra ID or any other provider). */
  authority: z.string(),
  scopes: z.array(z.string()),
});

export const InstanceDefaultsSchema = z.object({ defaultBrandKey: z.string() });

export const InstanceSettingsSchema = z.object({
  name: z.string(),
  organizationName: z.string(),
  entraIdSettings: EntraIdSettingsSchema.nullable(),
  defaults: InstanceDefaultsSchema,
  localSignInEnabled: z.boolean(),
  allowUserCreatedGptSystems: z.boolean(),
  showInstanceSettingsPage: z.boolean(),
  hipaaMode: z.boolean(),
  /** the account menu's release notes link (RELEASE_NOTES_URL); null hides it */
  releaseNotesUrl: z.string().nullable(),
});
export type InstanceSettings = z.infer<typeof InstanceSettingsSchema>;

export const BuildInfoSchema = z.object({
  version: z.string(),
  buildId: z.string(),
  commitHash: z.string(),
  timestamp: z.string(),
});
export type BuildInfo = z.infer<typeof BuildInfoSchema>;

export const FeatureFlagSchema = z.object({ name: z.string(), enabled: z.boolean() });
export const FeatureListSchema = z.object({ items: z.array(FeatureFlagSchema) });
export type FeatureFlag = z.infer<typeof FeatureFlagSchema>;

export const HealthSchema = z.object({ status: z.enum(['Healthy', 'Unhealthy', 'Degraded']) });
export type Health = z.infer<typeof HealthSchema>;
