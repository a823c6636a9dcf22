import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { openTestDatabase } from '../test/harness.js';
import type { DatabaseHandle } from './client.js';
import { conversationSegments, conversations, users } from './schema/index.js';
import { insertRows, quoteName, runStatement, runStatementIn, Statement } from './statement.js';

describe('statements built as text', () => {
  let handle: DatabaseHandle;
  const userId = randomUUID();

  beforeAll(async () => {
    handle = await openTestDatabase();
    await handle.db.insert(users).values({ id: userId, email: `${userId}@example.edu`, displayName: 'Statement Test', identityProvider: 'Local' });
  });
  afterAll(async () => handle?.close());

  it('numbers parameters in order and maps values as their columns do', () => {
    const st = new Statement();
    const at = new Date('2026-01-02T03:04:05.678Z');
    expect(st.param('a')).toBe('$1');
    expect(st.param(at, conversations.createdAt)).toBe('$2');
    expect(st.param(['x', 'y'], conversationSegments.visionImageIds)).toBe('$3');
    expect(st.param(null, conversationSegments.feedback)).toBe('$4');
    expect(st.params).toEqual(['a', '2026-01-02T03:04:05.678Z', '["x","y"]', null]);
    expect(quoteName('we"ird')).toBe('"we""ird"');
  });

  it('writes the same rows as drizzle: defaults, generated columns, JSON, dates, nulls and quotes', async () => {
    const db = handle.db;
    const at = new Date('2026-03-04T05:06:07.089Z');
    const conversation = (title: string) => ({ id: randomUUID(), userId, title, sessionIdentifier: null, createdAt: at, lastModifiedAt: at });
    const viaDrizzle = conversation(`It's "quoted" — ünïcode`);
    const viaText = { ...conversation(viaDrizzle.title), id: randomUUID() };
    const segment = (conversationId: string) => ({
      id: randomUUID(),
      conversationId,
      question: 'Why?\n$1 is not a parameter',
      answer: 'Because.',
      status: 'Success',
      createdAt: at,
      completedAt: at,
      answeredWithModel: { displayName: 'Model', category: 'Text' },
      visionImageIds: [randomUUID()],
      executionLogs: [{ step: 'x', nested: { ok: true } }] as never,
      promptTokens: 12,
      tokensEstimated: false,
      feedback: null,
    });
    await db.insert(conversations).values(viaDrizzle);
    await db.insert(conversationSegments).values(segment(viaDrizzle.id));
    const st = new Statement();
    const text = `with w0 as (${insertRows(st, conversations, [viaText])}), w1 as (${insertRows(st, conversationSegments, [segment(viaText.id)])}) select 1`;
    await runStatement(db, text, st);

    const read = async (id: string) => {
      const [c] = await db.select().from(conversations).where(eq(conversations.id, id));
      const [s] = await db.select().from(conversationSegments).where(eq(conversationSegments.conversationId, id));
      const { id: _c, ...conversationColumns } = c!;
      const { id: _s, conversationId: _sc, visionImageIds, ...segmentColumns } = s!;
      return { conversationColumns, segmentColumns, images: visionImageIds.length };
    };
    const expected = await read(viaDrizzle.id);
    expect(await read(viaText.id)).toEqual(expected);
    // the database filled what the rows left out, and computed the generated column
    expect(expected.conversationColumns.titleLower).toBe(viaDrizzle.title.toLowerCase());
    expect(expected.conversationColumns.archived).toBe(false);
    expect(expected.segmentColumns.citations).toEqual([]);
  });

  it('writes many rows in one statement, and nothing when the statement fails', async () => {
    const db = handle.db;
    const rows = Array.from({ length: 20 }, (_, i) => ({ id: randomUUID(), userId, title: `Row ${i}` }));
    const st = new Statement();
    await runStatement(db, insertRows(st, conversations, rows), st);
    expect(st.params).toHaveLength(20 * Object.keys(rows[0]!).length);
    const ids = rows.map((r) => r.id);
    expect(await db.select({ id: conversations.id }).from(conversations).where(inArray(conversations.id, ids))).toHaveLength(20);

    const again = new Statement();
    const clash = [{ id: randomUUID(), userId, title: 'new' }, rows[0]!];
    await expect(runStatement(db, insertRows(again, conversations, clash), again)).rejects.toThrow();
    expect(await db.select().from(conversations).where(eq(conversations.id, clash[0]!.id))).toHaveLength(0);
  });

  it('runs in a transaction, committed or rolled back with it, its values kept apart from its placeholders', async () => {
    const db = handle.db;
    const row = (title: string) => ({ id: randomUUID(), userId, title, sessionIdentifier: null });
    const kept = row('$1 stays text');
    const dropped = row('rolled back');
    for (const [r, commit] of [
      [kept, true],
      [dropped, false],
    ] as const) {
      await db
        .transaction(async (tx) => {
          const st = new Statement();
          await runStatementIn(tx, insertRows(st, conversations, [r]), st);
          if (!commit) throw new Error('roll back');
        })
        .catch((e: unknown) => {
          if (commit) throw e;
        });
    }
    const found = await db
      .select()
      .from(conversations)
      .where(inArray(conversations.id, [kept.id, dropped.id]));
    expect(found.map((c) => c.title)).toEqual(['$1 stays text']);
  });

  it('refuses an empty insert and SQL in place of a value', () => {
    expect(() => insertRows(new Statement(), conversations, [])).toThrow(/at least one row/);
    expect(() => new Statement().param(eq(conversations.id, 'x'))).toThrow(/values, not SQL/);
  });
});
