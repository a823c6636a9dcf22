// Math in answers: inline $…$ and \(…\), display $$…$$ and \[…\], as a marked extension. Tokenising
// costs nothing; typesetting needs KaTeX, which loads only once an answer contains math. Until then
// (and for TeX that KaTeX refuses) the source is shown as code.
import type { MarkedExtension, Tokens } from 'marked';

export type TexRenderer = (tex: string, display: boolean) => string | null;

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Quick test before any parsing: could this text hold math at all? */
export const mayHaveMath = (text: string): boolean => /\$|\\\(|\\\[/.test(text);

// Display blocks on their own lines.
const blockDollar = /^ {0,3}\$\$([\s\S]+?)\$\$[ \t]*(?:\n+|$)/;
const blockBracket = /^ {0,3}\\\[([\s\S]+?)\\\][ \t]*(?:\n+|$)/;
// Inline: $$…$$ within a line is display math; a single $ must hug its content and not be followed
// by a digit, so that "$5 and $10" stays money (pandoc's rule).
const inlineDisplay = /^\$\$(?!\$)([^\n]+?)\$\$/;
const inlineDollar = /^\$(?![\s$])((?:\\.|[^\\$\n])+?)(?<![\s\\])\$(?!\d)/;
const inlineParen = /^\\\(([\s\S]+?)\\\)/;
const inlineBracket = /^\\\[([\s\S]+?)\\\]/;

interface MathToken extends Tokens.Generic {
  text: string;
  display: boolean;
}

export function mathExtension(render: () => TexRenderer | null, onMath: () => void): MarkedExtension {
  const html = (token: MathToken) => {
    onMath();
    const typeset = render()?.(token.text, token.display);
    if (typeset !== null && typeset !== undefined) return token.display && token.type === 'mathBlock' ? `<div class="math-display">${typeset}</div>` : typeset;
    const code = `<code class="math-source">${escapeHtml(token.display ? `$$${token.text}$$` : `$${token.text}$`)}</code>`;
    return token.type === 'mathBlock' ? `<p>${code}</p>` : code;
  };
  return {
    extensions: [
      {
        name: 'mathBlock',
        level: 'block',
        start: (src) => src.match(/^ {0,3}(?:\$\$|\\\[)/m)?.index,
        tokenizer(src) {
          const m = blockDollar.exec(src) ?? blockBracket.exec(src);
          if (!m || !m[1]!.trim()) return undefined;
          return { type: 'mathBlock', raw: m[0], text: m[1]!.trim(), display: true } satisfies MathToken;
        },
        renderer: (token) => html(token as MathToken),
      },
      {
        name: 'mathInline',
        level: 'inline',
        start: (src) => src.match(/\$|\\\(|\\\[/)?.index,
        tokenizer(src) {
          for (const [re, display] of [
            [inlineDisplay, true],
            [inlineDollar, false],
            [inlineParen, false],
            [inlineBracket, true],
          ] as const) {
            const m = re.exec(src);
            if (m && m[1]!.trim()) return { type: 'mathInline', raw: m[0], text: m[1]!.trim(), display } satisfies MathToken;
          }
          return undefined;
        },
        renderer: (token) => html(token as MathToken),
      },
    ],
  };
}
