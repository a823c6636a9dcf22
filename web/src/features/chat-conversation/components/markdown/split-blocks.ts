// Splits a streamed markdown answer into completed blocks and the growing tail. Completed blocks end
// at a blank line outside a code fence and never change again, so they are parsed once; each new
// piece only re-scans the tail, which keeps the work per piece flat as the answer grows.

export interface BlockSplit {
  /** completed blocks; the same string values call after call, so memoised renders stay put */
  blocks: string[];
  /** the last, still growing block */
  tail: string;
}

const fence = /^ {0,3}(`{3,}|~{3,})/;
/** a display-math block on lines of its own ($$ or \[ … $$ or \]) may hold blank lines too */
const mathOpen = /^ {0,3}(\$\$|\\\[)\s*$/;
const mathClose = { $$: /^ {0,3}\$\$\s*$/, '\\[': /^ {0,3}\\\]\s*$/ } as Record<string, RegExp>;

export function createBlockSplitter(): (text: string) => BlockSplit {
  let blocks: string[] = [];
  let committed = 0;
  let prefix = '';

  return (text: string) => {
    // Anything but an append (a new answer, a regenerated one) starts over.
    if (text.length < committed || !text.startsWith(prefix)) {
      blocks = [];
      committed = 0;
      prefix = '';
    }
    let blockStart = committed;
    let pos = committed;
    let openFence: string | null = null;
    let openMath: RegExp | null = null;
    let sawContent = false;
    const found: string[] = [];
    for (;;) {
      const newline = text.indexOf('\n', pos);
      // the last line may still grow: it decides nothing yet
      if (newline === -1) break;
      const line = text.slice(pos, newline);
      const marker = fence.exec(line)?.[1];
      const math: string | undefined = openFence || openMath ? undefined : mathOpen.exec(line)?.[1];
      if (openFence) {
        if (marker && marker[0] === openFence[0] && marker.length >= openFence.length && line.trim() === marker) openFence = null;
      } else if (openMath) {
        if (openMath.test(line)) openMath = null;
      } else if (math) {
        openMath = mathClose[math] ?? null;
        sawContent = true;
      } else if (marker) {
        openFence = marker;
        sawContent = true;
      } else if (line.trim() === '') {
        if (sawContent) {
          found.push(text.slice(blockStart, pos));
          sawContent = false;
        }
        blockStart = newline + 1;
      } else {
        sawContent = true;
      }
      pos = newline + 1;
    }
    if (found.length > 0 || blockStart !== committed) {
      blocks = found.length > 0 ? [...blocks, ...found] : blocks;
      committed = blockStart;
      prefix = text.slice(0, committed);
    }
    return { blocks, tail: text.slice(committed) };
  };
}
