// Documents for the file library tests, built here: a PDF of several pages (and an encrypted and a damaged one),
// a DOCX with headings and a table, HTML and Markdown with headings. pdf.js and mammoth read them as they would
// real ones.
import { pdfOf } from './upload-fixtures.js';

/** A PDF whose pages show these lines (Helvetica, one text line each). */
export function makePagedPdf(pages: string[][], options: { encrypted?: boolean } = {}): Buffer {
  const esc = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const objects: string[] = [];
  /** adds an object; its number (from 1) */
  const add = (o: string) => objects.push(o);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add('PAGES');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const kids: number[] = [];
  for (const lines of pages) {
    const stream = `BT /F1 12 Tf 14 TL 72 720 Td ${lines.map((l) => `(${esc(l)}) '`).join(' ')} ET`;
    const content = add(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
    kids.push(add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${content} 0 R /Resources << /Font << /F1 ${font} 0 R >> >> >>`));
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  // a Standard security handler whose check values match no password: pdf.js asks for one
  const encrypt = options.encrypted ? add(`<< /Filter /Standard /V 1 /R 2 /O <${'11'.repeat(32)}> /U <${'22'.repeat(32)}> /P -44 >>`) : null;
  return pdfOf(objects, encrypt ? ` /Encrypt ${encrypt} 0 R /ID [<${'ab'.repeat(16)}> <${'ab'.repeat(16)}>]` : '');
}

/** Bytes that start like a PDF and are not one. */
export const damagedPdf = () => Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 9 0 R\nthis is not a PDF at all\n', 'latin1');

const xmlEscape = (s: string) => s.replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c]!);

export type DocxBlock = { heading: 1 | 2 | 3; text: string } | { text: string } | { table: string[][] };

/** A DOCX of headings (Heading 1–3 styles), paragraphs and tables. */
export async function makeStructuredDocx(blocks: DocxBlock[]): Promise<Buffer> {
  const { default: JSZip } = await import('jszip');
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  const w = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
  zip.file(
    'word/styles.xml',
    `<?xml version="1.0" encoding="UTF-8"?><w:styles ${w}>${[1, 2, 3]
      .map((n) => `<w:style w:type="paragraph" w:styleId="Heading${n}"><w:name w:val="heading ${n}"/></w:style>`)
      .join('')}</w:styles>`,
  );
  const paragraph = (text: string, style?: string) =>
    `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}<w:r><w:t xml:space="preserve">${xmlEscape(text)}</w:t></w:r></w:p>`;
  const body = blocks
    .map((b) => {
      if ('table' in b)
        return `<w:tbl>${b.table.map((row) => `<w:tr>${row.map((cell) => `<w:tc>${paragraph(cell)}</w:tc>`).join('')}</w:tr>`).join('')}</w:tbl>`;
      return 'heading' in b ? paragraph(b.text, `Heading${b.heading}`) : paragraph(b.text);
    })
    .join('');
  zip.file('word/document.xml', `<?xml version="1.0" encoding="UTF-8"?><w:document ${w}><w:body>${body}</w:body></w:document>`);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** A multipart body of several files in fields named `file`, after the text fields given (e.g. an upload's `metadata`). */
export function multipartFiles(files: { data: Buffer; fileName: string; contentType?: string }[], field = 'file', texts: Record<string, string> = {}) {
  const boundary = `----atrium${Math.random().toString(36).slice(2)}`;
  const fields = Object.entries(texts).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const parts = files.flatMap((f) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${f.fileName}"\r\nContent-Type: ${f.contentType ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    f.data,
    Buffer.from('\r\n'),
  ]);
  const payload = Buffer.concat([...fields, ...parts, Buffer.from(`--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const zipOf = async (files: Record<string, string>) => {
  const { default: JSZip } = await import('jszip');
  const zip = new JSZip();
  for (const [name, text] of Object.entries(files)) zip.file(name, text);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
};
const rel = (id: string, type: string, target: string) =>
  `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"/>`;
const rels = (items: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${items.join('')}</Relationships>`;
const contentTypes = (overrides: [string, string][]) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${overrides.map(([part, type]) => `<Override PartName="${part}" ContentType="${type}"/>`).join('')}</Types>`;

/**
 * A PPTX whose slides have a title (or none), paragraphs and speaker notes (a notes page as PowerPoint writes it: an
 * image of the slide, the notes in the body placeholder, the slide's number). `order` lists the slides' files in the
 * order the presentation shows them (by default 1, 2, …), so that a test can show that the order is the presentation's.
 */
export async function makePptx(slides: { title?: string; paragraphs: string[]; notes?: string[] }[], order?: number[]): Promise<Buffer> {
  const p =
    'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
  const shape = (texts: string[], placeholder?: string) =>
    `<p:sp><p:nvSpPr><p:cNvPr id="1" name="s"/><p:cNvSpPr/><p:nvPr>${placeholder ? `<p:ph type="${placeholder}"/>` : ''}</p:nvPr></p:nvSpPr><p:txBody>${texts
      .map((t) => `<a:p><a:r><a:t>${xmlEscape(t)}</a:t></a:r></a:p>`)
      .join('')}</p:txBody></p:sp>`;
  const files: Record<string, string> = {
    '[Content_Types].xml': contentTypes([['/ppt/presentation.xml', 'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml']]),
    '_rels/.rels': rels([rel('rId1', 'officeDocument', 'ppt/presentation.xml')]),
    'ppt/_rels/presentation.xml.rels': rels(slides.map((_, i) => rel(`rId${i + 1}`, 'slide', `slides/slide${i + 1}.xml`))),
    'ppt/presentation.xml': `<?xml version="1.0" encoding="UTF-8"?><p:presentation ${p}><p:sldIdLst>${(order ?? slides.map((_, i) => i + 1))
      .map((n, i) => `<p:sldId id="${256 + i}" r:id="rId${n}"/>`)
      .join('')}</p:sldIdLst></p:presentation>`,
  };
  slides.forEach((s, i) => {
    files[`ppt/slides/slide${i + 1}.xml`] =
      `<?xml version="1.0" encoding="UTF-8"?><p:sld ${p}><p:cSld><p:spTree>${s.title ? shape([s.title], 'title') : ''}${shape(s.paragraphs)}</p:spTree></p:cSld></p:sld>`;
    if (s.notes) {
      files[`ppt/slides/_rels/slide${i + 1}.xml.rels`] = rels([rel('rId9', 'notesSlide', `../notesSlides/notesSlide${i + 1}.xml`)]);
      const slideImage = `<p:sp><p:nvSpPr><p:cNvPr id="2" name="Slide Image"/><p:cNvSpPr/><p:nvPr><p:ph type="sldImg"/></p:nvPr></p:nvSpPr></p:sp>`;
      files[`ppt/notesSlides/notesSlide${i + 1}.xml`] =
        `<?xml version="1.0" encoding="UTF-8"?><p:notes ${p}><p:cSld><p:spTree>${slideImage}${shape(s.notes, 'body')}${shape([String(i + 1)], 'sldNum')}</p:spTree></p:cSld></p:notes>`;
    }
  });
  return zipOf(files);
}

/** A number shown in a number format: a built-in one by its id (14 is a date) or a format code ("yyyy-mm-dd hh:mm"). */
export interface XlsxFormatted {
  value: number;
  format: number | string;
}
export type XlsxCell = string | number | null | XlsxFormatted;

/**
 * An XLSX of named sheets; text cells go through the shared strings, numbers are stored as numbers, formatted
 * numbers (dates are) with a cell style of their format, as Excel stores them. `date1904`: the Mac's date system.
 */
export async function makeXlsx(sheets: { name: string; rows: XlsxCell[][] }[], options: { date1904?: boolean } = {}): Promise<Buffer> {
  const shared: string[] = [];
  const indexOf = (s: string) => (shared.includes(s) ? shared.indexOf(s) : shared.push(s) - 1);
  // cell styles: 0 is General; each format used gets one (custom codes their own ids from 164, as Excel numbers them)
  const styleFormats: number[] = [0];
  const customCodes = new Map<string, number>();
  const styleOf = (format: number | string) => {
    const id = typeof format === 'number' ? format : (customCodes.get(format) ?? customCodes.set(format, 164 + customCodes.size).get(format)!);
    return styleFormats.includes(id) ? styleFormats.indexOf(id) : styleFormats.push(id) - 1;
  };
  const column = (i: number) => String.fromCharCode(65 + i);
  const sheetXml = (rows: XlsxCell[][]) =>
    `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows
      .map(
        (row, r) =>
          `<row r="${r + 1}">${row
            .map((cell, c) =>
              cell === null
                ? ''
                : typeof cell === 'number'
                  ? `<c r="${column(c)}${r + 1}"><v>${cell}</v></c>`
                  : typeof cell === 'object'
                    ? `<c r="${column(c)}${r + 1}" s="${styleOf(cell.format)}"><v>${cell.value}</v></c>`
                    : `<c r="${column(c)}${r + 1}" t="s"><v>${indexOf(cell)}</v></c>`,
            )
            .join('')}</row>`,
      )
      .join('')}</sheetData></worksheet>`;
  const files: Record<string, string> = {};
  sheets.forEach((s, i) => (files[`xl/worksheets/sheet${i + 1}.xml`] = sheetXml(s.rows)));
  files['[Content_Types].xml'] = contentTypes([['/xl/workbook.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml']]);
  files['_rels/.rels'] = rels([rel('rId1', 'officeDocument', 'xl/workbook.xml')]);
  files['xl/_rels/workbook.xml.rels'] = rels(sheets.map((_, i) => rel(`rId${i + 1}`, 'worksheet', `worksheets/sheet${i + 1}.xml`)));
  files['xl/workbook.xml'] =
    `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">${options.date1904 ? '<workbookPr date1904="1"/>' : ''}<sheets>${sheets
      .map((s, i) => `<sheet name="${xmlEscape(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
      .join('')}</sheets></workbook>`;
  files['xl/sharedStrings.xml'] =
    `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${shared.map((s) => `<si><t>${xmlEscape(s)}</t></si>`).join('')}</sst>`;
  if (styleFormats.length > 1) {
    // a cellStyleXfs list first (its xf are not cell styles), as Excel writes it
    files['xl/styles.xml'] =
      `<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="${customCodes.size}">${[
        ...customCodes,
      ]
        .map(([code, id]) => `<numFmt numFmtId="${id}" formatCode="${xmlEscape(code).replace(/"/g, '&quot;')}"/>`)
        .join(
          '',
        )}</numFmts><cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs><cellXfs count="${styleFormats.length}">${styleFormats.map((id) => `<xf numFmtId="${id}" applyNumberFormat="1"/>`).join('')}</cellXfs></styleSheet>`;
  }
  return zipOf(files);
}
