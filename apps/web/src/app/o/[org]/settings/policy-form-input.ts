import { ExecPolicy, type ExecPolicyInput, type ToolClass } from '@mcptest/core';
import { z } from 'zod';

/** A form's fields as `formToObject` gives them: one string, or several for a repeated name. */
const FormFields = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

const OVERRIDE_FIELD = /^overrides\[(\d+)\]\.(tool|class)$/;

function one(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/** A word list typed one per line or separated by commas. */
function words(value: string | string[] | undefined): string[] {
  return one(value)
    .split(/[\n,]/)
    .map((w) => w.trim())
    .filter(Boolean);
}

/**
 * The policy form's fields → an exec policy (then checked by the same `ExecPolicy` schema the API uses, so the form
 * cannot store anything the API would refuse). Empty number fields mean "no policy limit" / "the default"; a checkbox
 * is `on` when ticked and absent otherwise; override rows are `overrides[i].tool` / `overrides[i].class`, and their
 * errors come back under those same names so each shows next to its row.
 */
export const PolicyFormInput = FormFields.transform((form, ctx): ExecPolicyInput => {
  const whole = (name: string): number | undefined => {
    const text = one(form[name]).trim();
    if (text === '') return undefined;
    if (!/^\d+$/.test(text)) {
      ctx.addIssue({ code: 'custom', path: [name], message: 'enter a whole number, or leave it empty' });
      return undefined;
    }
    return Number(text);
  };
  const rows = new Map<number, { tool: string; class: string }>();
  for (const [key, value] of Object.entries(form)) {
    const match = OVERRIDE_FIELD.exec(key);
    if (!match) continue;
    const index = Number(match[1]);
    const row = rows.get(index) ?? { tool: '', class: '' };
    row[match[2] as 'tool' | 'class'] = one(value).trim();
    rows.set(index, row);
  }
  const overrides = [...rows.entries()]
    .sort(([a], [b]) => a - b)
    // An unknown class is passed on for ExecPolicy to refuse by name.
    .map(([, row]) => ({ tool: row.tool, class: row.class as ToolClass }));
  overrides.forEach((row, index) => {
    if (row.tool === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['overrides', index, 'tool'],
        message: 'enter a tool name or a glob such as delete_*, or remove this row',
      });
    }
  });
  return {
    execute_destructive: one(form.execute_destructive) === 'on',
    max_calls: whole('max_calls'),
    daily_call_budget: whole('daily_call_budget'),
    concurrency: whole('concurrency'),
    call_delay_ms: whole('call_delay_ms'),
    // Any other word is passed on for ExecPolicy to refuse by name.
    annotation_trust: (one(form.annotation_trust) || undefined) as ExecPolicyInput['annotation_trust'],
    overrides,
    mutating_words: words(form.mutating_words),
    destructive_words: words(form.destructive_words),
  };
}).pipe(ExecPolicy);
