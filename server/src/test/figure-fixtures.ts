// Documents with images for the figures tests, built here: a DOCX and an XLSX with media parts, a PPTX whose slides
// show images (one image on two slides, one only on the layout), and a PDF whose pages draw image XObjects (raw RGB
// written as hex, so that the file is text). pdf.js, sharp and the archive reader read them as they would real ones.
import { pdfOf } from './upload-fixtures.js';

const rel = (id: string, type: string, target: string) =>
  `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"/>`;
const rels = (items: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${items.join('')}</Relationships>`;
const types = (main: [string, string]) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Override PartName="${main[0]}" ContentType="${main[1]}"/></Types>`;

async function zipOf(files: Record<string, string | Buffer>): Promise<Buffer> {
  const { default: JSZip } = await import('jszip');
  const zip = new JSZip();
  for (const [name, data] of Object.entries(files)) zip.file(name, data);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** A DOCX of one paragraph whose archive holds these media parts (word/media/<name>). */
export function docxWithMedia(media: Record<string, Buffer>): Promise<Buffer> {
  const files: Record<string, string | Buffer> = {
    '[Content_Types].xml': types(['/word/document.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml']),
    '_rels/.rels': rels([rel('rId1', 'officeDocument', 'word/document.xml')]),
    'word/document.xml':
      '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>A report with pictures.</w:t></w:r></w:p></w:body></w:document>',
  };
  for (const [name, data] of Object.entries(media)) files[`word/media/${name}`] = data;
  return zipOf(files);
}

/** An XLSX of one sheet whose archive holds these media parts (xl/media/<name>). */
export function xlsxWithMedia(media: Record<string, Buffer>): Promise<Buffer> {
  const files: Record<string, string | Buffer> = {
    '[Content_Types].xml': types(['/xl/workbook.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml']),
    '_rels/.rels': rels([rel('rId1', 'officeDocument', 'xl/workbook.xml')]),
    'xl/_rels/workbook.xml.rels': rels([rel('rId1', 'worksheet', 'worksheets/sheet1.xml')]),
    'xl/workbook.xml':
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Chart" sheetId="1" r:id="rId1"/></sheets></workbook>',
    'xl/worksheets/sheet1.xml':
      '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1"><v>1</v></c></row></sheetData></worksheet>',
  };
  for (const [name, data] of Object.entries(media)) files[`xl/media/${name}`] = data;
  return zipOf(files);
}

/**
 * A PPTX whose slides (in files slide1…slideN, shown in `order`, by default 1…N) show the media named in `images`;
 * `layoutImages` are shown by the slide layout only (a logo on every slide).
 */
export function pptxWithMedia(
  slides: { images: string[] }[],
  media: Record<string, Buffer>,
  options: { order?: number[]; layoutImages?: string[] } = {},
): Promise<Buffer> {
  const ns =
    'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
  const order = options.order ?? slides.map((_, i) => i + 1);
  const files: Record<string, string | Buffer> = {
    '[Content_Types].xml': types(['/ppt/presentation.xml', 'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml']),
    '_rels/.rels': rels([rel('rId1', 'officeDocument', 'ppt/presentation.xml')]),
    'ppt/_rels/presentation.xml.rels': rels(slides.map((_, i) => rel(`rId${i + 1}`, 'slide', `slides/slide${i + 1}.xml`))),
    'ppt/presentation.xml': `<?xml version="1.0" encoding="UTF-8"?><p:presentation ${ns}><p:sldIdLst>${order
      .map((n, i) => `<p:sldId id="${256 + i}" r:id="rId${n}"/>`)
      .join('')}</p:sldIdLst></p:presentation>`,
    'ppt/slideLayouts/slideLayout1.xml': `<?xml version="1.0" encoding="UTF-8"?><p:sldLayout ${ns}><p:cSld><p:spTree/></p:cSld></p:sldLayout>`,
    'ppt/slideLayouts/_rels/slideLayout1.xml.rels': rels((options.layoutImages ?? []).map((m, i) => rel(`rId${i + 1}`, 'image', `../media/${m}`))),
  };
  slides.forEach((s, i) => {
    const pics = s.images.map((_, j) => `<p:pic><p:blipFill><a:blip r:embed="rId${j + 2}"/></p:blipFill></p:pic>`).join('');
    files[`ppt/slides/slide${i + 1}.xml`] = `<?xml version="1.0" encoding="UTF-8"?><p:sld ${ns}><p:cSld><p:spTree>${pics}</p:spTree></p:cSld></p:sld>`;
    files[`ppt/slides/_rels/slide${i + 1}.xml.rels`] = rels([
      rel('rId1', 'slideLayout', '../slideLayouts/slideLayout1.xml'),
      ...s.images.map((m, j) => rel(`rId${j + 2}`, 'image', `../media/${m}`)),
    ]);
  });
  for (const [name, data] of Object.entries(media)) files[`ppt/media/${name}`] = data;
  return zipOf(files);
}

export interface PdfImage {
  width: number;
  height: number;
  /** the one colour every pixel has */
  rgb: [number, number, number];
}

/** A PDF whose pages each draw these images (uncompressed RGB, 8 bits, as hex), one under the other. */
export function pdfWithImages(pages: PdfImage[][]): Buffer {
  const objects: string[] = ['<< /Type /Catalog /Pages 2 0 R >>', 'PAGES'];
  const add = (o: string) => objects.push(o);
  const kids: number[] = [];
  for (const images of pages) {
    const names: string[] = [];
    const draws: string[] = [];
    images.forEach((image, i) => {
      const pixel = image.rgb.map((c) => c.toString(16).padStart(2, '0')).join('');
      const hex = `${pixel.repeat(image.width * image.height)}>`;
      const id = add(
        `<< /Type /XObject /Subtype /Image /Width ${image.width} /Height ${image.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /ASCIIHexDecode /Length ${hex.length} >>\nstream\n${hex}\nendstream`,
      );
      names.push(`/Im${i} ${id} 0 R`);
      draws.push(`q ${image.width} 0 0 ${image.height} 72 ${700 - 150 * i} cm /Im${i} Do Q`);
    });
    const stream = draws.join(' ');
    const content = add(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
    kids.push(add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${content} 0 R /Resources << /XObject << ${names.join(' ')} >> >> >>`));
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  return pdfOf(objects);
}
