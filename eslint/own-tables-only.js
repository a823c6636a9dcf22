// A server module touches only the tables it owns (docs/architecture.md "Modules and the tables they own"): a file
// under server/src/modules/<m>/ may import from db/schema only the tables whose schema file names <m> as
// owner; other modules' data is reached through their services and lookups. Type-only imports (row types)
// are allowed. Ownership is read from the schema files: a `// @owner: <module>` line before the first table
// gives the file's owner, one inside a table's comment overrides it for that table.
import fs from 'node:fs';
import path from 'node:path';

const moduleOf = (file) => /[\\/]server[\\/]src[\\/]modules[\\/]([^\\/]+)[\\/]/.exec(file)?.[1] ?? null;
const isSchemaImport = (source) => /(^|\/)db\/schema(\/[\w-]+)?\.js$/.test(source) || /(^|\/)db\/schema\/index\.js$/.test(source);

/** table name → owning modules, from every schema file of the directory */
export function readTableOwners(schemaDir) {
  const owners = new Map();
  for (const name of fs.readdirSync(schemaDir)) {
    if (!name.endsWith('.ts') || name === 'index.ts') continue;
    let fileOwners = null;
    let pending = null;
    for (const line of fs.readFileSync(path.join(schemaDir, name), 'utf8').split('\n')) {
      const tag = /@owner:\s*([\w-]+(?:\s*,\s*[\w-]+)*)/.exec(line);
      if (tag) {
        const list = tag[1].split(',').map((s) => s.trim());
        if (fileOwners === null) fileOwners = list;
        else pending = list;
        continue;
      }
      const table = /^export const (\w+) = pgTable\(/.exec(line);
      if (table) {
        owners.set(table[1], pending ?? fileOwners ?? []);
        pending = null;
      }
    }
  }
  return owners;
}

const cache = new Map();
function ownersFor(file) {
  const root = file.slice(0, file.search(/[\\/]server[\\/]src[\\/]modules[\\/]/));
  const dir = path.join(root, 'server', 'src', 'db', 'schema');
  if (!cache.has(dir)) cache.set(dir, fs.existsSync(dir) ? readTableOwners(dir) : new Map());
  return cache.get(dir);
}

export default {
  meta: {
    type: 'problem',
    docs: { description: "forbid a server module's use of tables it does not own" },
    messages: {
      foreign: "Module '{{module}}' may not use table '{{table}}' (owned by {{owners}}): call the owning module's service or lookup.",
    },
    schema: [{ type: 'object', properties: { schemaDir: { type: 'string' } }, additionalProperties: false }],
  },
  create(context) {
    const file = context.filename;
    const module = moduleOf(file);
    if (!module) return {};
    const schemaDir = context.options[0]?.schemaDir;
    const owners = schemaDir ? readTableOwners(schemaDir) : ownersFor(file);
    return {
      ImportDeclaration(node) {
        if (node.importKind === 'type' || typeof node.source.value !== 'string' || !isSchemaImport(node.source.value)) return;
        for (const spec of node.specifiers) {
          if (spec.type !== 'ImportSpecifier' || spec.importKind === 'type') continue;
          const table = spec.imported.name;
          const tableOwners = owners.get(table);
          if (tableOwners && !tableOwners.includes(module)) {
            context.report({ node: spec, messageId: 'foreign', data: { module, table, owners: tableOwners.join(', ') || 'nobody' } });
          }
        }
      },
    };
  },
};
