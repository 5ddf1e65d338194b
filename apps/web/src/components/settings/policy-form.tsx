'use client';
import { useActionState, useState } from 'react';
import { fieldError, type ActionState } from '@/lib/action-state';
import { describedBy, Field } from '@/components/field';
import { FormMessage } from '@/components/form-message';
import { SubmitButton } from '@/components/submit-button';
import { submitKeepingValues } from '@/components/kept-form';

const TOOL_CLASSES = ['ReadOnly', 'Mutating', 'Destructive'] as const;

/** The policy as the page hands it over (ExecPolicy with defaults applied), without importing @mcptest/core here. */
export interface PolicyValues {
  execute_destructive: boolean;
  max_calls?: number | undefined;
  daily_call_budget?: number | undefined;
  concurrency: number;
  call_delay_ms: number;
  annotation_trust: 'trust' | 'ignore' | 'cap';
  overrides: { tool: string; class: string }[];
  mutating_words: string[];
  destructive_words: string[];
}

/** The plan's ceilings the form mentions next to the knobs they cap. */
export interface PlanCaps {
  plan: string;
  maxCallsPerRun: number;
  dailyCalls: number;
  concurrentRuns: number;
  effectiveMaxCallsPerRun: number;
  effectiveDailyCalls: number;
}

const TRUST_MODES: { value: PolicyValues['annotation_trust']; label: string; hint: string }[] = [
  {
    value: 'trust',
    label: 'Trust (default)',
    hint: 'A tool that declares readOnlyHint, destructiveHint or an mcp.dev/effect hint is classified as it says. Undeclared tools fall back to their name.',
  },
  {
    value: 'cap',
    label: 'Cap',
    hint: 'The declaration stands unless the tool’s name sounds more dangerous; then the name wins. A server cannot talk a “delete_repo” tool into being read-only.',
  },
  {
    value: 'ignore',
    label: 'Ignore',
    hint: 'Declarations are not used at all: only your overrides and the tool’s name decide. For servers whose annotations you do not trust.',
  },
];

const number = (value: number | undefined) => (value === undefined ? '' : String(value));
const format = (n: number) => n.toLocaleString('en-US');

/**
 * The organization's execution safety policy as a form: each knob with what it does in plain words and, where the plan
 * caps it, the plan's ceiling and what applies. Read-only (a disabled fieldset, values still readable) for members
 * below ADMIN. Inputs are controlled, so a refused save keeps what was typed.
 */
export function PolicyForm<T>({
  org,
  action,
  policy,
  caps,
  canEdit,
  builtInWords,
}: {
  org: string;
  action: (previous: ActionState<T>, form: FormData) => Promise<ActionState<T>>;
  policy: PolicyValues;
  caps: PlanCaps;
  canEdit: boolean;
  builtInWords: { mutating: readonly string[]; destructive: readonly string[] };
}) {
  const [state, formAction] = useActionState(action, null);
  const [destructive, setDestructive] = useState(policy.execute_destructive);
  const [maxCalls, setMaxCalls] = useState(number(policy.max_calls));
  const [daily, setDaily] = useState(number(policy.daily_call_budget));
  const [concurrency, setConcurrency] = useState(String(policy.concurrency));
  const [delay, setDelay] = useState(String(policy.call_delay_ms));
  const [trust, setTrust] = useState(policy.annotation_trust);
  const [rows, setRows] = useState(() => policy.overrides.map((o, i) => ({ key: i, ...o })));
  const [nextKey, setNextKey] = useState(policy.overrides.length);
  const [mutatingWords, setMutatingWords] = useState(policy.mutating_words.join('\n'));
  const [destructiveWords, setDestructiveWords] = useState(policy.destructive_words.join('\n'));
  const error = (name: string) => fieldError(state, name);
  const wordsError = (name: string) =>
    state && !state.ok
      ? Object.entries(state.error.fields).find(([key]) => key === name || key.startsWith(`${name}[`))?.[1]
      : undefined;

  return (
    <form
      action={formAction}
      onSubmit={submitKeepingValues(formAction)}
      className="settings-policy"
      aria-label="Execution policy"
      noValidate
    >
      <input type="hidden" name="org" value={org} />
      <fieldset disabled={!canEdit} className="settings-fieldset">
        <legend className="sr-only">Policy knobs</legend>

        <section className="card settings-knob" aria-labelledby="knob-destructive">
          <h2 id="knob-destructive">Destructive tools</h2>
          <div className="settings-check">
            <input
              id="execute_destructive"
              name="execute_destructive"
              type="checkbox"
              checked={destructive}
              onChange={(e) => setDestructive(e.target.checked)}
              aria-describedby="execute_destructive-hint"
            />
            <label htmlFor="execute_destructive">Allow destructive tools to be called</label>
          </div>
          <p className="field-hint" id="execute_destructive-hint">
            Tools that delete, drop, purge or revoke are <strong>never called</strong> while this is off: their
            assertions are skipped with the reason, and generated tests are written but marked “review before first
            run”. When on, a suite must also opt in (
            <code>
              policy: {'{'} execute_destructive: true {'}'}
            </code>
            ), and each destructive tool is then called at most once per run, never retried.
          </p>
        </section>

        <section className="card settings-knob" aria-labelledby="knob-limits">
          <h2 id="knob-limits">How much a run may call</h2>
          <div className="settings-grid">
            <Field
              id="max_calls"
              label="Most tool calls per run"
              error={error('max_calls')}
              hint={
                <>
                  A run stops scheduling calls once it has made this many. Empty: no limit of your own. Your {caps.plan}{' '}
                  plan caps it at {format(caps.maxCallsPerRun)}; applies now:{' '}
                  <strong>{format(caps.effectiveMaxCallsPerRun)}</strong>.
                </>
              }
            >
              <input
                id="max_calls"
                name="max_calls"
                type="number"
                inputMode="numeric"
                min={1}
                placeholder="no limit of your own"
                value={maxCalls}
                onChange={(e) => setMaxCalls(e.target.value)}
                {...describedBy('max_calls', { hint: true, error: error('max_calls') })}
              />
            </Field>
            <Field
              id="daily_call_budget"
              label="Daily call budget"
              error={error('daily_call_budget')}
              hint={
                <>
                  Tool calls of all runs of this organization together per UTC day; runs that find it spent stop
                  cleanly. Empty: no budget of your own. Plan cap {format(caps.dailyCalls)}; applies now:{' '}
                  <strong>{format(caps.effectiveDailyCalls)}</strong>.
                </>
              }
            >
              <input
                id="daily_call_budget"
                name="daily_call_budget"
                type="number"
                inputMode="numeric"
                min={1}
                placeholder="no budget of your own"
                value={daily}
                onChange={(e) => setDaily(e.target.value)}
                {...describedBy('daily_call_budget', { hint: true, error: error('daily_call_budget') })}
              />
            </Field>
            <Field
              id="concurrency"
              label="Calls in flight per run"
              error={error('concurrency')}
              hint={
                <>
                  How many calls one run makes at the same time (1 to 32, default 2). Separately, your plan runs at most{' '}
                  {caps.concurrentRuns} run{caps.concurrentRuns === 1 ? '' : 's'} of this organization at once.
                </>
              }
            >
              <input
                id="concurrency"
                name="concurrency"
                type="number"
                inputMode="numeric"
                min={1}
                max={32}
                required
                value={concurrency}
                onChange={(e) => setConcurrency(e.target.value)}
                {...describedBy('concurrency', { hint: true, error: error('concurrency') })}
              />
            </Field>
            <Field
              id="call_delay_ms"
              label="Delay between calls (ms)"
              error={error('call_delay_ms')}
              hint="The least time between two HTTP requests of one run (0 to 60000, default 100), so a test never floods your server or trips its rate limits."
            >
              <input
                id="call_delay_ms"
                name="call_delay_ms"
                type="number"
                inputMode="numeric"
                min={0}
                max={60000}
                required
                value={delay}
                onChange={(e) => setDelay(e.target.value)}
                {...describedBy('call_delay_ms', { hint: true, error: error('call_delay_ms') })}
              />
            </Field>
          </div>
        </section>

        <section className="card settings-knob" aria-labelledby="knob-trust">
          <h2 id="knob-trust">How far to believe what a server says about its tools</h2>
          <p className="field-hint">
            Before any call, every tool is classified read-only, mutating or destructive. Mutating tools are called at
            most once per run; destructive ones only as above. This decides how much a server’s own annotations count.
          </p>
          <div role="radiogroup" aria-labelledby="knob-trust" className="settings-radios">
            {TRUST_MODES.map((mode) => (
              <div key={mode.value} className="settings-radio">
                <input
                  id={`annotation_trust-${mode.value}`}
                  type="radio"
                  name="annotation_trust"
                  value={mode.value}
                  checked={trust === mode.value}
                  onChange={() => setTrust(mode.value)}
                  aria-describedby={`annotation_trust-${mode.value}-hint`}
                />
                <label htmlFor={`annotation_trust-${mode.value}`}>{mode.label}</label>
                <p className="field-hint" id={`annotation_trust-${mode.value}-hint`}>
                  {mode.hint}
                </p>
              </div>
            ))}
          </div>
          {error('annotation_trust') ? (
            <p className="field-error" role="alert">
              {error('annotation_trust')}
            </p>
          ) : null}
        </section>

        <section className="card settings-knob" aria-labelledby="knob-overrides">
          <h2 id="knob-overrides">Your decisions about specific tools</h2>
          <p className="field-hint" id="overrides-hint">
            An override outranks everything the server says and every name rule. Give an exact tool name or a glob (
            <code>*</code> any run of characters, <code>?</code> one character; case-sensitive). An exact name beats a
            glob; when several globs match, the most cautious class wins.
          </p>
          {rows.length === 0 ? (
            <p className="muted">No overrides: tools are classified from what they declare and their names.</p>
          ) : null}
          <ul className="settings-overrides">
            {rows.map((row, index) => {
              const toolError = error(`overrides[${index}].tool`);
              const classError = error(`overrides[${index}].class`);
              return (
                <li key={row.key} className="settings-override">
                  <Field id={`override-${row.key}-tool`} label={`Tool ${index + 1}`} error={toolError}>
                    <input
                      id={`override-${row.key}-tool`}
                      name={`overrides[${index}].tool`}
                      value={row.tool}
                      placeholder="delete_* or get_weather"
                      onChange={(e) =>
                        setRows(rows.map((r) => (r.key === row.key ? { ...r, tool: e.target.value } : r)))
                      }
                      {...describedBy(`override-${row.key}-tool`, { error: toolError })}
                    />
                  </Field>
                  <Field id={`override-${row.key}-class`} label={`Class of tool ${index + 1}`} error={classError}>
                    <select
                      id={`override-${row.key}-class`}
                      name={`overrides[${index}].class`}
                      value={row.class}
                      onChange={(e) =>
                        setRows(rows.map((r) => (r.key === row.key ? { ...r, class: e.target.value } : r)))
                      }
                      {...describedBy(`override-${row.key}-class`, { error: classError })}
                    >
                      {TOOL_CLASSES.map((c) => (
                        <option key={c} value={c}>
                          {c}
                        </option>
                      ))}
                    </select>
                  </Field>
                  <button
                    type="button"
                    className="btn btn-secondary btn-small"
                    onClick={() => setRows(rows.filter((r) => r.key !== row.key))}
                    aria-label={`Remove override ${index + 1}${row.tool ? ` (${row.tool})` : ''}`}
                  >
                    Remove
                  </button>
                </li>
              );
            })}
          </ul>
          {canEdit ? (
            <button
              type="button"
              className="btn btn-secondary btn-small"
              onClick={() => {
                setRows([...rows, { key: nextKey, tool: '', class: 'Destructive' }]);
                setNextKey(nextKey + 1);
              }}
            >
              Add override
            </button>
          ) : null}
        </section>

        <section className="card settings-knob" aria-labelledby="knob-words">
          <h2 id="knob-words">Words that make a tool’s name sound dangerous</h2>
          <p className="field-hint">
            A tool that declares nothing is classified by the words in its name (deleteFile, delete-file and repo.delete
            all hold “delete”). Add your own words, one per line or separated by commas; several words (force-push)
            match in sequence.
          </p>
          <div className="settings-grid">
            <Field
              id="mutating_words"
              label="More mutating words"
              error={wordsError('mutating_words')}
              hint={<>Built in: {builtInWords.mutating.join(', ')}.</>}
            >
              <textarea
                id="mutating_words"
                name="mutating_words"
                rows={3}
                value={mutatingWords}
                onChange={(e) => setMutatingWords(e.target.value)}
                {...describedBy('mutating_words', { hint: true, error: wordsError('mutating_words') })}
              />
            </Field>
            <Field
              id="destructive_words"
              label="More destructive words"
              error={wordsError('destructive_words')}
              hint={<>Built in: {builtInWords.destructive.join(', ')}.</>}
            >
              <textarea
                id="destructive_words"
                name="destructive_words"
                rows={3}
                value={destructiveWords}
                onChange={(e) => setDestructiveWords(e.target.value)}
                {...describedBy('destructive_words', { hint: true, error: wordsError('destructive_words') })}
              />
            </Field>
          </div>
        </section>
      </fieldset>
      {canEdit ? (
        <div className="settings-save">
          <FormMessage state={state} success="Policy saved. Runs that start from now on use it." />
          <SubmitButton pendingText="Saving…">Save policy</SubmitButton>
        </div>
      ) : null}
    </form>
  );
}
