// CodeMirror 6 set-up of the suite editor: line numbers, YAML highlighting, the lint gutter, and @codemirror/commands
// for editing (history, Enter with indentation, Tab/Shift-Tab indent; Escape then Tab leaves the editor as CodeMirror
// documents, so focus is never trapped).
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { yaml } from '@codemirror/lang-yaml';
import { bracketMatching, indentOnInput, indentUnit, syntaxHighlighting } from '@codemirror/language';
import { lintGutter } from '@codemirror/lint';
import { EditorState, type Extension, type Text } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { classHighlighter } from '@lezer/highlight';
import type { SuiteYamlDiagnostic } from '@/server/services/suites/check-suite-yaml';

/** Everything but linting and the ARIA attributes, which the component configures (they depend on its props). */
export function editorBase(readOnly: boolean): Extension[] {
  return [
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightSpecialChars(),
    drawSelection(),
    highlightActiveLine(),
    bracketMatching(),
    syntaxHighlighting(classHighlighter),
    yaml(),
    indentUnit.of('  '),
    EditorState.tabSize.of(2),
    EditorView.lineWrapping,
    lintGutter(),
    ...(readOnly
      ? [EditorState.readOnly.of(true)]
      : [history(), indentOnInput(), keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab])]),
  ];
}

/** A loader position (1-based line and column, possibly past the end) as a document offset. */
export function offsetOf(doc: Text, line: number, column: number): number {
  const target = doc.line(Math.min(Math.max(1, line), doc.lines));
  return target.from + Math.min(Math.max(0, column - 1), target.length);
}

/** The loader's problems as CodeMirror diagnostics: from the position to the end of its word (at least one char). */
export function toDiagnostics(doc: Text, problems: readonly SuiteYamlDiagnostic[]) {
  return problems.map((problem) => {
    const from = offsetOf(doc, problem.line, problem.column);
    const line = doc.lineAt(from);
    const word = /^[^\s,:{}[\]]+/.exec(doc.sliceString(from, line.to))?.[0].length ?? 0;
    const to = word > 0 ? from + word : Math.min(line.to, from + 1);
    return {
      from,
      to: Math.max(to, from),
      severity: 'error' as const,
      message: problem.hint ? `${problem.message} (${problem.hint})` : problem.message,
      source: 'mcptest',
    };
  });
}
