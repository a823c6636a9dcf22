// The figures of documents: Word, Excel and PowerPoint media (a presentation's on the slide that shows them first), a
// PDF's images as PNG by page; icons, unreadable formats and damaged files left out. figures.ts is called here on the
// test's thread; the server calls it on the extraction threads (extraction-pool.test.ts, library-figures.test.ts).
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { docxWithMedia, pdfWithImages, pptxWithMedia, xlsxWithMedia } from '../../test/figure-fixtures.js';
import { makePng } from '../../test/upload-fixtures.js';
import { listFigures, MaxFigures, readFigure } from './figures.js';

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#cc3366' } })
    .jpeg()
    .toBuffer();
const tiff = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#33cc66' } })
    .tiff()
    .toBuffer();

const metadata = (data: Buffer) => sharp(data).metadata();

describe('figures of a document', () => {
  it('lists a DOCX’s images in name order, serves them as they are, and leaves icons and unreadable formats out', async () => {
    const png = await makePng(120, 80);
    const photo = await jpeg(64, 48);
    const docx = await docxWithMedia({
      'image10.jpeg': photo,
      'image2.png': png,
      'image3.png': await makePng(16, 16), // a bullet
      'image4.emf': Buffer.from('not an image sharp reads'),
    });
    const figures = await listFigures('docx', docx);
    expect(figures.map(({ source: _source, ...f }) => f)).toEqual([
      { index: 0, page: null, contentType: 'image/png', width: 120, height: 80, byteSize: png.length },
      { index: 1, page: null, contentType: 'image/jpeg', width: 64, height: 48, byteSize: photo.length },
    ]);
    const first = await readFigure(docx, figures[0]!);
    expect(first).toEqual({ contentType: 'image/png', data: png });
    expect((await readFigure(docx, figures[1]!))!.data.equals(photo)).toBe(true);
  });

  it('converts a TIFF to PNG', async () => {
    const xlsx = await xlsxWithMedia({ 'image1.tiff': await tiff(50, 40) });
    const [figure, ...rest] = await listFigures('xlsx', xlsx);
    expect(rest).toEqual([]);
    expect(figure).toMatchObject({ index: 0, page: null, contentType: 'image/png', width: 50, height: 40 });
    const image = (await readFigure(xlsx, figure!))!;
    expect(image.contentType).toBe('image/png');
    expect(image.data.length).toBe(figure!.byteSize);
    expect(await metadata(image.data)).toMatchObject({ format: 'png', width: 50, height: 40 });
  });

  it('places a presentation’s images on the first slide, in the order shown, that shows them; a layout’s logo is left out', async () => {
    const media = { 'image1.png': await makePng(100, 50), 'image2.png': await makePng(60, 60), 'logo.png': await makePng(200, 40) };
    // files slide1 (image1) and slide2 (image2, image1); shown as slide2 first
    const pptx = await pptxWithMedia([{ images: ['image1.png'] }, { images: ['image2.png', 'image1.png'] }], media, {
      order: [2, 1],
      layoutImages: ['logo.png'],
    });
    const figures = await listFigures('pptx', pptx);
    expect(figures.map((f) => [f.index, f.page, f.width, f.height])).toEqual([
      [0, 1, 100, 50],
      [1, 1, 60, 60],
    ]);
  });

  it('reads a PDF’s images page by page as PNG', async () => {
    const pdf = pdfWithImages([
      [{ width: 40, height: 30, rgb: [255, 0, 0] }],
      [],
      [
        { width: 10, height: 10, rgb: [0, 0, 0] },
        { width: 32, height: 64, rgb: [0, 0, 255] },
      ],
    ]);
    const figures = await listFigures('pdf', pdf);
    expect(figures.map(({ source: _source, byteSize: _bytes, ...f }) => f)).toEqual([
      { index: 0, page: 1, contentType: 'image/png', width: 40, height: 30 },
      { index: 1, page: 3, contentType: 'image/png', width: 32, height: 64 },
    ]);
    const image = (await readFigure(pdf, figures[1]!))!;
    expect(image.data.length).toBe(figures[1]!.byteSize);
    const { data, info } = await sharp(image.data).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 32, height: 64 });
    expect([...data.subarray(0, 3)]).toEqual([0, 0, 255]);
  });

  it(`lists at most ${MaxFigures}`, async () => {
    const png = await makePng(30, 30);
    const media = Object.fromEntries(Array.from({ length: MaxFigures + 5 }, (_, i) => [`image${i + 1}.png`, png]));
    const figures = await listFigures('docx', await docxWithMedia(media));
    expect(figures).toHaveLength(MaxFigures);
    expect(figures.at(-1)!.source).toEqual({ part: `word/media/image${MaxFigures}.png` });
  });

  it('has none in text files, and refuses a damaged document (the caller logs it)', async () => {
    for (const kind of ['html', 'markdown', 'text', 'csv', 'json']) expect(await listFigures(kind, Buffer.from('<img src="x.png">'))).toEqual([]);
    await expect(listFigures('docx', Buffer.from('PK\u0003\u0004 not a zip'))).rejects.toThrow();
    await expect(listFigures('pdf', Buffer.from('%PDF-1.7\nnot a pdf'))).rejects.toThrow();
  });
});
