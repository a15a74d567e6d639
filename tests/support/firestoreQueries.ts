import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// Finds the Firestore queries a TypeScript project builds, by reading its source with the
// compiler (client `query(...)` with `where`/`orderBy`, Admin `.where().orderBy()` chains), and
// tells which of them need a composite index. tests/unit/data/indexes.test.ts compares that with
// firestore.indexes.json, so a query added without its index fails there rather than in
// production. What the reading cannot follow (a field held in a plain `string`, a query built on a
// parameter and then filtered) is reported as unknown, never passed over.

export interface Filter {
  /** null: the field is not a string literal (or a union of them) the compiler can name. */
  readonly field: string | null;
  readonly op: string | null;
  /** Built by mapping over a list, so it stands for any number of filters. */
  readonly repeated?: boolean;
}
export interface Order {
  readonly field: string | null;
  readonly direction: 'asc' | 'desc';
}
export interface QueryShape {
  readonly collection: string | null;
  readonly scope: 'COLLECTION' | 'COLLECTION_GROUP';
  readonly filters: readonly Filter[];
  readonly orders: readonly Order[];
  /** Built on a query the reading could not follow (a parameter, an unknown call). */
  readonly open: boolean;
}
export interface FoundQuery extends QueryShape {
  /** `path:line` of the query, relative to the project root. */
  readonly at: string;
}

export interface IndexField {
  readonly fieldPath: string;
  readonly order?: 'ASCENDING' | 'DESCENDING';
  readonly arrayConfig?: 'CONTAINS';
}
export interface Index {
  readonly collectionGroup: string;
  readonly queryScope?: 'COLLECTION' | 'COLLECTION_GROUP';
  readonly fields: readonly IndexField[];
}

export type IndexNeed =
  | { readonly kind: 'none' }
  | { readonly kind: 'index'; readonly index: Index; readonly equalityFields: number }
  | { readonly kind: 'unknown'; readonly reason: string };

const DOCUMENT_ID = '__name__';
const CHAIN_FILTERS = new Set(['where', 'orderBy']);
const CHAIN_PASSTHROUGH = new Set(['select', 'limit', 'limitToLast', 'offset', 'startAt', 'startAfter', 'endAt', 'endBefore', 'withConverter']);
const CURSOR_CONSTRAINTS = new Set(['limit', 'limitToLast', 'startAt', 'startAfter', 'endAt', 'endBefore']);
const FIRESTORE_TYPES = /[\\/]node_modules[\\/](?:@firebase[\\/]firestore|firebase[\\/]firestore|@google-cloud[\\/]firestore|firebase-admin)[\\/]/;

/**
 * A program for the source files of the project a tsconfig describes that could build a query
 * (they name `where`, `orderBy` or `query`: no query is built without one, aliased or not), plus
 * `extra` files (absolute path → text). Loading only those, and what they import, keeps the
 * compiler's work to seconds; `reuse`, an earlier program of the same project, shortens it again.
 */
export function programFor(tsconfigPath: string, extra: Readonly<Record<string, string>> = {}, reuse?: ts.Program): ts.Program {
  const config = ts.readConfigFile(tsconfigPath, (file) => readFileSync(file, 'utf8'));
  if (config.error) throw new Error(ts.flattenDiagnosticMessageText(config.error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, path.dirname(tsconfigPath));
  // Neither the DOM's nor Node's declarations bear on a query's collection, fields or operators,
  // and they are most of the compiler's reading.
  const options = { ...parsed.options, noEmit: true, lib: ['lib.es2023.d.ts'], types: [] };
  const host = ts.createCompilerHost(options);
  const extraFiles = new Map(Object.entries(extra).map(([file, text]) => [path.resolve(file), text]));
  const disk = ts.createCompilerHost(options);
  host.getSourceFile = (file, language, onError, create) => {
    const text = extraFiles.get(path.resolve(file));
    return text === undefined ? disk.getSourceFile(file, language, onError, create) : ts.createSourceFile(file, text, language, true);
  };
  host.fileExists = (file) => extraFiles.has(path.resolve(file)) || disk.fileExists(file);
  host.readFile = (file) => extraFiles.get(path.resolve(file)) ?? disk.readFile(file);
  const candidates = parsed.fileNames.filter((file) => /\b(?:where|orderBy|query)\b/.test(readFileSync(file, 'utf8')));
  return ts.createProgram([...candidates, ...extraFiles.keys()], options, host, reuse);
}

/** Every query built in the program's source files under `root` (absolute paths) that `include` accepts. */
export function findQueries(program: ts.Program, root: string, include: (relativePath: string) => boolean): FoundQuery[] {
  const reader = new QueryReader(program.getTypeChecker());
  const found: FoundQuery[] = [];
  for (const source of program.getSourceFiles()) {
    if (source.isDeclarationFile || source.fileName.includes('/node_modules/')) continue;
    const relative = path.relative(root, source.fileName).split(path.sep).join('/');
    if (relative.startsWith('..') || !include(relative)) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && reader.isOutermostQuery(node)) {
        const at = `${relative}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
        for (const shape of reader.shapes(node)) found.push({ at, ...shape });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

const OPEN: QueryShape = { collection: null, scope: 'COLLECTION', filters: [], orders: [], open: true };

/** One of the alternatives a clause argument may add: filters and orders (a literal-union field gives several). */
interface Clauses {
  readonly filters: readonly Filter[];
  readonly orders: readonly Order[];
}

class QueryReader {
  constructor(private readonly checker: ts.TypeChecker) {}

  /** A client `query(...)` call, or the last `.where`/`.orderBy` of an Admin chain. */
  isOutermostQuery(call: ts.CallExpression): boolean {
    if (this.firestoreFunction(call) === 'query') return true;
    const method = this.chainMethod(call);
    if (method === null || !CHAIN_FILTERS.has(method)) return false;
    let link: ts.Expression = call;
    for (;;) {
      const access = link.parent;
      if (!ts.isPropertyAccessExpression(access) || access.expression !== link || !ts.isCallExpression(access.parent)) return true;
      const next = access.name.text;
      if (CHAIN_FILTERS.has(next)) return false;
      if (!CHAIN_PASSTHROUGH.has(next)) return true;
      link = access.parent;
    }
  }

  /** The shapes a query expression may have: several when a collection or field is a union of literals. */
  shapes(expression: ts.Expression, depth = 0): QueryShape[] {
    if (depth > 20) return [OPEN];
    const node = skipOuter(expression);
    if (ts.isConditionalExpression(node)) return [...this.shapes(node.whenTrue, depth + 1), ...this.shapes(node.whenFalse, depth + 1)];
    if (ts.isIdentifier(node)) {
      const declaration = this.declarationOf(node);
      if (declaration !== undefined && ts.isVariableDeclaration(declaration) && declaration.initializer !== undefined) {
        return this.shapes(declaration.initializer, depth + 1);
      }
      return [OPEN];
    }
    if (!ts.isCallExpression(node)) return [OPEN];

    const client = this.firestoreFunction(node);
    if (client === 'query') {
      const [base, ...constraints] = node.arguments;
      if (base === undefined) return [OPEN];
      const added = this.clauseList(constraints, depth);
      return this.shapes(base, depth + 1).flatMap((shape) => added.map((clauses) => extend(shape, clauses)));
    }
    if (client === 'collection' || client === 'collectionGroup') {
      return this.collections(node.arguments.slice(1)).map((name) => ({
        ...OPEN,
        open: false,
        collection: name,
        scope: client === 'collection' ? 'COLLECTION' : 'COLLECTION_GROUP',
      }));
    }

    const method = this.chainMethod(node);
    if (method !== null && ts.isPropertyAccessExpression(node.expression)) {
      const receiver = node.expression.expression;
      if (method === 'collection' || method === 'collectionGroup') {
        return this.collections(node.arguments).map((name) => ({
          ...OPEN,
          open: false,
          collection: name,
          scope: method === 'collection' ? 'COLLECTION' : 'COLLECTION_GROUP',
        }));
      }
      if (CHAIN_PASSTHROUGH.has(method)) return this.shapes(receiver, depth + 1);
      if (CHAIN_FILTERS.has(method)) {
        const clauses = this.clause(method, node.arguments);
        return this.shapes(receiver, depth + 1).flatMap((shape) => clauses.map((added) => extend(shape, added)));
      }
      return [OPEN];
    }

    // A helper of the project's own (`invitationsOf(db)`): what it returns.
    const returned = this.returnedExpression(node);
    return returned === undefined ? [OPEN] : this.shapes(returned, depth + 1);
  }

  /** The alternatives a list of client constraints (`where(...)`, spreads of arrays of them) adds. */
  private clauseList(constraints: readonly ts.Expression[], depth: number): Clauses[] {
    let alternatives: Clauses[] = [{ filters: [], orders: [] }];
    for (const constraint of constraints) {
      const added = ts.isSpreadElement(constraint) ? this.spreadClauses(constraint.expression, depth) : this.constraintClauses(constraint, depth);
      alternatives = alternatives.flatMap((before) => added.map((more) => join(before, more)));
    }
    return alternatives;
  }

  private spreadClauses(expression: ts.Expression, depth: number): Clauses[] {
    const node = skipOuter(expression);
    if (ts.isArrayLiteralExpression(node)) return this.clauseList(node.elements, depth);
    if (ts.isConditionalExpression(node)) return [...this.spreadClauses(node.whenTrue, depth), ...this.spreadClauses(node.whenFalse, depth)];
    if (ts.isIdentifier(node)) {
      const declaration = this.declarationOf(node);
      if (declaration !== undefined && ts.isVariableDeclaration(declaration) && declaration.initializer !== undefined) {
        return this.spreadClauses(declaration.initializer, depth + 1);
      }
    }
    // `list.map((item) => where(...))`: the mapped constraint, any number of times.
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'map') {
      const mapper = node.arguments[0];
      if (mapper !== undefined && (ts.isArrowFunction(mapper) || ts.isFunctionExpression(mapper))) {
        const body = functionResult(mapper);
        if (body !== undefined) {
          return this.constraintClauses(body, depth).map((clauses) => ({
            filters: clauses.filters.map((filter) => ({ ...filter, repeated: true })),
            orders: clauses.orders.map(() => ({ field: null, direction: 'asc' as const })),
          }));
        }
      }
    }
    return [{ filters: [{ field: null, op: null, repeated: true }], orders: [] }];
  }

  private constraintClauses(expression: ts.Expression, depth: number): Clauses[] {
    const node = skipOuter(expression);
    if (ts.isIdentifier(node)) {
      const declaration = this.declarationOf(node);
      if (declaration !== undefined && ts.isVariableDeclaration(declaration) && declaration.initializer !== undefined && depth < 20) {
        return this.constraintClauses(declaration.initializer, depth + 1);
      }
    }
    if (ts.isCallExpression(node)) {
      const name = this.firestoreFunction(node);
      if (name === 'where' || name === 'orderBy') return this.clause(name, node.arguments);
      if (name !== null && CURSOR_CONSTRAINTS.has(name)) return [{ filters: [], orders: [] }];
    }
    // and(), or(), or anything the reading does not know: a filter on fields it cannot name.
    return [{ filters: [{ field: null, op: null }], orders: [] }];
  }

  /** `where(field, op, value)` or `orderBy(field, direction)`, client or Admin. */
  private clause(kind: string, args: readonly ts.Expression[]): Clauses[] {
    const fields = args[0] === undefined ? [null] : this.fieldNames(args[0]);
    if (kind === 'where') {
      const ops = args[1] === undefined ? [null] : (this.literals(args[1]) ?? [null]);
      return fields.flatMap((field) => ops.map((op) => ({ filters: [{ field, op }], orders: [] })));
    }
    const directions = args[1] === undefined ? ['asc'] : (this.literals(args[1]) ?? ['asc']);
    return fields.flatMap((field) => directions.map((direction) => ({ filters: [], orders: [{ field, direction: direction === 'desc' ? ('desc' as const) : ('asc' as const) }] })));
  }

  private fieldNames(expression: ts.Expression): (string | null)[] {
    const node = skipOuter(expression);
    if (ts.isCallExpression(node)) {
      const callee = ts.isPropertyAccessExpression(node.expression) ? node.expression.name : node.expression;
      if (ts.isIdentifier(callee) && callee.text === 'documentId' && this.isFirestore(callee)) return [DOCUMENT_ID];
    }
    if (ts.isNewExpression(node) && this.isFirestore(node.expression)) {
      const parts = (node.arguments ?? []).map((part) => this.literals(part));
      return parts.every((values) => values?.length === 1) ? [parts.map((values) => values?.[0]).join('.')] : [null];
    }
    return this.literals(node) ?? [null];
  }

  private collections(segments: readonly ts.Expression[]): (string | null)[] {
    let paths: (string | null)[] = [''];
    for (const segment of segments) {
      const values = this.literals(segment) ?? [null];
      paths = paths.flatMap((before) => values.map((value) => (before === null || value === null ? null : before === '' ? value : `${before}/${value}`)));
    }
    // A subcollection's index is on its last segment.
    return paths.map((pathName) => (pathName === null || pathName === '' ? null : (pathName.split('/').pop() ?? null)));
  }

  /** The string literals an expression's type allows, or null when it is a wider type. */
  private literals(expression: ts.Expression): string[] | null {
    const type = this.checker.getTypeAtLocation(expression);
    const parts = type.isUnion() ? type.types : [type];
    const values = parts.map((part) => (part.isStringLiteral() ? part.value : null));
    return values.every((value): value is string => value !== null) ? values : null;
  }

  private symbolOf(node: ts.Node): ts.Symbol | undefined {
    const symbol = this.checker.getSymbolAtLocation(node);
    return symbol !== undefined && symbol.flags & ts.SymbolFlags.Alias ? this.checker.getAliasedSymbol(symbol) : symbol;
  }

  private isFirestore(node: ts.Node): boolean {
    return (this.symbolOf(node)?.declarations ?? []).some((declaration) => FIRESTORE_TYPES.test(declaration.getSourceFile().fileName));
  }

  /** The name of the firebase/firestore (or lite) function a plain call calls, or null. */
  private firestoreFunction(call: ts.CallExpression): string | null {
    if (!ts.isIdentifier(call.expression) || !this.isFirestore(call.expression)) return null;
    return this.symbolOf(call.expression)?.name ?? null;
  }

  /** The name of the Admin SDK method a `receiver.method(...)` call calls, or null. */
  private chainMethod(call: ts.CallExpression): string | null {
    if (!ts.isPropertyAccessExpression(call.expression) || !this.isFirestore(call.expression.name)) return null;
    return call.expression.name.text;
  }

  private declarationOf(identifier: ts.Identifier): ts.Declaration | undefined {
    const declaration = this.symbolOf(identifier)?.valueDeclaration;
    return declaration === undefined || declaration.getSourceFile().isDeclarationFile ? undefined : declaration;
  }

  private returnedExpression(call: ts.CallExpression): ts.Expression | undefined {
    if (!ts.isIdentifier(call.expression)) return undefined;
    const declaration = this.declarationOf(call.expression);
    if (declaration === undefined) return undefined;
    if (ts.isFunctionDeclaration(declaration)) return functionResult(declaration);
    if (ts.isVariableDeclaration(declaration) && declaration.initializer !== undefined) {
      const initializer = skipOuter(declaration.initializer);
      if (ts.isArrowFunction(initializer) || ts.isFunctionExpression(initializer)) return functionResult(initializer);
    }
    return undefined;
  }
}

function skipOuter(expression: ts.Expression): ts.Expression {
  let node = expression;
  while (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node) || ts.isAwaitExpression(node) || ts.isSatisfiesExpression(node)) {
    node = node.expression;
  }
  return node;
}

/** What a function with an expression body, or a body of one `return`, returns. */
function functionResult(fn: ts.FunctionLikeDeclaration): ts.Expression | undefined {
  if (fn.body === undefined) return undefined;
  if (!ts.isBlock(fn.body)) return fn.body;
  const [only] = fn.body.statements;
  return fn.body.statements.length === 1 && only !== undefined && ts.isReturnStatement(only) ? only.expression : undefined;
}

function join(a: Clauses, b: Clauses): Clauses {
  return { filters: [...a.filters, ...b.filters], orders: [...a.orders, ...b.orders] };
}

function extend(shape: QueryShape, clauses: Clauses): QueryShape {
  return { ...shape, ...join(shape, clauses) };
}

const EQUALITY = new Set(['==', 'in']);
const CONTAINS = new Set(['array-contains', 'array-contains-any']);
const RANGE = new Set(['<', '<=', '>', '>=', '!=', 'not-in']);

/**
 * The composite index a query needs, by Firestore's rules: none for a query on one field (its
 * single-field index serves it) or for `==` filters alone (Firestore merges single-field indexes,
 * ordered on the document id); otherwise the equality and array-contains fields, then the orders,
 * then any range field not already ordered on.
 */
export function indexNeed(query: QueryShape): IndexNeed {
  const filters = query.filters.filter((filter) => filter.field !== DOCUMENT_ID);
  const orders = query.orders.filter((order) => order.field !== DOCUMENT_ID);
  const equalsOnly = filters.every((filter) => filter.op === '==') && orders.length === 0;
  const single = filters.length + orders.length === 1 && !filters.some((filter) => filter.repeated);
  if (equalsOnly || single) return { kind: 'none' };
  if (query.open) return { kind: 'unknown', reason: 'filters or orders added to a query the reading could not follow' };
  if (filters.some((filter) => filter.field === null || filter.op === null || filter.repeated) || orders.some((order) => order.field === null)) {
    return { kind: 'unknown', reason: 'a filter or order whose field or operator is not a string literal' };
  }
  const unknownOp = filters.find((filter) => !EQUALITY.has(filter.op ?? '') && !CONTAINS.has(filter.op ?? '') && !RANGE.has(filter.op ?? ''));
  if (unknownOp !== undefined) return { kind: 'unknown', reason: `operator ${String(unknownOp.op)}` };
  const fieldsUsed = new Set([...filters.map((filter) => filter.field), ...orders.map((order) => order.field)]);
  if (fieldsUsed.size <= 1) return { kind: 'none' };
  if (query.collection === null) return { kind: 'unknown', reason: 'a collection that is not a string literal' };

  const equality: IndexField[] = [];
  for (const filter of filters) {
    const field = filter.field ?? '';
    if (EQUALITY.has(filter.op ?? '') && !equality.some((known) => known.fieldPath === field)) equality.push({ fieldPath: field, order: 'ASCENDING' });
    if (CONTAINS.has(filter.op ?? '')) equality.push({ fieldPath: field, arrayConfig: 'CONTAINS' });
  }
  const ordered: IndexField[] = orders.map((order) => ({ fieldPath: order.field ?? '', order: order.direction === 'desc' ? 'DESCENDING' : 'ASCENDING' }));
  for (const filter of filters) {
    const field = filter.field ?? '';
    if (RANGE.has(filter.op ?? '') && !ordered.some((known) => known.fieldPath === field)) ordered.push({ fieldPath: field, order: 'ASCENDING' });
  }
  return {
    kind: 'index',
    index: { collectionGroup: query.collection, queryScope: query.scope, fields: [...equality, ...ordered] },
    equalityFields: equality.length,
  };
}

/** Whether `index` serves a query that needs `need`: the equality fields in any order, then the orders exactly. */
export function serves(index: Index, need: Extract<IndexNeed, { kind: 'index' }>): boolean {
  const wanted = need.index;
  if (index.collectionGroup !== wanted.collectionGroup || (index.queryScope ?? 'COLLECTION') !== wanted.queryScope) return false;
  if (index.fields.length !== wanted.fields.length) return false;
  const key = (field: IndexField) => `${field.fieldPath}:${field.arrayConfig ?? (field.order === undefined ? '' : 'ordered')}`;
  const prefix = (fields: readonly IndexField[]) => fields.slice(0, need.equalityFields).map(key).sort().join(',');
  const rest = (fields: readonly IndexField[]) => fields.slice(need.equalityFields).map((field) => `${field.fieldPath}:${field.order ?? field.arrayConfig}`).join(',');
  return prefix(index.fields) === prefix(wanted.fields) && rest(index.fields) === rest(wanted.fields);
}

/** How the tests name an index: `invitations(email, status, createdAt desc)`, `teams(memberIds[], …)`. */
export function describeIndex(index: Index): string {
  const field = (item: IndexField) =>
    item.arrayConfig === 'CONTAINS' ? `${item.fieldPath}[]` : item.order === 'DESCENDING' ? `${item.fieldPath} desc` : item.fieldPath;
  const scope = (index.queryScope ?? 'COLLECTION') === 'COLLECTION' ? '' : ' (group)';
  return `${index.collectionGroup}${scope}(${index.fields.map(field).join(', ')})`;
}
