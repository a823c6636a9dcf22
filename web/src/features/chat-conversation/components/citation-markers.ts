// The [n] markers of answers ("…in the first week [1]." and also [1, 2] and [1][2], the forms the server reads its
// citations from), as a marked extension of the markdown renderer. Each number is wrapped in a span that names it
// (`data-citation`); the text reads as written, so an answer that cites nothing looks as it always did. The
// citation chips (citation-chips.tsx, loaded only for answers with citations) turn the numbers their answer cites
// into links to the cited page: the renderer does not know the citations (they arrive after the text), and the
// chat route's budget has no room to hand them to it. Code spans and blocks, links ([1](…)) and reference links with
// a definition ([1]: …) are left to marked.
import type { MarkedExtension, Tokens } from 'marked';

const marker = /^\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\](?!\()/;

interface MarkerToken extends Tokens.Generic {
  numbers: string[];
}

export const citationMarkers: MarkedExtension = {
  extensions: [
    {
      name: 'citationMarker',
      level: 'inline',
      start: (src) => src.match(/\[\d/)?.index,
      tokenizer(src) {
        const m = marker.exec(src);
        if (!m) return undefined;
        // "[1]" with a "[1]: https://…" definition is marked's reference link
        if (this.lexer.tokens.links[m[1]!.toLowerCase()]) return undefined;
        return { type: 'citationMarker', raw: m[0], numbers: m[1]!.split(',').map((n) => String(Number(n.trim()))) } satisfies MarkerToken;
      },
      // digits and commas only: nothing here needs escaping
      renderer: (token) =>
        `<span class="citation-marker">[${(token as MarkerToken).numbers.map((n) => `<span data-citation="${n}">${n}</span>`).join(', ')}]</span>`,
    },
  ],
};
