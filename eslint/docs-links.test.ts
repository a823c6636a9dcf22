// Comments and documents may point only at files inside the repository: the design documents once
// cited from outside it (a shared folder beside the checkout) cannot be followed by someone who clones
// it. Citations of docs/<file>.md must name a file that exists and, with §N or a quoted "Heading" (or
// the start of one), a section of it; relative links in markdown files must lead to a tracked file.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((f) => f !== '' && fs.existsSync(path.join(root, f)));
const textFiles = tracked.filter((f) => /\.(ts|tsx|js|mjs|cjs|json|md|html|css|ya?ml|sh)$/.test(f) && !f.endsWith('package-lock.json'));
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

// Written in pieces so that this file does not match itself.
const outside = ['../' + 'shared/', 'SPEC' + '.md', 'WIRE' + '.md', 'DESIGN' + '.md', 'SPEC' + ' §'];

interface Doc {
  sections: Set<string>;
  headings: Set<string>;
}

function loadDoc(file: string): Doc | null {
  if (!fs.existsSync(path.join(root, file))) return null;
  const text = read(file);
  const sections = new Set<string>();
  const headings = new Set<string>();
  for (const m of text.matchAll(/^#{1,6} +(.+?) *$/gm)) {
    const heading = m[1]!;
    headings.add(heading);
    const numbered = /^(\d+)\./.exec(heading);
    if (numbered) sections.add(numbered[1]!);
  }
  // a bold term that opens a list item names a part of a section too ("**Segment**")
  for (const m of text.matchAll(/^\s*- \*\*(.+?):?\*\*/gm)) headings.add(m[1]!);
  return { sections, headings };
}

describe('documentation links', () => {
  it('no tracked file refers to the design documents outside the repository', () => {
    const found: string[] = [];
    for (const file of textFiles) {
      const lines = read(file).split('\n');
      lines.forEach((line, i) => {
        for (const needle of outside) if (line.includes(needle)) found.push(`${file}:${i + 1}: ${needle}`);
      });
    }
    expect(found).toEqual([]);
  });

  it('every docs/<file>.md cited exists, with the section (§N or "Heading") it names', () => {
    const docs = new Map<string, Doc | null>();
    const docOf = (file: string) => {
      if (!docs.has(file)) docs.set(file, loadDoc(file));
      return docs.get(file)!;
    };
    const broken: string[] = [];
    let citations = 0;
    for (const file of textFiles) {
      const lines = read(file).split('\n');
      lines.forEach((line, i) => {
        for (const m of line.matchAll(/\bdocs\/([a-z0-9-]+\.md)((?:,? ?§\d+)*)(?: "([^"]+)")?/g)) {
          citations++;
          const where = `${file}:${i + 1}: ${m[0]}`;
          const doc = docOf(`docs/${m[1]}`);
          if (!doc) {
            broken.push(`${where} (no such file)`);
            continue;
          }
          for (const s of m[2]!.matchAll(/§(\d+)/g)) if (!doc.sections.has(s[1]!)) broken.push(`${where} (no section ${s[1]})`);
          // a quoted text after §N quotes the section; without §N it names a heading (or its start)
          const heading = m[2] === '' ? m[3] : undefined;
          if (heading && ![...doc.headings].some((h) => h.startsWith(heading))) broken.push(`${where} (no heading "${heading}")`);
        }
      });
    }
    expect(broken).toEqual([]);
    expect(citations).toBeGreaterThan(100);
  });

  it('relative links in markdown files lead to tracked files', () => {
    const known = new Set(tracked);
    const broken: string[] = [];
    for (const file of tracked.filter((f) => f.endsWith('.md') && !f.includes('node_modules'))) {
      for (const m of read(file).matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1]!.split('#')[0]!;
        if (target === '' || /^[a-z]+:/i.test(target)) continue;
        const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), target)).replace(/\/$/, '');
        if (!known.has(resolved) && !tracked.some((t) => t.startsWith(`${resolved}/`))) broken.push(`${file}: ${m[1]}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
