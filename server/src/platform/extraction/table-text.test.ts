// CSV and TSV files read as tables: quoted fields with separators, doubled quotes and line breaks, the separator
// found from the first lines, and rows written as a Markdown table whose first row is the header.
import { describe, expect, it } from 'vitest';
import { csvAsTable, csvSeparator, markdownTable, parseCsv } from './table-text.js';

describe('CSV as a table', () => {
  it('reads quoted fields, doubled quotes, line breaks in quotes, CRLF and a byte-order mark', () => {
    const text = '\ufeffname,note,amount\r\n"Smith, Ada","says ""hi""",12\r\n"Lee","two\nlines",\r\n\r\n';
    expect(parseCsv(text, ',')).toEqual([
      ['name', 'note', 'amount'],
      ['Smith, Ada', 'says "hi"', '12'],
      ['Lee', 'two\nlines', ''],
    ]);
  });

  it('finds the separator: a TSV file’s tab, else the one that splits the first lines evenly', () => {
    expect(csvSeparator('a;b;c\n1;2,5;3\n')).toBe(';');
    expect(csvSeparator('a,b\n"x;y",2\n')).toBe(',');
    expect(csvSeparator('a\tb\n1\t2\n')).toBe('\t');
    expect(csvSeparator('a,b\n1,2\n', 'data.tsv')).toBe('\t');
    expect(csvSeparator('just one column\nanother\n')).toBe(',');
  });

  it('writes rows as a Markdown table, the first row its header, every row as wide as the widest', () => {
    expect(markdownTable([['Course', 'Fee'], ['Biology'], ['Art | design', '30', 'lab\nincluded']])).toBe(
      ['| Course | Fee |  |', '| --- | --- | --- |', '| Biology |  |  |', '| Art \\| design | 30 | lab included |'].join('\n'),
    );
    expect(markdownTable([])).toBe('');
    expect(csvAsTable('building;opens\nlibrary;8:00\n')).toBe('| building | opens |\n| --- | --- |\n| library | 8:00 |');
  });
});
