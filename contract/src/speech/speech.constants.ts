// Reading answers aloud (docs/speech.md), without zod so that the browser bundle can use it: the limits, the voices
// of OpenAI's speech API, and the one sentence splitter that the browser and the server share, so that "sentence 3 of
// this answer" names the same words on both sides.

/**
 * What one speech call reads at most: OpenAI's `POST /audio/speech` takes up to 4,096 characters of input; a longer
 * text (the whole of a long answer) is cut at the last sentence that fits.
 */
export const SpeechInputMaxChars = 4096;
/** A sentence index beyond this is refused (a 400): no answer has that many. */
export const SpeechMaxSentenceIndex = 10_000;
/** Speech calls one person may make in a minute (each sentence is one); beyond, 429 with Retry-After. */
export const SpeechCallsPerMinute = 120;
/** How long a call for a sentence that the answer being written does not hold yet waits for it. */
export const SpeechSentenceWaitMs = 20_000;

/** The voices of OpenAI's speech models (also the names most OpenAI-compatible speech servers accept). */
export const OpenAiVoices = ['alloy', 'ash', 'ballad', 'coral', 'echo', 'fable', 'nova', 'onyx', 'sage', 'shimmer', 'verse'] as const;
export const DefaultVoice = 'alloy';
/** A voice name as a query parameter may give it (Azure neural voice names such as en-US-AvaMultilingualNeural included). */
export const VoicePattern = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$/;

/**
 * The words of a markdown answer as they should be heard: code blocks, images, link targets, citation markers, HTML
 * tags and markdown punctuation go; the text of links, headings, list items and table cells stays.
 */
export function speakableText(markdown: string): string {
  return (
    markdown
      // fenced code blocks (an unfinished one too: its code is not for reading)
      .replace(/```[\s\S]*?(```|$)/g, ' ')
      .replace(/~~~[\s\S]*?(~~~|$)/g, ' ')
      .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      // citation markers [1], [doc2]
      .replace(/\[(\d+|doc\d+)\]/gi, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/`([^`]*)`/g, '$1')
      .replace(/^\s{0,3}#{1,6}\s+(.*)$/gm, '$1.')
      .replace(/^\s{0,3}>\s?/gm, '')
      .replace(/^\s*(?:[-*+]|\d+[.)])\s+/gm, '')
      .replace(/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/gm, '')
      .replace(/\|/g, ', ')
      .replace(/(\*\*|__|\*|_|~~)(?=\S)([\s\S]*?\S)\1/g, '$2')
      .replace(/^\s*([-*_]\s*){3,}$/gm, '')
  );
}

// a sentence ends at . ! ? … (and their CJK forms) followed by closing quotes or brackets, then white space; or at a
// line break (a list item, a heading, a paragraph)
const SentenceEnd = /([.!?…。！？]+["'”’)\]]*)(\s+)|\n+/g;
/** Sentences shorter than this join the next one (numbers such as "1." and abbreviations read better so). */
const MinSentenceChars = 12;

/**
 * The sentences of an answer's markdown, in order, as text to speak. `complete: false` (an answer still being written)
 * leaves out the last piece, which may not have ended yet; `complete: true` keeps it. The same text gives the same
 * sentences, and a longer text (the answer grown) keeps the earlier ones unchanged: sentence n of a part of an answer
 * is sentence n of the whole.
 */
export function splitSentences(markdown: string, complete: boolean): string[] {
  // an unfinished answer is spoken only up to its last line break or sentence end: what follows may still change
  const text = speakableText(markdown);
  const sentences: string[] = [];
  let pending = '';
  let start = 0;
  for (const match of text.matchAll(SentenceEnd)) {
    const end = match.index + (match[1]?.length ?? 0);
    const piece = text.slice(start, end).replace(/\s+/g, ' ').trim();
    start = match.index + match[0].length;
    const joined = pending ? `${pending} ${piece}`.trim() : piece;
    if (joined === '') continue;
    if (joined.length < MinSentenceChars) {
      pending = joined;
      continue;
    }
    sentences.push(joined);
    pending = '';
  }
  if (complete) {
    const rest = [pending, text.slice(start).replace(/\s+/g, ' ').trim()].filter(Boolean).join(' ');
    if (/[\p{L}\p{N}]/u.test(rest)) sentences.push(rest);
  }
  return sentences.filter((s) => /[\p{L}\p{N}]/u.test(s));
}
