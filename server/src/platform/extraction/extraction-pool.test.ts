// Documents read on worker threads with a heap limit and a deadline: a file over a limit is refused alone, and the
// threads go on reading other files. Their text, and their figures (listed, and one image read, with sharp in the thread).
import { afterAll, describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import sharp from 'sharp';
import { docxWithMedia, pdfWithImages } from '../../test/figure-fixtures.js';
import { makeDocx, makePdf, makePng } from '../../test/upload-fixtures.js';
import { docxBomb } from '../../test/zip-bomb.js';
import {
  DefaultExtractionOptions,
  ExtractionBusyError,
  ExtractionPool,
  ExtractionRefusedError,
  ExtractionUnreadableError,
  type ExtractionOptions,
} from './extraction-pool.js';

/** A DOCX of `paragraphs` short paragraphs: mammoth needs about 35 bytes of heap per byte of its XML. */
async function longDocx(paragraphs: number): Promise<Buffer> {
  const zip = await JSZip.loadAsync(await makeDocx('x'));
  const body = Array.from({ length: paragraphs }, (_, i) => `<w:p><w:r><w:t>Paragraph ${i} about pelicans.</w:t></w:r></w:p>`).join('');
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => expect.fail('the file was read'),
    (e: unknown) => {
      expect(e).toBeInstanceOf(ExtractionRefusedError);
      return (e as ExtractionRefusedError).limit;
    },
  );

describe('ExtractionPool', () => {
  const pools: ExtractionPool[] = [];
  const pool = (options: Partial<ExtractionOptions> = {}) => {
    const p = new ExtractionPool({ ...DefaultExtractionOptions, threads: 1, ...options });
    pools.push(p);
    return p;
  };
  afterAll(() => Promise.all(pools.map((p) => p.close())));

  it('reads the text of a PDF and a DOCX', async () => {
    const p = pool();
    expect(await p.extract('pdf', makePdf('The pelican report.'))).toBe('The pelican report.');
    expect(await p.extract('docx', await makeDocx('The heron memo.'))).toBe('The heron memo.');
  });

  it('refuses zip bombs by their unpacked size or ratio, then reads the next file', async () => {
    const p = pool();
    expect(await refusal(p.extract('docx', docxBomb({ unpackedMb: 1536 })))).toBe('unpackedBytes');
    expect(await refusal(p.extract('docx', docxBomb({ unpackedMb: 1536, declaredBytes: 1000 })))).toBe('ratio');
    expect(await p.extract('docx', await makeDocx('Still reading.'))).toBe('Still reading.');
  });

  it('refuses a document that needs more memory than a thread has, and the next file is read', async () => {
    const p = pool({ heapMb: 32 });
    const e = await p.extract('docx', await longDocx(20_000)).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(ExtractionRefusedError);
    expect(e).toMatchObject({ limit: 'memory', value: 32, message: 'Reading the file needs more than 32 MB of memory.' });
    expect(await p.extract('docx', await makeDocx('After the crash.'))).toBe('After the crash.');
  });

  it('refuses a document that takes longer than the deadline', async () => {
    const p = pool({ timeoutMs: 50 });
    const e = await p.extract('docx', await longDocx(20_000)).catch((err: unknown) => err);
    expect(e).toMatchObject({ limit: 'time', value: 50, message: 'Reading the file takes longer than 50 ms.' });
  });

  it('fails a bad file alone: the other threads read theirs meanwhile', async () => {
    const p = pool({ threads: 2, heapMb: 32 });
    const [heavy, light] = await Promise.allSettled([p.extract('docx', await longDocx(20_000)), p.extract('pdf', makePdf('Unharmed.'))]);
    expect(heavy.status === 'rejected' && heavy.reason).toBeInstanceOf(ExtractionRefusedError);
    expect(light).toEqual({ status: 'fulfilled', value: 'Unharmed.' });
  });

  it('says when a file is damaged, and turns files away when too many wait', async () => {
    const p = pool({ maxWaiting: 0 });
    await expect(p.extract('docx', Buffer.from('PK\x03\x04 not a zip'))).rejects.toBeInstanceOf(ExtractionUnreadableError);
    const first = p.extract('pdf', makePdf('First.'));
    await expect(p.extract('pdf', makePdf('Second.'))).rejects.toBeInstanceOf(ExtractionBusyError);
    expect(await first).toBe('First.');
  });

  it('lists a document’s figures and reads one on a thread', async () => {
    const p = pool();
    const png = await makePng(64, 48);
    const docx = await docxWithMedia({ 'image1.png': png, 'image2.png': await makePng(12, 12) });
    expect(await p.listFigures('docx', docx)).toEqual([
      { index: 0, page: null, contentType: 'image/png', width: 64, height: 48, byteSize: png.length, source: { part: 'word/media/image1.png' } },
    ]);
    const image = await p.readFigure(docx, { part: 'word/media/image1.png' });
    expect(image?.contentType).toBe('image/png');
    expect(Buffer.isBuffer(image!.data) && image!.data.equals(png)).toBe(true);

    const pdf = pdfWithImages([[], [{ width: 40, height: 30, rgb: [0, 0, 255] }]]);
    const [figure, ...rest] = await p.listFigures('pdf', pdf);
    expect(rest).toEqual([]);
    expect(figure).toMatchObject({ index: 0, page: 2, contentType: 'image/png', width: 40, height: 30, source: { pdfPage: 2, ordinal: 0 } });
    const encoded = (await p.readFigure(pdf, figure!.source))!;
    expect(encoded.data.length).toBe(figure!.byteSize);
    expect(await sharp(encoded.data).metadata()).toMatchObject({ format: 'png', width: 40, height: 30 });
    expect(await p.readFigure(pdf, { pdfPage: 2, ordinal: 1 })).toBeNull();

    expect(await p.listFigures('html', Buffer.from('<img src="x.png">'))).toEqual([]);
    await expect(p.listFigures('docx', Buffer.from('PK\x03\x04 not a zip'))).rejects.toBeInstanceOf(ExtractionUnreadableError);
  });
});
