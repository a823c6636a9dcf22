// The text of PowerPoint (PPTX) and Excel (XLSX) files, from the XML parts of their archive (unpacked within limits by
// archive.ts) read with htmlparser2 in XML mode: a presentation slide by slide in the order it is shown, each with its
// title as a `#` heading line and its speaker notes after its text under a `## Speaker notes` heading (on the same
// page); a workbook sheet by sheet, each under its name as a `#` heading line and its rows as a Markdown table whose
// header is the sheet's first row (table-text.ts), shared and inline strings resolved, and numbers in a date or time
// format written as ISO dates and times instead of the serial numbers they are stored as.
import path from 'node:path';
import { Parser } from 'htmlparser2';
import type { ArchiveEntry } from './archive.js';
import { markdownTable } from './table-text.js';

type Handlers = {
  open?: (name: string, attributes: Record<string, string>) => void;
  text?: (text: string) => void;
  close?: (name: string) => void;
};

function readXml(xml: Buffer | undefined, handlers: Handlers): void {
  if (!xml) return;
  const parser = new Parser({ onopentag: handlers.open, ontext: handlers.text, onclosetag: handlers.close }, { xmlMode: true, decodeEntities: true });
  parser.write(xml.toString('utf8'));
  parser.end();
}

const entryMap = (entries: ArchiveEntry[]) => new Map(entries.map((e) => [e.name.replace(/^\/+/, ''), e.data]));

/** A part's relationships: id → the target's path in the archive. */
function relationships(files: Map<string, Buffer>, part: string): Map<string, string> {
  const rels = new Map<string, string>();
  const relsPath = path.posix.join(path.posix.dirname(part), '_rels', `${path.posix.basename(part)}.rels`);
  readXml(files.get(relsPath), {
    open(name, a) {
      if (name === 'Relationship' && a.Id && a.Target) {
        rels.set(a.Id, a.Target.startsWith('/') ? a.Target.slice(1) : path.posix.normalize(path.posix.join(path.posix.dirname(part), a.Target)));
      }
    },
  });
  return rels;
}

export interface OfficePage {
  page: number | null;
  text: string;
}

/** A presentation's slides in their order, each a page with its title as a heading. */
export function pptxPages(entries: ArchiveEntry[]): OfficePage[] {
  const files = entryMap(entries);
  const rels = relationships(files, 'ppt/presentation.xml');
  const order: string[] = [];
  readXml(files.get('ppt/presentation.xml'), {
    open(name, a) {
      const id = a['r:id'];
      if (name === 'p:sldId' && id && rels.has(id)) order.push(rels.get(id)!);
    },
  });
  if (order.length === 0) throw new Error('The presentation lists no slides.');
  return order.map((slide, i) => {
    const paragraphs: string[] = [];
    let title = '';
    let inTitle = false;
    let shapeDepth = 0;
    let titleShapeDepth = -1;
    let paragraph = '';
    let inText = false;
    readXml(files.get(slide), {
      open(name, a) {
        if (name === 'p:sp') shapeDepth++;
        // the shape holding the slide's title placeholder
        if (name === 'p:ph' && (a.type === 'title' || a.type === 'ctrTitle')) {
          inTitle = true;
          titleShapeDepth = shapeDepth;
        }
        if (name === 'a:t') inText = true;
        if (name === 'a:br') paragraph += '\n';
      },
      text(text) {
        if (inText) paragraph += text;
      },
      close(name) {
        if (name === 'a:t') inText = false;
        if (name === 'a:p') {
          const p = paragraph.trim();
          paragraph = '';
          if (!p) return;
          if (inTitle) title = title ? `${title} ${p}` : p;
          else paragraphs.push(p);
        }
        if (name === 'p:sp') {
          if (shapeDepth === titleShapeDepth) {
            inTitle = false;
            titleShapeDepth = -1;
          }
          shapeDepth--;
        }
      },
    });
    const heading = `# ${(title || `Slide ${i + 1}`).replace(/\s+/g, ' ')}`;
    const notes = notesOf(files, slide);
    const parts = [heading, ...paragraphs, ...(notes.length ? [`## ${SpeakerNotesHeading}`, ...notes] : [])];
    return { page: i + 1, text: parts.join('\n\n') };
  });
}

/** The heading the speaker notes of a slide sit under, after the slide's own text. */
export const SpeakerNotesHeading = 'Speaker notes';

/**
 * The paragraphs of a slide's speaker notes: the text of its notes page's body placeholder (the notes page also
 * holds an image of the slide, its number, headers and footers, which are left out).
 */
function notesOf(files: Map<string, Buffer>, slide: string): string[] {
  const rels = relationships(files, slide);
  const part = [...rels.values()].find((target) => /(^|\/)notesSlides\/[^/]+\.xml$/.test(target));
  const paragraphs: string[] = [];
  let shapeDepth = 0;
  let bodyShapeDepth = -1;
  let inText = false;
  let paragraph = '';
  readXml(part ? files.get(part) : undefined, {
    open(name, a) {
      if (name === 'p:sp') shapeDepth++;
      if (name === 'p:ph' && a.type === 'body') bodyShapeDepth = shapeDepth;
      if (name === 'a:t') inText = true;
      if (name === 'a:br') paragraph += '\n';
    },
    text(text) {
      if (inText) paragraph += text;
    },
    close(name) {
      if (name === 'a:t') inText = false;
      if (name === 'a:p') {
        const p = paragraph.trim();
        paragraph = '';
        if (p && bodyShapeDepth !== -1 && shapeDepth >= bodyShapeDepth) paragraphs.push(p);
      }
      if (name === 'p:sp') {
        if (shapeDepth === bodyShapeDepth) bodyShapeDepth = -1;
        shapeDepth--;
      }
    },
  });
  return paragraphs;
}

/** Column letters of a cell reference (A1 → 0, AB7 → 27). */
const columnOf = (ref: string | undefined, fallback: number) => {
  const letters = /^[A-Z]+/.exec(ref ?? '')?.[0];
  if (!letters) return fallback;
  return [...letters].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1;
};

// ---- dates in workbooks

/** Built-in number formats that show a date (14–17, 22, and the East Asian ones) or a time of day (18–21, 45, 47). */
const BuiltInDateFormats = new Set([14, 15, 16, 17, 22, 27, 28, 29, 30, 31, 34, 35, 36, 50, 51, 52, 53, 54, 57, 58]);
const BuiltInTimeFormats = new Set([18, 19, 20, 21, 32, 33, 45, 47, 55, 56]);

type DateFormat = 'date' | 'time' | 'dateTime';

/** What a custom format code shows: a date, a time, both, or neither (null: a number). */
export function dateFormatOf(code: string): DateFormat | null {
  // quoted text, escaped and filler characters, colours and conditions say nothing about dates
  const f = code
    .split(';')[0]!
    .replace(/"[^"]*"/g, '')
    .replace(/[\\_*]./g, '')
    .replace(/\[(?!h+\]|m+\]|s+\])[^\]]*\]/gi, '');
  const time = /[hs]/i.test(f) || /AM\/PM|A\/P/i.test(f);
  const date = /[yd]/i.test(f) || (/m/i.test(f) && !time);
  // an elapsed time ([h]:mm) is a duration, not a time of day: left a number
  if (/\[(h+|m+|s+)\]/i.test(f)) return null;
  return date && time ? 'dateTime' : date ? 'date' : time ? 'time' : null;
}

/** The workbook's cell styles (the `s` of a cell): which show dates or times. */
function dateStyles(files: Map<string, Buffer>): Map<number, DateFormat> {
  const custom = new Map<number, string>();
  const styles = new Map<number, DateFormat>();
  let inCellXfs = false;
  let index = 0;
  const formats: number[] = [];
  readXml(files.get('xl/styles.xml'), {
    open(name, a) {
      if (name === 'numFmt' && a.numFmtId && a.formatCode !== undefined) custom.set(Number(a.numFmtId), a.formatCode);
      if (name === 'cellXfs') inCellXfs = true;
      if (name === 'xf' && inCellXfs) formats[index++] = Number(a.numFmtId ?? 0);
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  formats.forEach((id, style) => {
    const code = custom.get(id);
    const format =
      code !== undefined ? dateFormatOf(code) : BuiltInDateFormats.has(id) ? (id === 22 ? 'dateTime' : 'date') : BuiltInTimeFormats.has(id) ? 'time' : null;
    if (format) styles.set(style, format);
  });
  return styles;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * A stored serial number as an ISO date (2024-03-05), time (14:30:00) or both (2024-03-05T14:30:00): days since
 * 1900-01-00 (with Lotus's 29 February 1900, so 1899-12-30 from day 61 on) or, in a 1904 workbook, since 1904-01-01.
 */
export function serialToIso(serial: number, format: DateFormat, date1904 = false): string {
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : serial < 61 ? Date.UTC(1899, 11, 31) : Date.UTC(1899, 11, 30);
  const ms = Math.round(serial * 86_400_000);
  const at = new Date(epoch + ms);
  const day = `${pad(at.getUTCFullYear(), 4)}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
  const seconds = Math.round((ms % 86_400_000) / 1000);
  const time = `${pad(Math.floor(seconds / 3600) % 24)}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
  return format === 'date' ? day : format === 'time' ? time : `${day}T${time}`;
}

/** A workbook's sheets, each under its name as a heading, its rows as a table (the first row its header). */
export function xlsxPages(entries: ArchiveEntry[]): OfficePage[] {
  const files = entryMap(entries);
  const shared: string[] = [];
  {
    let current: string | null = null;
    let inText = false;
    readXml(files.get('xl/sharedStrings.xml'), {
      open(name) {
        if (name === 'si') current = '';
        if (name === 't') inText = true;
      },
      text(text) {
        if (inText && current !== null) current += text;
      },
      close(name) {
        if (name === 't') inText = false;
        if (name === 'si') {
          shared.push(current ?? '');
          current = null;
        }
      },
    });
  }
  const rels = relationships(files, 'xl/workbook.xml');
  const sheets: { name: string; part: string }[] = [];
  readXml(files.get('xl/workbook.xml'), {
    open(name, a) {
      const id = a['r:id'];
      if (name === 'sheet' && id && rels.has(id)) sheets.push({ name: a.name ?? `Sheet ${sheets.length + 1}`, part: rels.get(id)! });
    },
  });
  if (sheets.length === 0) throw new Error('The workbook lists no sheets.');
  const styles = dateStyles(files);
  let date1904 = false;
  readXml(files.get('xl/workbook.xml'), {
    open(name, a) {
      if (name === 'workbookPr' && (a.date1904 === '1' || a.date1904 === 'true')) date1904 = true;
    },
  });
  const out: string[] = [];
  for (const sheet of sheets) {
    const rows: string[][] = [];
    let cells: string[] = [];
    let type = '';
    let style = 0;
    let column = 0;
    let value = '';
    let inValue = false;
    readXml(files.get(sheet.part), {
      open(name, a) {
        if (name === 'row') cells = [];
        if (name === 'c') {
          type = a.t ?? 'n';
          style = Number(a.s ?? 0);
          column = columnOf(a.r, cells.length);
          value = '';
        }
        if (name === 'v' || name === 't') inValue = true;
      },
      text(text) {
        if (inValue) value += text;
      },
      close(name) {
        if (name === 'v' || name === 't') inValue = false;
        if (name === 'c') {
          const format = type === 'n' && value.trim() !== '' ? styles.get(style) : undefined;
          const number = Number(value);
          const text =
            type === 's'
              ? (shared[Number(value)] ?? '')
              : type === 'b'
                ? value === '1'
                  ? 'TRUE'
                  : 'FALSE'
                : format && Number.isFinite(number)
                  ? serialToIso(number, format, date1904)
                  : value;
          cells[column] = text.replace(/\s+/g, ' ').trim();
        }
        if (name === 'row') {
          const row = Array.from(cells, (c) => c ?? '');
          // trailing empty cells left out; a row with nothing in it too
          while (row.length && row[row.length - 1] === '') row.pop();
          if (row.length) rows.push(row);
        }
      },
    });
    if (rows.length) out.push(`# ${sheet.name}\n\n${markdownTable(leftAligned(rows))}`);
  }
  return [{ page: null, text: out.join('\n\n') }];
}

/** Rows without the columns left of the first one that holds anything (a table that starts in column C). */
function leftAligned(rows: string[][]): string[][] {
  const first = Math.min(...rows.map((r) => r.findIndex((c) => c !== '')).filter((i) => i >= 0));
  return first > 0 && Number.isFinite(first) ? rows.map((r) => r.slice(first)) : rows;
}
