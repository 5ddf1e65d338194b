// What the isolation matrices must cover, read from the source tree rather than listed by hand: every route file of
// the web app with the HTTP methods it exports, and every 'use server' module with the actions it exports. A new route
// or action therefore shows up here, and the matrix fails until it has a case.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** apps/web/src, absolute. */
export const WEB_SRC = fileURLToPath(new URL('../../apps/web/src/', import.meta.url));
const APP_DIR = path.join(WEB_SRC, 'app');

const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(full);
    return [full];
  });
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
}

function isExported(node: ts.Node): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

/** Names a module exports at run time: functions, variables and `export { a, b }` lists (types are skipped). */
export function exportedNames(file: string): string[] {
  const names: string[] = [];
  for (const statement of parse(file).statements) {
    if (ts.isFunctionDeclaration(statement) && isExported(statement) && statement.name) {
      names.push(statement.name.text);
    } else if (ts.isVariableStatement(statement) && isExported(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name)) names.push(declaration.name.text);
      }
    } else if (
      ts.isExportDeclaration(statement) &&
      !statement.isTypeOnly &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    ) {
      for (const element of statement.exportClause.elements) if (!element.isTypeOnly) names.push(element.name.text);
    }
  }
  return names;
}

/** True when the statements start with the `'use server'` directive (comments may come before it). */
function startsWithUseServer(statements: ts.NodeArray<ts.Statement>): boolean {
  const first = statements[0];
  return (
    first !== undefined &&
    ts.isExpressionStatement(first) &&
    ts.isStringLiteral(first.expression) &&
    first.expression.text === 'use server'
  );
}

function isUseServerModule(file: string): boolean {
  return startsWithUseServer(parse(file).statements);
}

export interface RouteFile {
  /** Path of the file relative to apps/web/src, e.g. `app/api/v1/runs/[id]/route.ts`. */
  file: string;
  /** Absolute path, for import(). */
  absolute: string;
  /** The URL path Next serves it at, with its dynamic segments as written: `/api/v1/runs/[id]`. */
  urlPath: string;
  /** HTTP methods the module exports. */
  methods: string[];
}

/** Every route handler module of the app (app/**\/route.ts) and its exported HTTP methods. */
export function listRouteFiles(): RouteFile[] {
  return walk(APP_DIR)
    .filter((file) => /^route\.tsx?$/.test(path.basename(file)))
    .map((absolute) => {
      const relative = path.relative(APP_DIR, path.dirname(absolute)).split(path.sep).join('/');
      // Route groups `(name)` do not appear in the URL.
      const urlPath = `/${relative
        .split('/')
        .filter((segment) => !/^\(.*\)$/.test(segment))
        .join('/')}`;
      return {
        file: path.relative(WEB_SRC, absolute).split(path.sep).join('/'),
        absolute,
        urlPath,
        methods: exportedNames(absolute)
          .filter((name) => HTTP_METHODS.has(name))
          .sort(),
      };
    })
    .sort((a, b) => a.file.localeCompare(b.file));
}

/** `/api/v1/runs/[id]/junit.xml` → `/runs/{id}/junit.xml`: the registry's (OpenAPI) spelling of a v1 route. */
export function toOpenApiPath(urlPath: string): string {
  return urlPath.replace(/^\/api\/v1/, '').replace(/\[([^\]./]+)\]/g, '{$1}') || '/';
}

export interface ServerActionModule {
  /** Relative to apps/web/src. */
  file: string;
  absolute: string;
  /** Exported functions: each is a server action the browser can call. */
  actions: string[];
}

/** Every 'use server' module under apps/web/src and the actions it exports. */
export function listServerActionModules(): ServerActionModule[] {
  return walk(WEB_SRC)
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && isUseServerModule(file))
    .map((absolute) => ({
      file: path.relative(WEB_SRC, absolute).split(path.sep).join('/'),
      absolute,
      actions: exportedNames(absolute).sort(),
    }))
    .sort((a, b) => a.file.localeCompare(b.file));
}

/**
 * Server actions declared inline (a function whose body starts with 'use server', inside a component or page), as
 * `file:line`. The matrix imports actions from 'use server' modules only, so an inline one would escape it.
 */
export function listInlineServerActions(): string[] {
  const found: string[] = [];
  for (const file of walk(WEB_SRC).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))) {
    const source = parse(file);
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body && ts.isBlock(node.body)) {
        if (startsWithUseServer(node.body.statements)) {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart());
          found.push(`${path.relative(WEB_SRC, file).split(path.sep).join('/')}:${line + 1}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** Next's UI file conventions besides `page`: each is a server component Next renders for its segment. */
const SEGMENT_UI_FILES = new Set([
  'layout',
  'template',
  'default',
  'not-found',
  'forbidden',
  'unauthorized',
  'loading',
]);

/**
 * True unless the default export is a plain (non-async) function: a synchronous server component cannot await a
 * session or a query, so it loads no data. Anything the scan cannot read counts as loading data.
 */
function defaultExportIsAsync(file: string): boolean {
  const source = parse(file);
  const isAsync = (node: ts.Node) =>
    (ts.getModifiers(node as ts.HasModifiers) ?? []).some((m) => m.kind === ts.SyntaxKind.AsyncKeyword);
  const local = new Map<string, ts.Node>();
  let exported: ts.Node | undefined;
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement)) {
      const modifiers = ts.getModifiers(statement) ?? [];
      if (modifiers.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)) exported = statement;
      if (statement.name) local.set(statement.name.text, statement);
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.initializer) {
          local.set(declaration.name.text, declaration.initializer);
        }
      }
    } else if (ts.isExportAssignment(statement)) {
      exported = ts.isIdentifier(statement.expression) ? local.get(statement.expression.text) : statement.expression;
    }
  }
  if (!exported) return true;
  if (ts.isFunctionDeclaration(exported) || ts.isArrowFunction(exported) || ts.isFunctionExpression(exported)) {
    return isAsync(exported);
  }
  return true;
}

export interface PageFile {
  /** Relative to apps/web/src, e.g. `app/o/[org]/runs/[runId]/page.tsx`. */
  file: string;
  absolute: string;
  /** `page`, `layout`, ...: the file's name without its extension. */
  kind: string;
  /** The URL path it renders for, dynamic segments as written: `/o/[org]/runs/[runId]`. */
  urlPath: string;
  /** Names of its dynamic segments in order (`[org]`, `[...slug]` and `[[...slug]]` give `org`, `slug`). */
  segments: string[];
}

/**
 * Every page of the app (app/**\/page.tsx), and every other segment file (layout, template, not-found...) that loads
 * data, i.e. whose default export is async. These are what a browser can make the server render.
 */
export function listPageFiles(): PageFile[] {
  return walk(APP_DIR)
    .filter((file) => /\.(tsx|ts|jsx|js)$/.test(file) && !/\.test\./.test(file))
    .flatMap((absolute): PageFile[] => {
      const kind = path.basename(absolute).replace(/\.[jt]sx?$/, '');
      if (kind !== 'page' && !(SEGMENT_UI_FILES.has(kind) && defaultExportIsAsync(absolute))) return [];
      const relative = path.relative(APP_DIR, path.dirname(absolute)).split(path.sep).join('/');
      const parts = relative === '' ? [] : relative.split('/');
      return [
        {
          file: path.relative(WEB_SRC, absolute).split(path.sep).join('/'),
          absolute,
          kind,
          // Route groups `(name)` and parallel-route slots `@name` do not appear in the URL.
          urlPath: `/${parts.filter((segment) => !/^\(.*\)$|^@/.test(segment)).join('/')}`,
          segments: parts.flatMap((segment) => {
            const match = /^\[{1,2}(?:\.\.\.)?([^\]]+)\]{1,2}$/.exec(segment);
            return match ? [match[1]!] : [];
          }),
        },
      ];
    })
    .sort((a, b) => a.file.localeCompare(b.file));
}
