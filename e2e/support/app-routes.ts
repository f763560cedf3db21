import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const routerFile = fileURLToPath(new URL('../../apps/web/src/app/router.tsx', import.meta.url));

/** The innermost guard a route sits under in the router, or 'public'. */
export type RouteGuard = 'public' | 'GuestOnly' | 'RequireAuth' | 'RequireRole';
const GUARDS = new Set<string>(['GuestOnly', 'RequireAuth', 'RequireRole']);

/**
 * Every screen's path in the web app's router (apps/web/src/app/router.tsx), read from its source:
 * `path` and `index` routes, joined through their parents, as React Router matches them, with the
 * guard each sits under. A new route is found here the day it is added.
 */
export function appRoutes(): string[] {
  return [...guardedRoutes().keys()];
}

/** appRoutes, each with its guard. */
export function guardedRoutes(): Map<string, RouteGuard> {
  const source = ts.createSourceFile(
    routerFile,
    readFileSync(routerFile, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const paths = new Map<string, RouteGuard>();
  const property = (node: ts.ObjectLiteralExpression, name: string) =>
    node.properties.find(
      (p): p is ts.PropertyAssignment =>
        ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name,
    )?.initializer;
  const guardOf = (route: ts.ObjectLiteralExpression, outer: RouteGuard): RouteGuard => {
    const element = property(route, 'element');
    const tag = element && ts.isJsxSelfClosingElement(element) ? element.tagName.getText() : '';
    return GUARDS.has(tag) ? (tag as RouteGuard) : outer;
  };
  const walk = (routes: ts.Expression, parent: string, outer: RouteGuard) => {
    if (!ts.isArrayLiteralExpression(routes)) return;
    for (const route of routes.elements) {
      if (!ts.isObjectLiteralExpression(route)) continue;
      const guard = guardOf(route, outer);
      const path = property(route, 'path');
      const own = path && ts.isStringLiteral(path) ? path.text : null;
      const here = own === null ? parent : own.startsWith('/') ? own : `${parent}/${own}`;
      if (own !== null) paths.set(here.replace(/^\/+/, '') || '/', guard);
      if (property(route, 'index')?.kind === ts.SyntaxKind.TrueKeyword)
        paths.set(parent || '/', guard);
      const children = property(route, 'children');
      if (children) walk(children, here.replace(/\/+$/, ''), guard);
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
        walk(declaration.initializer, '', 'public');
    }
  });
  if (paths.size === 0) throw new Error(`no routes found in ${routerFile}`);
  return paths;
}
