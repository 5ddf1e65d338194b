import { Composer, type CST, type Document, LineCounter, Parser, type YAMLError } from 'yaml';
import { formatSuitePath } from './format-suite-path';
import { documentStart } from './locate-path';
import {
  checkDocumentTree,
  findTooDeepToken,
  findUnclosedOpeners,
  openerOfError,
  type YamlProblem,
} from './yaml-guards';

/*
 * The one engine behind every YAML file mcptest reads with located errors (suites, mock servers): parse with
 * positions, refuse hostile YAML (nesting, alias bombs and cycles, quadratic duplicate keys) in linear time, and turn
 * every problem into `file:line:column` with a hint. Loaders add only what their format means.
 */

/** A YAML or schema error, located in the file. Lines and columns are 1-based. */
export interface LocatedError {
  file: string;
  line: number;
  column: number;
  /** Field path inside the document, e.g. `assert.expect.contians` or `assertions[2].timeout`; "" for the document. */
  path: string;
  message: string;
  /** A suggestion: the nearest known key, an example, the allowed values. */
  hint?: string;
  /** `local_files`: the key reads the runner's disk, refused by `refuseLocalFiles` (hosted suites). */
  code?: 'local_files';
}

type Segment = string | number;

/** Per document: one error per position and only the first few (after a syntax error the parser often cascades). */
const MAX_YAML_ERRORS_PER_DOCUMENT = 3;

const YAML_HINTS: Partial<Record<YAMLError['code'], string>> = {
  TAB_AS_INDENT: 'indent with spaces; YAML does not allow tabs',
  DUPLICATE_KEY: 'a key may appear only once in a mapping',
  BAD_INDENT: 'check the indentation against the lines above',
  BAD_ALIAS: 'an alias *name needs an anchor &name defined before it',
  MULTILINE_IMPLICIT_KEY: 'a key must fit on one line; is a `:` or quote missing above?',
  BLOCK_AS_IMPLICIT_KEY: 'is a `:` missing, or does a value contain `: ` that needs quotes?',
  MISSING_CHAR: 'a closing quote or bracket is missing',
  UNEXPECTED_TOKEN: 'a value containing `: `, `#` or starting with `[`, `{`, `*`, `&` or `@` needs quotes',
};

/**
 * Errors reported per file at most. Locating an error searches its mapping, so tens of thousands of errors (a file of
 * 40,000 unknown keys) cost quadratic time; nobody reads past the first screenful anyway.
 */
export const MAX_LOCATED_ERRORS = 100;

/** Offsets to 1-based line/column, with the file and path filled in; stops keeping errors at MAX_LOCATED_ERRORS. */
export class ErrorSink {
  readonly errors: LocatedError[] = [];
  /** The note that errors were left out, once MAX_LOCATED_ERRORS is reached. */
  overflow: LocatedError | undefined;
  constructor(
    private readonly file: string,
    private readonly lines: LineCounter,
  ) {}

  /** No more errors are kept: callers stop looking for them. */
  get full(): boolean {
    return this.errors.length >= MAX_LOCATED_ERRORS;
  }

  lineOf(offset: number): number {
    return Math.max(1, this.lines.linePos(Math.max(0, offset)).line);
  }

  add(offset: number, path: readonly Segment[], message: string, hint?: string, code?: LocatedError['code']): void {
    if (this.full) this.noteOverflow(offset);
    else this.errors.push({ ...this.locate(offset, path, message, hint), ...(code === undefined ? {} : { code }) });
  }

  /** Records, once, that errors were left out (at the first one left out). */
  noteOverflow(offset: number): void {
    this.overflow ??= this.locate(offset, [], `more errors follow; only the first ${MAX_LOCATED_ERRORS} are reported`);
  }

  /** Every error kept, by position, repeats dropped, then the overflow note if any. */
  sorted(): LocatedError[] {
    return [...sortErrors(this.errors), ...(this.overflow ? [this.overflow] : [])];
  }

  private locate(offset: number, path: readonly Segment[], message: string, hint?: string): LocatedError {
    const pos = this.lines.linePos(Math.max(0, offset));
    return {
      file: this.file,
      line: Math.max(1, pos.line),
      column: Math.max(1, pos.col),
      path: formatSuitePath(path),
      message,
      ...(hint === undefined ? {} : { hint }),
    };
  }
}

function sortErrors(errors: readonly LocatedError[]): LocatedError[] {
  const seen = new Set<string>();
  return [...errors]
    .sort((a, b) => a.line - b.line || a.column - b.column)
    .filter((e) => {
      const id = `${e.line}:${e.column}:${e.message}`;
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
}

/** A parsed file: its documents, the line table, and the sink its errors go to. */
export interface LocatedYaml {
  lines: LineCounter;
  sink: ErrorSink;
  /** Empty when the text was refused before composing (nested too deep: reported in `sink`). */
  documents: Document.Parsed[];
  /**
   * The document's JavaScript value, or undefined after reporting its YAML problems in `sink` (syntax, hostile
   * structure, a failing toJS). An empty document gives null.
   */
  valueOf(doc: Document): { value: unknown } | undefined;
}

/**
 * Parses `text` with positions, merge keys on, duplicate keys and hostile structure checked in linear time. Never
 * throws for any text.
 *
 * @param text the file's content
 * @param file the file's path as it should appear in errors
 */
export function parseLocatedYaml(text: string, file: string): LocatedYaml {
  // Line starts from the text itself: yaml's own count (the parser's newline callback) misses line breaks inside some
  // malformed tokens, which put errors past the end of their line (fuzzing found `*a%YAML 1.1\na: @`).
  const lines = new LineCounter();
  lines.addNewLine(0);
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines.addNewLine(i + 1);
  const sink = new ErrorSink(file, lines);
  // parseAllDocuments in two steps, so the nesting is checked on the (iterative) CST before the (recursive) composer
  // sees it. yaml's duplicate-key check is quadratic; checkDocumentTree does it in linear time instead. logLevel
  // 'error': yaml would otherwise print a process warning (a collection used as a key) for every such file loaded.
  const tokens = Array.from(new Parser().parse(text));
  const tooDeep = findTooDeepToken(tokens);
  if (tooDeep) {
    sink.add(tooDeep.offset, [], tooDeep.message, tooDeep.hint);
    return { lines, sink, documents: [], valueOf: () => undefined };
  }
  const documents: Document.Parsed[] = Array.from(
    new Composer({ merge: true, uniqueKeys: false, logLevel: 'error' }).compose(tokens),
  );
  /** Computed only for a file with a YAML error that may need it. */
  let openers: ReturnType<typeof findUnclosedOpeners> | undefined;
  const openersOf = (all: readonly CST.Token[]) => (openers ??= findUnclosedOpeners(all));

  const valueOf = (doc: Document): { value: unknown } | undefined => {
    const problems: YamlProblem[] = [
      ...doc.errors.map((error): YamlProblem => {
        const message = error.message.split('\n')[0] ?? error.message;
        // A bracket or quote left open: at the opener (where the fix goes), not where yaml noticed (often a line on).
        const opener = openerOfError(message, error.pos[0], openersOf(tokens));
        if (opener) {
          const closer = opener.opener === '{' ? '}' : opener.opener === '[' ? ']' : opener.opener;
          return {
            offset: opener.offset,
            message: `invalid YAML: this \`${opener.opener}\` is never closed (a \`${closer}\` is missing)`,
            hint: `add the missing \`${closer}\``,
          };
        }
        return { offset: error.pos[0], message: `invalid YAML: ${message}`, hint: YAML_HINTS[error.code] };
      }),
      ...checkDocumentTree(doc),
    ].sort((a, b) => a.offset - b.offset);
    if (problems.length > 0) {
      const positions = new Set<number>();
      for (const problem of problems) {
        if (positions.has(problem.offset) || positions.size >= MAX_YAML_ERRORS_PER_DOCUMENT) continue;
        positions.add(problem.offset);
        sink.add(problem.offset, [], problem.message, problem.hint);
      }
      return undefined;
    }
    if (doc.contents === null) return { value: null };
    try {
      return { value: doc.toJS({ maxAliasCount: 1000 }) };
    } catch (error) {
      sink.add(documentStart(doc), [], `invalid YAML: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  };
  return { lines, sink, documents, valueOf };
}

/** What a loader returns when it throws after all: a bug must still come back as data, never as a stack trace. */
export function internalLoadError(file: string, error: unknown): LocatedError {
  return {
    file,
    line: 1,
    column: 1,
    path: '',
    message: `internal error while loading: ${error instanceof Error ? error.message : String(error)}`,
    hint: 'please report this with the file',
  };
}
