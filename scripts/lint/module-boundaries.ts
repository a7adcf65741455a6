import { dirname, relative, resolve, sep } from 'node:path';
import type { Rule } from 'eslint';

const root = resolve(import.meta.dirname, '../..');

/** Where a file sits: a module (by name), the kernel, the composition root, the site, or elsewhere. */
type Area = { kind: 'module'; name: string } | { kind: 'kernel' | 'api' | 'site' | 'other' };

function areaOf(path: string): Area {
  const [top, second] = path.split('/');
  if (top === 'modules' && second) return { kind: 'module', name: second };
  if (top === 'kernel' || top === 'api' || top === 'site') return { kind: top };
  return { kind: 'other' };
}

const isTest = (path: string) => /\.(test|e2e)\.tsx?$/.test(path);

/**
 * The answer to "may `from` import `target`?", or why not. Tests may reach a module's own
 * internals and the composition root (they build the app), but other modules only through
 * their faces, like any other code.
 */
export function boundaryProblem(from: string, target: string, typeOnly: boolean): string | null {
  const source = areaOf(from);
  const goal = areaOf(target);
  if (source.kind === 'site' && goal.kind !== 'site' && goal.kind !== 'other') {
    // Erased at build time: the browser bundle gains nothing, and the shapes are written once.
    if (typeOnly && target.endsWith('.schemas.ts')) return null;
    return "the site imports only types, and only from schema files (import type … from '…/<name>.schemas.ts')";
  }
  if (goal.kind === 'module' && !(source.kind === 'module' && source.name === goal.name)) {
    // A kernel test may borrow real entities (a foreign key to break, say) through a module's face.
    if (source.kind === 'kernel' && !(isTest(from) && target === `modules/${goal.name}/index.ts`)) return 'the HTTP kernel must not depend on a module';
    if (source.kind !== 'kernel' && target !== `modules/${goal.name}/index.ts`) return `import module "${goal.name}" only through its face, modules/${goal.name}/index.ts`;
  }
  if (goal.kind === 'api' && !isTest(from) && (source.kind === 'module' || source.kind === 'kernel')) {
    return 'api/ is the composition root: modules, the kernel and the site never import it';
  }
  return null;
}

/** An entity schema, by the name every module gives it (`UserSchema`, `DonationDaySchema`). */
const entitySchemaName = /^[A-Z][A-Za-z0-9]*Schema$/;

/**
 * The answer to "may `from` use module `target`'s entity schemas `names`?" (`*` for a
 * namespace import, which could reach any of them), or why not. A
 * module's rows are read and written by its own functions, which know its locks and rules;
 * other modules only point at them: an entity file may name another module's entity for a
 * relation, and the entity list (db/entities.ts), tests, their helpers and benchmarks build rows directly.
 */
export function foreignEntityProblem(from: string, target: string, names: readonly string[]): string | null {
  const source = areaOf(from);
  const goal = areaOf(target);
  if (goal.kind !== 'module' || (source.kind === 'module' && source.name === goal.name)) return null;
  if (from.endsWith('.entity.ts') || from === 'db/entities.ts' || isTest(from) || from.startsWith('tests/') || /^scripts\/(bench|measure)-[^/]+\.ts$/.test(from)) return null;
  if (names.includes('*')) return `import module "${goal.name}" by name: a namespace import could reach its entity schemas, whose rows are read and written through its own functions`;
  const schemas = names.filter((name) => entitySchemaName.test(name));
  if (schemas.length === 0) return null;
  return `${schemas.join(', ')}: another module's rows are read and written through its own functions (add one to modules/${goal.name}/index.ts)`;
}

export const moduleBoundaries: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: "Modules meet only through each other's index.ts; api/ is imported by nobody but scripts and tests" },
    schema: [],
  },
  create(context) {
    const from = relative(root, context.filename).split(sep).join('/');
    const targetOf = (value: unknown) =>
      typeof value === 'string' && value.startsWith('.') ? relative(root, resolve(dirname(context.filename), value)).split(sep).join('/') : null;
    const checkSource = (node: Rule.Node, value: unknown, typeOnly: boolean) => {
      const target = targetOf(value);
      const problem = target && boundaryProblem(from, target, typeOnly);
      if (problem) context.report({ node, message: `${String(value)}: ${problem}` });
    };
    // `import type { A }` and `import { type A }` both vanish from the build.
    const kindOf = (node: unknown) => {
      const n = node as { importKind?: string; exportKind?: string };
      return n.importKind ?? n.exportKind;
    };
    const typeOnly = (node: unknown) => {
      const specifiers = (node as { specifiers?: unknown[] }).specifiers ?? [];
      return kindOf(node) === 'type' || (specifiers.length > 0 && specifiers.every((s) => kindOf(s) === 'type'));
    };
    const checkEntities = (node: Rule.Node, value: unknown, names: readonly string[]) => {
      const target = targetOf(value);
      const problem = target && kindOf(node) !== 'type' && foreignEntityProblem(from, target, names);
      if (problem) context.report({ node, message: `${String(value)}: ${problem}` });
    };
    const nameOf = (id: { type: string; name?: string }) => (id.type === 'Identifier' ? [id.name ?? ''] : []);
    return {
      ImportDeclaration(node) {
        checkSource(node, node.source.value, typeOnly(node));
        const values = node.specifiers.flatMap((s) =>
          s.type === 'ImportNamespaceSpecifier' ? ['*'] : s.type === 'ImportSpecifier' && kindOf(s) !== 'type' ? nameOf(s.imported) : [],
        );
        checkEntities(node, node.source.value, values);
      },
      ExportNamedDeclaration(node) {
        if (!node.source) return;
        checkSource(node, node.source.value, typeOnly(node));
        checkEntities(node, node.source.value, node.specifiers.flatMap((s) => (kindOf(s) !== 'type' ? nameOf(s.local) : [])));
      },
      ExportAllDeclaration(node) {
        checkSource(node, node.source.value, typeOnly(node));
        checkEntities(node, node.source.value, ['*']);
      },
      ImportExpression(node) {
        if (node.source.type === 'Literal') checkSource(node, node.source.value, false);
      },
    };
  },
};
