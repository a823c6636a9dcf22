// KaTeX with its stylesheet and fonts: a chunk of its own, loaded by the first answer with math.
import 'katex/dist/katex.min.css';
import katex from 'katex';
import type { TexRenderer } from './math-extension';

export const renderTex: TexRenderer = (tex, display) => {
  try {
    // trust off: no \href/\url to javascript:, no \htmlClass and friends
    return katex.renderToString(tex, {
      displayMode: display,
      throwOnError: true,
      output: 'htmlAndMathml',
      trust: false,
      strict: 'ignore',
      maxSize: 50,
      maxExpand: 500,
    });
  } catch {
    return null;
  }
};
