'use client';
import { forEachDiagnostic, linter, setDiagnostics, setDiagnosticsEffect } from '@codemirror/lint';
import { EditorSelection, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import type { SuiteYamlDiagnostic } from '@/server/services/suites/check-suite-yaml';
import { checkSuiteYamlLive } from './live-actions';
import { editorBase, toDiagnostics } from './yaml-editor-setup';
import '@/styles/suites.css';

/** How long typing must pause before the YAML is checked on the server. */
const CHECK_DELAY_MS = 400;

/** What a form does with the editor besides typing: replace the text (starter suites), read it, mark save errors. */
export interface YamlEditorHandle {
  getValue(): string;
  /** Replaces the whole text as one undoable change. */
  setValue(text: string): void;
  /** Marks the problems a save was refused for (same positions as the live check). */
  showProblems(problems: readonly SuiteYamlDiagnostic[]): void;
  focus(): void;
}

interface Problem {
  line: number;
  column: number;
  message: string;
  from: number;
}

/**
 * The suite's YAML in CodeMirror 6, checked as it is typed by the API's own validator (a server action, ~400 ms after
 * typing stops): problems are underlined at their line and column, marked in the gutter, and listed under the editor
 * as text ("line 3, column 5: …") for screen readers, each a button that moves the cursor there. Tab indents; Escape
 * then Tab leaves the editor (CodeMirror's focus escape). Before the script loads, and for the form, a textarea named
 * `name` carries the text, so the form always submits what is in the editor.
 */
export function YamlEditor({
  org,
  name = 'yaml',
  label,
  hint,
  initialValue,
  readOnly = false,
  initialProblems,
  onValid,
  ref,
}: {
  org: string;
  name?: string;
  label: string;
  hint?: string;
  initialValue: string;
  readOnly?: boolean;
  /** Problems of the last refused save, when the page renders with them. */
  initialProblems?: readonly SuiteYamlDiagnostic[];
  /** Called when the live check finds the text valid (the form then drops a save's message about the YAML). */
  onValid?: () => void;
  ref?: Ref<YamlEditorHandle>;
}) {
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const problemsId = `${id}-problems`;
  const textareaId = `${id}-fallback`;
  const host = useRef<HTMLDivElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const view = useRef<EditorView | null>(null);
  const [mounted, setMounted] = useState(false);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [checking, setChecking] = useState<'idle' | 'checking' | 'failed'>('idle');
  // The editor is created once; the latest callback is read through a ref.
  const onValidRef = useRef(onValid);
  useEffect(() => {
    onValidRef.current = onValid;
  });

  useImperativeHandle(ref, () => ({
    getValue: () => view.current?.state.doc.toString() ?? textarea.current?.value ?? '',
    setValue: (text) => {
      const v = view.current;
      if (v) v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: text }, userEvent: 'input.replace' });
      else if (textarea.current) textarea.current.value = text;
    },
    showProblems: (list) => {
      const v = view.current;
      if (v) v.dispatch(setDiagnostics(v.state, toDiagnostics(v.state.doc, list)));
    },
    focus: () => view.current?.focus(),
  }));

  // The editor is created once, from the props of the first render; later prop changes go through the handle
  // (setValue), never by recreating it (which would lose the undo history and the cursor).
  const creation = useRef({ org, hint, hintId, labelId, problemsId, initialValue, initialProblems, readOnly });

  useEffect(() => {
    if (!host.current) return;
    const { org, hint, hintId, labelId, problemsId, initialValue, initialProblems, readOnly } = creation.current;
    const describedBy = [hint ? hintId : null, readOnly ? null : problemsId].filter(Boolean).join(' ');
    const attributes = EditorView.contentAttributes.of({
      'aria-labelledby': labelId,
      // Focusable by Tab even where the browser does not count contenteditable as focusable: the scroller around it
      // must hold something the keyboard reaches (axe scrollable-region-focusable).
      tabindex: '0',
      ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      ...(readOnly ? { 'aria-readonly': 'true' } : {}),
      spellcheck: 'false',
      autocapitalize: 'off',
      autocorrect: 'off',
    });
    const lint = readOnly
      ? []
      : [
          linter(
            async (v) => {
              const doc = v.state.doc;
              setChecking('checking');
              const result = await checkSuiteYamlLive(org, doc.toString()).catch(() => null);
              if (!result || !result.ok) {
                setChecking('failed');
                return [];
              }
              setChecking('idle');
              if (!result.data?.length) onValidRef.current?.();
              return toDiagnostics(doc, result.data ?? []);
            },
            { delay: CHECK_DELAY_MS },
          ),
        ];
    const state = EditorState.create({
      doc: textarea.current?.value ?? initialValue,
      extensions: [
        editorBase(readOnly),
        lint,
        attributes,
        EditorView.updateListener.of((update) => {
          if (update.docChanged && textarea.current) textarea.current.value = update.state.doc.toString();
          const diagnosticsChanged = update.transactions.some((tr) =>
            tr.effects.some((e) => e.is(setDiagnosticsEffect)),
          );
          if (!diagnosticsChanged && !update.docChanged) return;
          const list: Problem[] = [];
          forEachDiagnostic(update.state, (d, from) => {
            const line = update.state.doc.lineAt(from);
            list.push({ line: line.number, column: from - line.from + 1, message: d.message, from });
          });
          list.sort((a, b) => a.from - b.from);
          setProblems(list);
          // Set directly, not through contentAttributes: reconfiguring the editor would make the linter run again.
          if (list.length) update.view.contentDOM.setAttribute('aria-invalid', 'true');
          else update.view.contentDOM.removeAttribute('aria-invalid');
        }),
      ],
    });
    const created = new EditorView({ state, parent: host.current });
    view.current = created;
    if (initialProblems?.length)
      created.dispatch(setDiagnostics(created.state, toDiagnostics(created.state.doc, initialProblems)));
    setMounted(true);
    return () => {
      created.destroy();
      view.current = null;
    };
  }, []);

  const jump = (problem: Problem) => {
    const v = view.current;
    if (!v) return;
    const at = Math.min(problem.from, v.state.doc.length);
    v.dispatch({ selection: EditorSelection.cursor(at), scrollIntoView: true });
    v.focus();
  };

  return (
    <div className={`suites-editor${problems.length ? ' suites-editor-invalid' : ''}`}>
      {mounted ? (
        <span className="suites-editor-label" id={labelId} onClick={() => view.current?.focus()}>
          {label}
        </span>
      ) : (
        <label className="suites-editor-label" id={labelId} htmlFor={textareaId}>
          {label}
        </label>
      )}
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <textarea
        ref={textarea}
        id={textareaId}
        name={name}
        defaultValue={initialValue}
        readOnly={readOnly}
        hidden={mounted}
        aria-hidden={mounted || undefined}
        tabIndex={mounted ? -1 : undefined}
        rows={20}
        spellCheck={false}
        className="suites-editor-fallback"
        aria-describedby={hint ? hintId : undefined}
      />
      <div ref={host} className="suites-editor-host" hidden={!mounted} />
      {readOnly ? null : (
        <div className="suites-problems" id={problemsId}>
          <p className="suites-problems-summary" aria-live="polite">
            {!mounted
              ? ''
              : checking === 'failed'
                ? 'Could not check the YAML just now; it is checked again when you save.'
                : problems.length === 0
                  ? checking === 'checking'
                    ? 'Checking…'
                    : 'No problems found.'
                  : `${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} in the YAML:`}
          </p>
          {problems.length ? (
            <ol className="suites-problems-list">
              {problems.map((problem) => (
                <li key={`${problem.from}-${problem.message}`}>
                  <button type="button" className="suites-problem" onClick={() => jump(problem)}>
                    <span className="suites-problem-where">
                      line {problem.line}, column {problem.column}:
                    </span>{' '}
                    {problem.message}
                  </button>
                </li>
              ))}
            </ol>
          ) : null}
        </div>
      )}
    </div>
  );
}
