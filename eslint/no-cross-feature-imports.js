// web/src/features/<a>/** may not import from web/src/features/<b>/** (bulletproof-react's rule):
// features share through app/, lib/ and components/.
import path from 'node:path';

const featureOf = (file) => {
  const m = /[\\/]web[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]/.exec(file);
  return m ? m[1] : null;
};

export default {
  meta: {
    type: 'problem',
    docs: { description: 'forbid imports between web features' },
    messages: { cross: "Feature '{{from}}' may not import from feature '{{to}}': move the shared part to app/, lib/ or components/." },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = featureOf(file);
    if (!from) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source) + path.sep;
      const to = featureOf(target);
      if (to && to !== from) context.report({ node, messageId: 'cross', data: { from, to } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
