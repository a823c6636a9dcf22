// Attachments whose text would take the server down to read: zip bombs and documents that need more memory
// than a reading thread has are refused with a clear error, nothing of them stored, and other uploads go on.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { ErrorBodySchema, type Attachment } from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { makeDocx, multipart } from '../../test/upload-fixtures.js';
import { docxBomb } from '../../test/zip-bomb.js';
import { attachments } from '../../db/schema/index.js';

describe('attachment extraction limits', () => {
  let t: TestApp;
  let user: { id: string; token: string };
  beforeAll(async () => {
    t = await createTestApp();
    user = await t.createUser();
  });
  afterAll(() => t.close());

  const attach = (body: ReturnType<typeof multipart>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/internal/attachments?attachmentType=FileSearch&context=Conversation',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${user.token}` },
    });
  const docx = (data: Buffer, name: string) => multipart(data, name, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  const storedRows = async () => (await t.ctx.db.select().from(attachments).where(eq(attachments.userId, user.id))).length;
  const storedFiles = () => {
    const dir = path.join(t.dataDir, 'blobs', 'attachments', user.id);
    return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
  };

  it('refuses the 1.5 GB DOCX bomb with 413, stores nothing, and reads the next document', async () => {
    const res = await attach(docx(docxBomb({ unpackedMb: 1536 }), 'bomb.docx'));
    expect(res.statusCode).toBe(413);
    expect(ErrorBodySchema.parse(res.json())).toEqual({
      code: 'payload_too_large',
      message: 'bomb.docx is too large when unpacked: it unpacks to more than 64 MB. Attach a smaller document.',
      details: [{ field: 'file', message: 'Unpacks to more than 64 MB' }],
    });
    expect(await storedRows()).toBe(0);
    expect(storedFiles()).toBe(0);

    const next = await attach(docx(await makeDocx('The heron memo.'), 'memo.docx'));
    expect(next.statusCode).toBe(200);
    expect(next.json<Attachment>().hasExtractedText).toBe(true);
    expect(await storedRows()).toBe(1);
  });

  it('refuses a bomb that lies about its size by what really inflates, three at once', async () => {
    const bomb = docxBomb({ unpackedMb: 1536, declaredBytes: 1000 });
    const before = await storedRows();
    const answers = await Promise.all([1, 2, 3].map((i) => attach(docx(bomb, `liar-${i}.docx`))));
    for (const [i, res] of answers.entries()) {
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        code: 'payload_too_large',
        message: `liar-${i + 1}.docx is too large when unpacked: a part of it grows more than 100 times. Attach a smaller document.`,
        details: [{ field: 'file', message: 'A part grows more than 100 times when unpacked' }],
      });
    }
    expect(await storedRows()).toBe(before);
  });

  it('refuses with 422 a small document whose text needs more memory to read than a thread has', async () => {
    // 750 kB of DOCX, 19 MB of XML: mammoth would build a tree of several hundred megabytes
    const zip = await JSZip.loadAsync(await makeDocx('x'));
    const body = Array.from({ length: 300_000 }, (_, i) => `<w:p><w:r><w:t>Paragraph ${i} about pelicans.</w:t></w:r></w:p>`).join('');
    zip.file(
      'word/document.xml',
      `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
    );
    const heavy = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    const before = await storedRows();
    const res = await attach(docx(heavy, 'heavy.docx'));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'file_too_complex',
      message: "heavy.docx could not be read within the server's limits: it needs more than 256 MB of memory. Attach a smaller or simpler file.",
      details: [{ field: 'file', message: 'Needs more than 256 MB of memory to read' }],
    });
    expect(await storedRows()).toBe(before);
  });
});
