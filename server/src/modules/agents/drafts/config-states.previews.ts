// The draft agent that preview conversations answer with (never the published configuration).
import type { Principal } from '../../../platform/access.js';
import type { ChatAgent } from '../../../ai/agent.types.js';
import type { ConfigStateRow } from './config-states.repository.js';
import { type StatesCtx, manageableConfigState, ownPersonalConfigState } from './config-states.service.js';

/** What a preview conversation answers with: the draft, never the published configuration. */
export function previewAgentOf(row: ConfigStateRow): ChatAgent {
  return {
    gptSystemId: row.gptSystemId ?? row.id,
    name: row.name || 'Draft agent',
    gptSystemType: row.gptSystemType === 'User' ? 'User' : 'System',
    isPublic: false,
    brandKey: 'default',
    config: { ...row.config },
  };
}

/** The seam the conversations module previews drafts through (docs/wire-protocol.md config-state conversations). */
export interface PreviewDirectory {
  /** personal: the caller's own draft (setting on); admin: a draft the caller may manage */
  getDraftForPreview(principal: Principal, configStateId: string, via: 'personal' | 'admin'): Promise<ChatAgent>;
}

export function createPreviewDirectory(ctx: StatesCtx): PreviewDirectory {
  return {
    async getDraftForPreview(principal, configStateId, via) {
      const row = via === 'personal' ? await ownPersonalConfigState(ctx, principal, configStateId) : await manageableConfigState(ctx, principal, configStateId);
      return previewAgentOf(row);
    },
  };
}
