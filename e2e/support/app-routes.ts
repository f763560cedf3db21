import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const routerFile = fileURLToPath(new URL('../../apps/web/src/app/router.tsx', import.meta.url));

/**
 * Every screen's path in the web app's router (apps/web/src/app/router.tsx), read from its source:
 * `path` and `index` routes, joined through their parents, as React Router matches them. A new
 * route is found here the day it is added.
 */
export function appRoutes(): string[] {
  const source = ts.createSourceFile(
    routerFile,
    readFileSync(routerFile, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const paths = new Set<string>();
  const property = (node: ts.ObjectLiteralExpression, name: string) =>
    node.properties.find(
      (p): p is ts.PropertyAssignment =>
        ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name,
    )?.initializer;
  const walk = (routes: ts.Expression, parent: string) => {
    if (!ts.isArrayLiteralExpression(routes)) return;
    for (const route of routes.elements) {
      if (!ts.isObjectLiteralExpression(route)) continue;
      const path = property(route, 'path');
      const own = path && ts.isStringLiteral(path) ? path.text : null;
      const here = own === null ? parent : own.startsWith('/') ? own : `${parent}/${own}`;
      if (own !== null) paths.add(here.replace(/^\/+/, '') || '/');
      if (property(route, 'index')?.kind === ts.SyntaxKind.TrueKeyword) paths.add(parent || '/');
      const children = property(route, 'children');
      if (children) walk(children, here.replace(/\/+$/, ''));
    }
  };
  ts.forEachChild(source, (node) => {
    if (!ts.isVariableStatement(node)) return;
    for (const declaration of node.declarationList.declarations) {
      if (
        ts.isIdentifier(declaration.name) &&
        declaration.name.text === 'routes' &&
        declaration.initializer
      )
        walk(declaration.initializer, '');
    }
  });
  if (paths.size === 0) throw new Error(`no routes found in ${routerFile}`);
  return [...paths];
}
