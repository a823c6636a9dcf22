// Which capabilities an agent can have on this server, and in plain words why one cannot: what the agent editors
// offer (the admin AvailableConfiguration, the personal dataSourcesAndCapabilities). Image creation draws with an
// image deployment (in HIPAA mode only a HIPAA-compliant one), vision comes with a deployment that sees images,
// and knowledge (FileSearch: libraries and the agent's own files) always works, with the offline engine too (it
// quotes the passages). Web search needs a search provider and is off in HIPAA mode (instance/web-search.directory.ts);
// the code interpreter needs a sandbox engine (platform/sandbox/sandbox.ts: off, or Pyodide missing, say why).
import { AgentCapabilityTypes, type CapabilityAvailability } from '@atrium/contract';
import type { AppContext } from '../../platform/context.js';
import { listImageDeployments } from '../connections/connections.catalog.js';
import { createWebSearchDirectory, WebSearchReasons } from '../instance/web-search.directory.js';
import { codeSandbox } from '../../platform/sandbox/sandbox.js';

type Capability = (typeof AgentCapabilityTypes)[number];

export const CapabilityReasons = {
  noImageDeployment: 'Image creation needs an image deployment, and this server has none: an administrator adds one under Connections.',
  noCompliantImageDeployment: 'HIPAA mode is on and no image deployment is marked HIPAA-compliant, so agents cannot create images.',
  noVisionDeployment: 'None of the deployments on this server can see images: an administrator marks a vision-capable one under Connections.',
  noSearchProvider: WebSearchReasons.noProvider,
  searchOffInHipaaMode: WebSearchReasons.hipaa,
} as const;

/**
 * Each capability of AgentCapabilityTypes with whether it can work here. `chatDeployments` are the deployments an
 * agent may answer with (the caller lists them anyway); vision is available when one of them sees images.
 */
export async function capabilityAvailability(
  ctx: Pick<AppContext, 'db' | 'models' | 'caches' | 'secrets' | 'config'>,
  chatDeployments: readonly { vision: boolean }[],
): Promise<CapabilityAvailability[]> {
  const [images, drawing, search, sandbox] = await Promise.all([
    listImageDeployments(ctx.db),
    ctx.models.imageDeployment(),
    createWebSearchDirectory(ctx).current(),
    codeSandbox(ctx.config.codeInterpreter),
  ]);
  const reasonFor: Record<Capability, string | null> = {
    // the model registry's choice, which leaves out what HIPAA mode forbids
    ImageCreation: drawing ? null : images.length > 0 ? CapabilityReasons.noCompliantImageDeployment : CapabilityReasons.noImageDeployment,
    Vision: chatDeployments.some((d) => d.vision) ? null : CapabilityReasons.noVisionDeployment,
    InternetSearch: search.reason,
    CodeInterpreter: sandbox.reason,
    FileSearch: null,
  };
  return AgentCapabilityTypes.map((capabilityType) => ({ capabilityType, available: reasonFor[capabilityType] === null, reason: reasonFor[capabilityType] }));
}
