// The 'pages' layout of document extraction (file libraries): a PDF page by page, a DOCX and an HTML page with their
// headings as Markdown lines and tables as Markdown tables, a presentation slide by slide with its speaker notes, a workbook's
// sheets as tables with their dates as dates; an encrypted or damaged PDF is unreadable with a message that says so.
import { afterAll, describe, expect, it } from 'vitest';
import { damagedPdf, makePagedPdf, makePptx, makeStructuredDocx, makeXlsx } from '../../test/library-fixtures.js';
import { DefaultExtractionOptions, ExtractionPool, ExtractionUnreadableError } from './extraction-pool.js';
import { htmlToStructuredText } from './html-text.js';

describe('document extraction by pages', () => {
  const pool = new ExtractionPool({ ...DefaultExtractionOptions, threads: 1 });
  afterAll(() => pool.close());

  it('reads a PDF page by page, with page numbers', async () => {
    const pdf = makePagedPdf([['Pelicans nest on islands.', 'They fish in groups.'], [], ['Herons wade alone.']]);
    const document = await pool.extractDocument('pdf', pdf);
    expect(document.truncated).toBe(false);
    // the empty second page is left out; the third keeps its number
    expect(document.pages.map((p) => p.page)).toEqual([1, 3]);
    expect(document.pages[0]!.text).toContain('Pelicans nest on islands.');
    expect(document.pages[0]!.text).toContain('They fish in groups.');
    expect(document.pages[1]!.text).toBe('Herons wade alone.');
  });

  it('cuts the text at the characters kept, and says so', async () => {
    const pdf = makePagedPdf([['a'.repeat(40)], ['b'.repeat(40)], ['c'.repeat(40)]]);
    const document = await pool.extractDocument('pdf', pdf, 60);
    expect(document.truncated).toBe(true);
    expect(document.pages.map((p) => p.text)).toEqual(['a'.repeat(40), 'b'.repeat(20)]);
  });

  it('reads a DOCX with its headings as Markdown lines and its tables as Markdown tables', async () => {
    const docx = await makeStructuredDocx([
      { heading: 1, text: 'Library rules' },
      { text: 'Books are lent for three weeks.' },
      { heading: 2, text: 'Fines' },
      {
        table: [
          ['Days late', 'Fine'],
          ['1-7', '1 EUR'],
        ],
      },
    ]);
    const document = await pool.extractDocument('docx', docx);
    expect(document.pages).toHaveLength(1);
    expect(document.pages[0]!.page).toBeNull();
    expect(document.pages[0]!.text).toBe(
      '# Library rules\n\nBooks are lent for three weeks.\n\n## Fines\n\n| Days late | Fine |\n| --- | --- |\n| 1-7 | 1 EUR |',
    );
  });

  it('reads an HTML page without its scripts and styles', async () => {
    const html = Buffer.from(
      '<!doctype html><html><head><title>T</title><style>p{}</style></head><body><nav>Menu</nav><h1>Opening &amp; hours</h1><p>Open   daily<br>from 8.</p><script>alert(1)</script><ul><li>Monday</li><li>Tuesday</li></ul></body></html>',
    );
    const document = await pool.extractDocument('html', html);
    expect(document.pages[0]!.text).toBe('Menu\n\n# Opening & hours\n\nOpen daily\nfrom 8.\n\n- Monday\n\n- Tuesday');
  });

  it('refuses an encrypted PDF and a damaged one with a message people can act on', async () => {
    const encrypted = pool.extractDocument('pdf', makePagedPdf([['secret']], { encrypted: true }));
    await expect(encrypted).rejects.toBeInstanceOf(ExtractionUnreadableError);
    await expect(encrypted).rejects.toThrow(/password/i);
    await expect(pool.extractDocument('pdf', damagedPdf())).rejects.toBeInstanceOf(ExtractionUnreadableError);
  });

  it('reads a presentation slide by slide in the order it shows them, titles as headings', async () => {
    const pptx = await makePptx(
      [
        { title: 'Welcome week', paragraphs: ['Tours start at nine.', 'Bring your student card.'] },
        { paragraphs: ['A slide without a title.'] },
        { title: 'Q & A', paragraphs: [] },
      ],
      [3, 1, 2],
    );
    const document = await pool.extractDocument('pptx', pptx);
    expect(document.pages).toEqual([
      { page: 1, text: '# Q & A' },
      { page: 2, text: '# Welcome week\n\nTours start at nine.\n\nBring your student card.' },
      { page: 3, text: '# Slide 3\n\nA slide without a title.' },
    ]);
  });

  it("puts a slide's speaker notes after its text, under a heading, on the slide's page", async () => {
    const pptx = await makePptx([
      {
        title: 'Fire drill',
        paragraphs: ['Leave by the nearest exit.'],
        notes: ['Mention the assembly point behind the library.', 'Ask who has not done it.'],
      },
      { title: 'Lunch', paragraphs: ['Canteen, floor one.'] },
      { title: 'Questions', paragraphs: [], notes: ['Hand out the survey.'] },
    ]);
    const document = await pool.extractDocument('pptx', pptx);
    expect(document.pages).toEqual([
      {
        page: 1,
        text: '# Fire drill\n\nLeave by the nearest exit.\n\n## Speaker notes\n\nMention the assembly point behind the library.\n\nAsk who has not done it.',
      },
      { page: 2, text: '# Lunch\n\nCanteen, floor one.' },
      // the notes page's slide number (its own placeholder) is not part of the notes
      { page: 3, text: '# Questions\n\n## Speaker notes\n\nHand out the survey.' },
    ]);
  });

  it('reads a workbook sheet by sheet, each a table whose header is its first row', async () => {
    const xlsx = await makeXlsx([
      {
        name: 'Fees',
        rows: [
          ['Course', 'Fee'],
          ['Biology', 120],
          ['Chemistry', null, 'lab | included'],
        ],
      },
      { name: 'Empty', rows: [] },
      { name: 'Rooms & times', rows: [['A1', 'Monday']] },
    ]);
    const document = await pool.extractDocument('xlsx', xlsx);
    expect(document.pages).toEqual([
      {
        page: null,
        text: [
          '# Fees',
          '',
          '| Course | Fee |  |',
          '| --- | --- | --- |',
          '| Biology | 120 |  |',
          '| Chemistry |  | lab \\| included |',
          '',
          '# Rooms & times',
          '',
          '| A1 | Monday |',
          '| --- | --- |',
        ].join('\n'),
      },
    ]);
  });

  it('writes the dates and times of a workbook as ISO dates and times, not as the serial numbers stored', async () => {
    const rows = [
      ['Event', 'Day', 'Starts', 'At', 'Fee', 'Share', 'Hours'],
      [
        'Open day',
        { value: 45356, format: 14 }, // 2024-03-05, built-in m/d/yyyy
        { value: 45356.5625, format: 'yyyy-mm-dd hh:mm' }, // custom, date and time
        { value: 0.4375, format: 'h:mm AM/PM' }, // a time of day
        { value: 45356, format: '#,##0.00 [$€-407]' }, // a number, though its format has letters
        { value: 0.25, format: '0%' },
        { value: 1.5, format: '[h]:mm' }, // elapsed time: a duration, left a number
      ],
      ['Leap', { value: 59, format: 'dd/mm/yyyy' }, { value: 61, format: 'd mmm yyyy' }, null, 7, null, null],
    ];
    const document = await pool.extractDocument('xlsx', await makeXlsx([{ name: 'Events', rows }]));
    expect(document.pages[0]!.text.split('\n').slice(4)).toEqual([
      '| Open day | 2024-03-05 | 2024-03-05T13:30:00 | 10:30:00 | 45356 | 0.25 | 1.5 |',
      // serial 60 is Lotus's 29 February 1900: 59 is the 28th, 61 the 1st of March
      '| Leap | 1900-02-28 | 1900-03-01 |  | 7 |  |  |',
    ]);
    // a workbook in the 1904 date system counts from 1 January 1904
    const mac = await pool.extractDocument('xlsx', await makeXlsx([{ name: 'S', rows: [['Day'], [{ value: 43894, format: 14 }]] }], { date1904: true }));
    expect(mac.pages[0]!.text).toContain('| 2024-03-05 |');
  });

  it('reads an HTML table as a Markdown table whose header is its first row', () => {
    const html =
      '<p>Before</p><table><caption>Opening hours</caption><thead><tr><th>Day</th><th>Opens</th><th>Closes</th></tr></thead>' +
      '<tbody><tr><td><p>Monday</p><p>(term)</p></td><td>8</td><td>a|b</td></tr><tr><td colspan="2">Sunday closed</td><td></td></tr>' +
      '<tr><td>Extra</td><td><table><tr><td>inner</td><td>cell</td></tr></table></td><td>9</td></tr></tbody></table><p>After</p>';
    expect(htmlToStructuredText(html)).toBe(
      [
        'Before',
        'Opening hours',
        '| Day | Opens | Closes |\n| --- | --- | --- |\n| Monday (term) | 8 | a\\|b |\n| Sunday closed |  |  |\n| Extra | inner cell | 9 |',
        'After',
      ].join('\n\n'),
    );
    // a table of one column (a page's layout) is read as paragraphs; rows without a <table> are still a table
    expect(htmlToStructuredText('<table><tr><td><h2>News</h2> Text</td></tr><tr><td>More</td></tr></table>')).toBe('News Text\n\nMore');
    expect(htmlToStructuredText('<tr><td>a</td><td>b</td></tr><tr><td>1</td><td>2</td></tr><p>c</p>')).toBe('| a | b |\n| --- | --- |\n| 1 | 2 |\n\nc');
  });

  it('keeps preformatted text as it is written', () => {
    expect(htmlToStructuredText('<pre>a  b\n  c</pre><p>d</p>')).toBe('a  b\n  c\n\nd');
  });
});
