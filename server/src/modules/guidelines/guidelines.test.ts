// Guidelines documents: the admin API (sections, reorder, templates, agent links, audit, refusals), the
// document people read, consent per content version, and its enforcement on every chat endpoint.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DetailsForConversation, GuidelinesDocument, GuidelinesDocumentList, UserGuidelinesDocument } from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { auditLog, chatAccessPolicies, conversationSegments, conversations, gptSystemGuidelines } from '../../db/schema/index.js';
import { policiesChanged } from '../chat-access-policies/chat-access-policies.index.js';
import { guidelinesChanged } from './guidelines.chat.js';
import { createAgent } from '../agents/agents.test-factory.js';
import { scriptedGateway } from '../../test/chat-stream.js';

describe('guidelines documents', () => {
  let t: TestApp;
  let admin: { id: string; token: string };
  let reader: { id: string; token: string };
  let user: { id: string; token: string };
  let agent: { id: string };
  const gateway = scriptedGateway(async function* () {
    yield { type: 'text', text: 'Understood.' };
  });

  const call = async <T = unknown>(method: string, url: string, token: string, payload?: unknown) => {
    const res = await t.app.inject({
      method: method as 'GET',
      url: `/api/internal${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    const json = String(res.headers['content-type'] ?? '').includes('json');
    return { status: res.statusCode, body: (json && res.body ? JSON.parse(res.body) : undefined) as T };
  };
  const ask = (token: string) =>
    call<{ code: string; details: Array<{ field: string; message: string }> }>('POST', `/userConversations/byGptSystemId/${agent.id}`, token, {
      question: 'Hello',
      visionImageIds: [],
      attachmentIds: [],
      session: { sessionIdentifier: randomUUID() },
    });

  beforeAll(async () => {
    t = await createTestApp();
    t.ctx.models = gateway;
    admin = await t.createUser({ actions: ['GuidelinesDocumentsRead', 'GuidelinesDocumentsCreate', 'GuidelinesDocumentsWrite', 'GptSystemsRead'] });
    reader = await t.createUser({ actions: ['GuidelinesDocumentsRead'] });
    user = await t.createUser({ actions: ['GptSystemsRead'] });
    agent = await createAgent(t.ctx.db, { name: 'Clinic helper' });
  });
  afterAll(() => t.close());

  it('creates templates and documents from them, edits, reorders and deletes sections, auditing each change', async () => {
    const template = await call<GuidelinesDocument>('POST', '/admin/guidelinesDocuments', admin.token, {
      documentTitle: 'Standard terms',
      isTemplate: true,
      sections: [
        { title: 'Privacy', content: 'Do not share **patient names**.' },
        { title: 'Accuracy', content: 'Answers may be wrong.' },
      ],
    });
    expect(template.status).toBe(201);
    expect(template.body.sections.map((s) => s.title)).toEqual(['Privacy', 'Accuracy']);
    expect(
      (await call<GuidelinesDocumentList>('GET', '/admin/guidelinesDocuments?isTemplate=true', reader.token)).body.items.map((d) => d.documentTitle),
    ).toEqual(['Standard terms']);
    expect((await call<GuidelinesDocumentList>('GET', '/admin/guidelinesDocuments', reader.token)).body.items).toEqual([]);

    const doc = await call<GuidelinesDocument>('POST', '/admin/guidelinesDocuments', admin.token, {
      documentTitle: 'Clinic rules',
      templateId: template.body.guidelinesDocumentId,
    });
    expect(doc.status).toBe(201);
    expect(doc.body).toMatchObject({ isTemplate: false, documentTitle: 'Clinic rules' });
    expect(doc.body.sections.map((s) => [s.title, s.sortOrder])).toEqual([
      ['Privacy', 0],
      ['Accuracy', 1],
    ]);
    const id = doc.body.guidelinesDocumentId;
    const v1 = doc.body.contentVersion;

    const added = await call<{ documentSectionId: string }>('POST', `/admin/guidelinesDocuments/${id}/sections`, admin.token, {
      title: 'Escalation',
      content: 'Call a human.',
    });
    expect(added.status).toBe(201);
    const [privacy, accuracy] = doc.body.sections;
    const edited = await call<{ content: string }>('PUT', `/admin/guidelinesDocuments/${id}/sections/${accuracy!.documentSectionId}`, admin.token, {
      content: 'Answers can be wrong; check them.',
    });
    expect(edited.body.content).toBe('Answers can be wrong; check them.');
    expect((await call('GET', `/admin/guidelinesDocuments/${id}/sections/${accuracy!.documentSectionId}`, reader.token)).status).toBe(200);

    const order = [added.body.documentSectionId, privacy!.documentSectionId, accuracy!.documentSectionId];
    const reordered = await call<GuidelinesDocument>('PUT', `/admin/guidelinesDocuments/${id}/reorderSections`, admin.token, { documentSectionIds: order });
    expect(reordered.status).toBe(200);
    expect(reordered.body.sections.map((s) => s.documentSectionId)).toEqual(order);
    expect(reordered.body.contentVersion).not.toBe(v1);

    expect((await call('PUT', `/admin/guidelinesDocuments/${id}/reorderSections`, admin.token, { documentSectionIds: order.slice(1) })).status).toBe(400);
    expect(
      (await call('PUT', `/admin/guidelinesDocuments/${id}/reorderSections`, admin.token, { documentSectionIds: [order[0], order[0], order[1]] })).status,
    ).toBe(400);
    expect((await call('DELETE', `/admin/guidelinesDocuments/${id}/sections/${added.body.documentSectionId}`, admin.token)).status).toBe(204);
    expect((await call<{ items: unknown[] }>('GET', `/admin/guidelinesDocuments/${id}/sections`, reader.token)).body.items).toHaveLength(2);
    // a section of another document is not found through this one
    expect((await call('DELETE', `/admin/guidelinesDocuments/${id}/sections/${template.body.sections[0]!.documentSectionId}`, admin.token)).status).toBe(404);

    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.aggregateType, 'GuidelinesDocument'), eq(auditLog.aggregateId, id)));
    expect(audit.map((a) => a.domainOperation).sort()).toEqual(['Created', 'SectionAdded', 'SectionDeleted', 'SectionUpdated', 'SectionsReordered']);
    expect(audit.every((a) => a.userId === admin.id)).toBe(true);

    expect((await call('DELETE', `/admin/guidelinesDocuments/${template.body.guidelinesDocumentId}`, admin.token)).status).toBe(204);
    expect((await call('GET', `/admin/guidelinesDocuments/${template.body.guidelinesDocumentId}`, reader.token)).status).toBe(404);
  });

  it('refuses bad input, templates on agents, unknown ids and callers without the actions', async () => {
    const bad = await call<{ details: Array<{ field: string }> }>('POST', '/admin/guidelinesDocuments', admin.token, { documentTitle: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0]!.field).toBe('documentTitle');
    expect((await call('POST', '/admin/guidelinesDocuments', admin.token, { documentTitle: 'T', isTemplate: true, gptSystemIds: [agent.id] })).status).toBe(
      400,
    );
    expect((await call('POST', '/admin/guidelinesDocuments', admin.token, { documentTitle: 'T', gptSystemIds: [randomUUID()] })).status).toBe(400);
    expect((await call('POST', '/admin/guidelinesDocuments', admin.token, { documentTitle: 'T', templateId: randomUUID() })).status).toBe(400);
    expect((await call('POST', '/admin/guidelinesDocuments', reader.token, { documentTitle: 'T' })).status).toBe(403);
    expect((await call('GET', '/admin/guidelinesDocuments', user.token)).status).toBe(403);
    expect((await call('PUT', `/admin/guidelinesDocuments/${randomUUID()}`, admin.token, { documentTitle: 'X' })).status).toBe(404);
    expect((await call('GET', `/guidelinesDocuments/${randomUUID()}`, user.token)).status).toBe(404);
  });

  it('asks for consent before chatting with an attached agent, once per content version, and puts the guidelines in the system prompt', async () => {
    const created = await call<GuidelinesDocument>('POST', '/admin/guidelinesDocuments', admin.token, {
      documentTitle: 'Clinic chat rules',
      sections: [{ title: 'Privacy', content: 'Never type a patient name.' }],
      gptSystemIds: [agent.id],
    });
    expect(created.body.gptSystems).toEqual([{ gptSystemId: agent.id, name: 'Clinic helper' }]);
    const id = created.body.guidelinesDocumentId;

    const details = await call<DetailsForConversation>('GET', `/userConversations/gptSystems/${agent.id}/detailsForConversation`, user.token);
    expect(details.body.guidelinesDocument).toEqual({ guidelinesDocumentId: id, documentTitle: 'Clinic chat rules' });

    const before = (await t.ctx.db.select().from(conversations)).length;
    const refused = await ask(user.token);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('guidelines_consent_required');
    expect(refused.body.details).toEqual([{ field: 'guidelinesDocumentId', message: id }]);
    expect(await t.ctx.db.select().from(conversations)).toHaveLength(before);

    const read = await call<UserGuidelinesDocument>('GET', `/guidelinesDocuments/${id}`, user.token);
    expect(read.body).toMatchObject({ documentTitle: 'Clinic chat rules', consent: null, consentRequired: true });
    expect((await call<{ code: string }>('POST', `/guidelinesDocuments/${id}/consent`, user.token, { contentVersion: 'stale' })).body.code).toBe(
      'guidelines_version_changed',
    );
    const consent = await call('POST', `/guidelinesDocuments/${id}/consent`, user.token, { contentVersion: read.body.contentVersion });
    expect(consent.status).toBe(200);
    expect((await call<UserGuidelinesDocument>('GET', `/guidelinesDocuments/${id}`, user.token)).body.consentRequired).toBe(false);

    expect((await ask(user.token)).status).toBe(200);
    expect(gateway.requests.at(-1)!.system).toContain('## Privacy\n\nNever type a patient name.');
    const [conversation] = await t.ctx.db.select().from(conversations).where(eq(conversations.userId, user.id));

    // the text changes: consent is asked again, on follow-ups and regenerations too
    await call('POST', `/admin/guidelinesDocuments/${id}/sections`, admin.token, { title: 'Records', content: 'Keep notes short.' });
    expect((await ask(user.token)).body.code).toBe('guidelines_consent_required');
    const [segment] = await t.ctx.db.select().from(conversationSegments).where(eq(conversationSegments.conversationId, conversation!.id));
    const followUp = await call<{ code: string }>('POST', `/userConversations/${conversation!.id}/segments`, user.token, {
      question: 'More',
      visionImageIds: [],
      attachmentIds: [],
    });
    expect(followUp.body.code).toBe('guidelines_consent_required');
    const regenerate = await call<{ code: string }>('POST', `/userConversations/${conversation!.id}/segments/${segment!.id}/regenerate`, user.token, {
      visionImageIds: [],
      attachmentIds: [],
    });
    expect(regenerate.body.code).toBe('guidelines_consent_required');
    const again = await call<UserGuidelinesDocument>('GET', `/guidelinesDocuments/${id}`, user.token);
    expect(again.body.consentRequired).toBe(true);
    expect(again.body.consent).not.toBeNull();
    await call('POST', `/guidelinesDocuments/${id}/consent`, user.token, { contentVersion: again.body.contentVersion });
    expect((await ask(user.token)).status).toBe(200);

    // detaching removes the requirement; templates are not readable by people
    await call('PUT', `/admin/guidelinesDocuments/${id}`, admin.token, { gptSystemIds: [] });
    expect(
      (await call<DetailsForConversation>('GET', `/userConversations/gptSystems/${agent.id}/detailsForConversation`, user.token)).body.guidelinesDocument,
    ).toBeNull();
    const template = await call<GuidelinesDocument>('POST', '/admin/guidelinesDocuments', admin.token, { documentTitle: 'A template', isTemplate: true });
    expect((await call('GET', `/guidelinesDocuments/${template.body.guidelinesDocumentId}`, user.token)).status).toBe(404);
  });

  it('lets only people who may chat with an agent showing a document read it or consent to it', async () => {
    const closed = await createAgent(t.ctx.db, { name: 'Closed clinic' });
    const personal = await createAgent(t.ctx.db, { name: 'Private notes', gptSystemType: 'User', ownerUserId: admin.id });
    const member = await t.createUser({ actions: ['GptSystemsRead'] });
    const created = await call<GuidelinesDocument>('POST', '/admin/guidelinesDocuments', admin.token, {
      documentTitle: 'Closed rules',
      sections: [{ title: 'One', content: 'Members only.' }],
      gptSystemIds: [closed.id],
    });
    const id = created.body.guidelinesDocumentId;
    await t.ctx.db.insert(chatAccessPolicies).values({ name: 'Members', gptSystemIds: [closed.id], userIds: [member.id] });
    policiesChanged(t.ctx);
    try {
      expect((await call('GET', `/guidelinesDocuments/${id}`, member.token)).status).toBe(200);
      for (const outsider of [user.token, reader.token]) {
        expect((await call('GET', `/guidelinesDocuments/${id}`, outsider)).status).toBe(404);
        expect((await call('POST', `/guidelinesDocuments/${id}/consent`, outsider, { contentVersion: 'x' })).status).toBe(404);
      }
      // an unshared personal agent's document is its owner's to read
      await call('PUT', `/admin/guidelinesDocuments/${id}`, admin.token, { gptSystemIds: [] });
      await t.ctx.db.insert(gptSystemGuidelines).values({ gptSystemId: personal.id, documentId: id });
      guidelinesChanged(t.ctx);
      expect((await call('GET', `/guidelinesDocuments/${id}`, admin.token)).status).toBe(200);
      expect((await call('GET', `/guidelinesDocuments/${id}`, member.token)).status).toBe(404);
      // a document no agent shows is nobody's to read here
      await t.ctx.db.delete(gptSystemGuidelines).where(eq(gptSystemGuidelines.documentId, id));
      expect((await call('GET', `/guidelinesDocuments/${id}`, admin.token)).status).toBe(404);
    } finally {
      await t.ctx.db.delete(chatAccessPolicies);
      policiesChanged(t.ctx);
    }
  });

  it('attaches and detaches a document from the agent side, with scope checks and an audit row', async () => {
    const doc = await call<GuidelinesDocument>('POST', '/admin/guidelinesDocuments', admin.token, {
      documentTitle: 'Agent side',
      sections: [{ title: 'One', content: 'x' }],
    });
    const other = await createAgent(t.ctx.db, { name: 'Other agent' });
    const editor = await t.createUser({ actions: ['GptSystemsWrite'] });
    const scoped = await t.createUser({ actions: ['GptSystemsWriteSpecific'] });
    const path = `/admin/gptSystems/${other.id}/guidelinesDocument`;
    expect((await call('GET', path, user.token)).status).toBe(403);
    expect((await call<{ guidelinesDocument: null }>('GET', path, editor.token)).body.guidelinesDocument).toBeNull();
    expect((await call('PUT', path, scoped.token, { guidelinesDocumentId: doc.body.guidelinesDocumentId })).status).toBe(404);
    expect((await call('PUT', `/admin/gptSystems/${randomUUID()}/guidelinesDocument`, editor.token, { guidelinesDocumentId: null })).status).toBe(404);
    expect((await call('PUT', path, editor.token, { guidelinesDocumentId: randomUUID() })).status).toBe(400);

    const set = await call<{ guidelinesDocument: { documentTitle: string } }>('PUT', path, editor.token, {
      guidelinesDocumentId: doc.body.guidelinesDocumentId,
    });
    expect(set.body.guidelinesDocument.documentTitle).toBe('Agent side');
    expect(
      (await call<DetailsForConversation>('GET', `/userConversations/gptSystems/${other.id}/detailsForConversation`, user.token)).body.guidelinesDocument
        ?.documentTitle,
    ).toBe('Agent side');
    expect(
      (await call<GuidelinesDocument>('GET', `/admin/guidelinesDocuments/${doc.body.guidelinesDocumentId}`, admin.token)).body.gptSystems.map((a) => a.name),
    ).toEqual(['Other agent']);
    expect((await call<{ guidelinesDocument: null }>('PUT', path, editor.token, { guidelinesDocumentId: null })).body.guidelinesDocument).toBeNull();
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.aggregateType, 'GptSystem'), eq(auditLog.aggregateId, other.id)));
    expect(audit.map((a) => [a.domainOperation, a.userId])).toEqual([
      ['GuidelinesDocumentChanged', editor.id],
      ['GuidelinesDocumentChanged', editor.id],
    ]);
  });
});
