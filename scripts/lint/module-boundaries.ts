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

export const moduleBoundaries: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: "Modules meet only through each other's index.ts; api/ is imported by nobody but scripts and tests" },
    schema: [],
  },
  create(context) {
    const from = relative(root, context.filename).split(sep).join('/');
    const checkSource = (node: Rule.Node, value: unknown, typeOnly: boolean) => {
      if (typeof value !== 'string' || !value.startsWith('.')) return;
      const target = relative(root, resolve(dirname(context.filename), value)).split(sep).join('/');
      const problem = boundaryProblem(from, target, typeOnly);
      if (problem) context.report({ node, message: `${value}: ${problem}` });
    };
    // `import type { A }` and `import { type A }` both vanish from the build.
    const typeOnly = (node: unknown) => {
      const n = node as { importKind?: string; exportKind?: string; specifiers?: { importKind?: string; exportKind?: string }[] };
      if ((n.importKind ?? n.exportKind) === 'type') return true;
      return (n.specifiers?.length ?? 0) > 0 && (n.specifiers ?? []).every((s) => (s.importKind ?? s.exportKind) === 'type');
    };
    return {
      ImportDeclaration(node) {
        checkSource(node, node.source.value, typeOnly(node));
      },
      ExportNamedDeclaration(node) {
        if (node.source) checkSource(node, node.source.value, typeOnly(node));
      },
      ExportAllDeclaration(node) {
        checkSource(node, node.source.value, typeOnly(node));
      },
      ImportExpression(node) {
        if (node.source.type === 'Literal') checkSource(node, node.source.value, false);
      },
    };
  },
};
