'use client';
import Link from 'next/link';
import { useActionState, useEffect, useRef, useState, useTransition, type ReactNode } from 'react';
import { fieldError, type ActionState } from '@/lib/action-state';
import type { SchedulePreview } from '@/server/services/suites/preview-schedule';
import { describedBy, Field } from '@/components/field';
import { submitKeepingValues } from '@/components/kept-form';
import { FormMessage } from '@/components/form-message';
import { SubmitButton } from '@/components/submit-button';
import { starterSuiteLive } from './live-actions';
import { ScheduleFields } from './schedule-fields';
import { serverOptionLabel, type SuiteFormServer } from './server-options';
import { YamlEditor, type YamlEditorHandle } from './yaml-editor';
import '@/styles/suites.css';

export type { SuiteFormServer } from './server-options';

type SuiteAction = (previous: ActionState<unknown>, form: FormData) => Promise<ActionState<unknown>>;

/**
 * The suite form of the new-suite and editor pages: name, server, the YAML editor (checked live, and again by the
 * save), and on the new page an optional schedule. On the new page, the example in the editor follows the chosen
 * server until it is edited, and "Generate a starter suite" fills it with one test per discovered tool.
 */
export function SuiteForm({
  org,
  mode,
  action,
  hidden,
  servers,
  initial,
  zones = [],
  submitLabel,
  notice,
  secondarySubmit,
}: {
  org: string;
  mode: 'new' | 'edit';
  action: SuiteAction;
  /** Hidden fields besides `org` (projectId, suiteId). */
  hidden: Record<string, string>;
  servers: readonly SuiteFormServer[];
  initial: { name: string; serverId: string; yaml: string; timezone?: string; preview?: SchedulePreview | null };
  zones?: readonly string[];
  submitLabel: string;
  /** A message for the top of the form (e.g. why the starter suite could not be generated). */
  notice?: ReactNode;
  /** A second submit button (the editor's "Save and run"): sends `intent=<intent>` with the form, to the same action. */
  secondarySubmit?: { label: string; pendingText: string; intent: string };
}) {
  const [state, formAction] = useActionState(action, null);
  const editor = useRef<YamlEditorHandle>(null);
  const [serverId, setServerId] = useState(initial.serverId);
  const [generated, setGenerated] = useState<ReactNode>(notice ?? null);
  const [pending, startTransition] = useTransition();
  /** The example last put in the editor: while the text is still exactly that, choosing a server replaces it. */
  const example = useRef(initial.yaml);

  useEffect(() => {
    if (state && !state.ok && state.error.positions?.length) editor.current?.showProblems(state.error.positions);
  }, [state]);

  // A save refused for its YAML (e.g. an empty suite) keeps its message only until the live check finds the YAML
  // valid: a message about text that was since fixed reads as if the fix did not work.
  const [fixedFor, setFixedFor] = useState<ActionState<unknown>>(null);
  const yamlFixed = state !== null && fixedFor === state;
  const shownState = yamlFixed && yamlOnlyError(state) ? null : state;

  const server = servers.find((s) => s.id === serverId);
  const nameError = fieldError(state, 'name');
  const serverError = fieldError(state, 'serverId');
  const yamlError = yamlFixed ? undefined : fieldError(state, 'yaml');

  const chooseServer = (id: string) => {
    setServerId(id);
    if (mode !== 'new' || editor.current?.getValue() !== example.current) return;
    startTransition(async () => {
      const result = await starterSuiteLive(org, id, 'example');
      if (result?.ok && result.data?.yaml && editor.current?.getValue() === example.current) {
        example.current = result.data.yaml;
        editor.current.setValue(result.data.yaml);
      }
    });
  };

  const generate = () => {
    startTransition(async () => {
      const result = await starterSuiteLive(org, serverId, 'starter');
      if (!result?.ok || !result.data) {
        setGenerated(
          <span role="alert">{result && !result.ok ? result.error.message : 'Could not generate a suite.'}</span>,
        );
        return;
      }
      const starter = result.data;
      if (!starter.discovered) {
        setGenerated(
          <>
            {starter.serverName} has not been discovered yet: discover the server first, then generate its starter
            suite. <Link href={`/o/${org}/servers/${serverId}`}>Open {starter.serverName}</Link>
          </>,
        );
        return;
      }
      editor.current?.setValue(starter.yaml);
      example.current = starter.yaml;
      setGenerated(
        <>
          Replaced the editor with a starter suite of {starter.tools} {starter.tools === 1 ? 'test' : 'tests'} (one per
          tool{starter.needsReview ? `; ${starter.needsReview} destructive skipped until reviewed` : ''}). Ctrl+Z (⌘Z)
          undoes it.
        </>,
      );
    });
  };

  return (
    // Without React's reset: after a refused save the form must still send what the editor shows (a reset put the
    // hidden YAML field back to the text the page was opened with while the editor kept the user's text).
    <form
      action={formAction}
      onSubmit={submitKeepingValues(formAction)}
      className="form suites-form"
      aria-label={mode === 'new' ? 'New suite' : 'Edit suite'}
    >
      <input type="hidden" name="org" value={org} />
      {Object.entries(hidden).map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <Field
        id="suite-name"
        label="Suite name"
        hint={
          <>
            What it checks, e.g. “weather tools answer”. This is the suite’s one name here: a <code>name:</code> in the
            YAML is ignored by mcptest (the CLI uses it when it runs the file on its own).
          </>
        }
        error={nameError}
      >
        <input
          id="suite-name"
          name="name"
          required
          maxLength={200}
          defaultValue={initial.name}
          {...describedBy('suite-name', { hint: true, error: nameError })}
        />
      </Field>
      <Field
        id="suite-server"
        label="Server"
        hint={
          server && !server.discovered ? (
            <>
              Not discovered yet: <Link href={`/o/${org}/servers/${server.id}`}>discover its tools</Link> to get an
              example and a starter suite made from them.
            </>
          ) : (
            'The MCP server this suite runs against.'
          )
        }
        error={serverError}
      >
        <div className="suites-server-row">
          <select
            id="suite-server"
            name="serverId"
            value={serverId}
            onChange={(e) => chooseServer(e.target.value)}
            {...describedBy('suite-server', { hint: true, error: serverError })}
          >
            {servers.map((s) => (
              <option key={s.id} value={s.id}>
                {serverOptionLabel(s)}
              </option>
            ))}
          </select>
          {mode === 'new' ? (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={generate}
              disabled={pending}
              aria-busy={pending}
            >
              {pending ? 'Generating…' : 'Generate a starter suite'}
            </button>
          ) : null}
        </div>
      </Field>
      <p className="suites-form-notice" aria-live="polite">
        {generated}
      </p>
      <YamlEditor
        ref={editor}
        org={org}
        label="Suite YAML"
        hint="Checked as you type with the same rules as saving. Tab indents; press Esc then Tab to leave the editor."
        initialValue={initial.yaml}
        onValid={() => setFixedFor(state)}
      />
      {yamlError && !(state && !state.ok && state.error.positions?.length) ? (
        <p className="field-error" role="alert">
          {yamlError}
        </p>
      ) : null}
      {mode === 'new' ? (
        <details
          className="suites-form-schedule"
          open={fieldError(state, 'schedule') || fieldError(state, 'timezone') ? true : undefined}
        >
          <summary>Run it on a schedule (optional)</summary>
          <ScheduleFields
            org={org}
            zones={zones}
            initialCron=""
            initialTimezone={initial.timezone ?? 'UTC'}
            optional
            errors={{ schedule: fieldError(state, 'schedule'), timezone: fieldError(state, 'timezone') }}
          />
        </details>
      ) : null}
      <FormMessage state={shownState} />
      <SubmitButton pendingText="Saving…">{submitLabel}</SubmitButton>
      {secondarySubmit ? (
        <>
          {' '}
          <SubmitButton
            variant="secondary"
            name="intent"
            value={secondarySubmit.intent}
            pendingText={secondarySubmit.pendingText}
          >
            {secondarySubmit.label}
          </SubmitButton>
        </>
      ) : null}
    </form>
  );
}

/** A refusal about the YAML alone (no other field named), which a valid YAML answers. */
function yamlOnlyError(state: ActionState<unknown>): boolean {
  if (!state || state.ok) return false;
  const fields = Object.keys(state.error.fields);
  return (fields.length > 0 && fields.every((f) => f === 'yaml')) || (state.error.positions?.length ?? 0) > 0;
}
