// Paths of a draft's preview conversations (docs/wire-protocol.md), exported as PreviewConversationRoutes (see
// ../routes.ts): the same routes for the personal agent's owner and for an administrator, under their own bases.

const previewRoutes = <Base extends string>(base: Base) =>
  ({
    /** POST: a preview's first question (streamed) */
    conversations: base,
    /** POST: a follow-up question (streamed) */
    segments: `${base}/:conversationId/segments`,
    conversation: `${base}/:conversationId`,
    exportText: `${base}/:conversationId/export`,
    citations: `${base}/:conversationId/citations`,
    traceLogs: `${base}/:conversationId/traceLogs`,
    executionDetails: `${base}/:conversationId/segments/:segmentId/executionDetails`,
    selectedLeaf: `${base}/:conversationId/updateSelectedLeafSegmentId`,
  }) as const;

export const personal = /* @__PURE__ */ previewRoutes('/configStates/:configStateId/conversations');
export const admin = /* @__PURE__ */ previewRoutes('/admin/gptSystems/configurationStates/:configStateId/conversations');
