// The text of an HTML document with its structure kept as Markdown-like lines: headings as `#` lines (their
// level in #s), list items as `- ` lines, a table as a Markdown table whose header is its first row (as CSV and
// XLSX are read, table-text.ts, so that the chunker repeats that header in every chunk of the table; a table of
// one column, often a page's layout, as paragraphs), paragraphs and other blocks apart by a blank line. Scripts,
// styles and other non-text elements are left out. Read with htmlparser2's streaming parser (no tree is built),
// for HTML files and for the HTML mammoth makes of a DOCX.
import { Parser } from 'htmlparser2';
import { markdownTable } from './table-text.js';

/** Elements whose content is never text people read. */
const Skipped = new Set(['script', 'style', 'noscript', 'template', 'svg', 'math', 'head', 'iframe', 'object', 'canvas', 'select', 'button']);
const Blocks = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'header',
  'footer',
  'aside',
  'nav',
  'blockquote',
  'figure',
  'figcaption',
  'pre',
  'ul',
  'ol',
  'dl',
  'dt',
  'dd',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'form',
  'fieldset',
  'address',
  'details',
  'summary',
  'hr',
]);
const Headings: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };

/** A table cell's text: its blocks and lines as spaces (a Markdown row is one line). */
const cellText = (text: string) => text.replace(/\s+/g, ' ').trim();

export function htmlToStructuredText(html: string): string {
  const out: string[] = [];
  /** the text of the block being read */
  let line = '';
  let skipping = 0;
  let pre = 0;
  let heading = 0;
  /** the rows of the table being read (from its <table>, or its first <tr> when there is none), null outside one */
  let rows: string[][] | null = null;
  /** whether that table began with a <table> tag (rows without one end at the next block outside a row) */
  let tableTag = false;
  /** tables inside a cell of the table being read: their text joins that cell's */
  let innerTables = 0;
  /** the cells of the row being read, null outside a row */
  let cells: string[] | null = null;
  /** the colspan of the cell being read: the cells it spans after its first stay empty, so that columns line up */
  let span = 1;

  const endBlock = () => {
    const text = line.trim();
    line = '';
    if (text === '') return;
    out.push(heading ? `${'#'.repeat(heading)} ${text.replace(/\s+/g, ' ')}` : text);
  };
  const endRow = () => {
    if (!cells) return;
    if (cells.some((c) => c !== '')) (rows ??= []).push(cells);
    cells = null;
    line = '';
  };
  const endTable = () => {
    endRow();
    const table = rows ?? [];
    rows = null;
    tableTag = false;
    innerTables = 0;
    if (table.length === 0) return;
    const width = Math.max(...table.map((r) => r.length));
    // a table of one column is the page's layout or a list in a box: its cells are paragraphs
    if (width <= 1) for (const [cell] of table) out.push(cell!);
    else out.push(markdownTable(table));
  };
  const inTable = () => rows !== null || cells !== null;

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (Skipped.has(name)) {
          skipping++;
          return;
        }
        if (skipping) return;
        if (inTable() && innerTables > 0) {
          // a table inside a cell: its rows and cells only separate words of that cell
          if (name === 'table') innerTables++;
          line += ' ';
          return;
        }
        if (name === 'table') {
          if (cells) {
            innerTables++;
            line += ' ';
            return;
          }
          endTable();
          endBlock();
          rows = [];
          tableTag = true;
          return;
        }
        if (name === 'tr') {
          if (!inTable()) endBlock();
          endRow();
          rows ??= [];
          cells = [];
          return;
        }
        if (name === 'td' || name === 'th') {
          if (!cells) {
            if (!inTable()) endBlock();
            rows ??= [];
            cells = [];
          }
          line = '';
          const colspan = Number.parseInt(attributes.colspan ?? '1', 10);
          span = Number.isFinite(colspan) ? Math.min(Math.max(colspan, 1), 100) : 1;
          return;
        }
        // inside a table row, blocks (mammoth puts a <p> in each cell) only separate words
        if (cells) {
          line += name === 'br' ? '\n' : ' ';
          return;
        }
        // a caption, or anything else between a table's rows, is a paragraph of its own before the table
        if (rows && !tableTag) endTable();
        if (name in Headings) {
          endBlock();
          heading = Headings[name]!;
        } else if (name === 'li') {
          endBlock();
          line = '- ';
        } else if (name === 'br') {
          line += '\n';
        } else if (name === 'pre') {
          endBlock();
          pre++;
        } else if (Blocks.has(name) || name === 'caption') {
          endBlock();
        }
      },
      ontext(text) {
        if (skipping) return;
        line += pre ? text : text.replace(/\s+/g, ' ');
      },
      onclosetag(name) {
        if (Skipped.has(name)) {
          skipping = Math.max(0, skipping - 1);
          return;
        }
        if (skipping) return;
        if (inTable() && innerTables > 0) {
          if (name === 'table') innerTables--;
          line += ' ';
          return;
        }
        if (name === 'table') {
          endBlock();
          endTable();
          return;
        }
        if ((name === 'td' || name === 'th') && cells) {
          cells.push(cellText(line), ...Array<string>(span - 1).fill(''));
          line = '';
          span = 1;
          return;
        }
        if (name === 'tr') {
          endRow();
          return;
        }
        if (cells) return;
        if (name in Headings) {
          endBlock();
          heading = 0;
        } else if (name === 'pre') {
          endBlock();
          pre = Math.max(0, pre - 1);
        } else if (name === 'li' || Blocks.has(name) || name === 'caption') {
          endBlock();
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  endBlock();
  endTable();
  return out.join('\n\n');
}
