import { type z } from 'zod';

/*
 * Reading a zod schema's shape, for located errors: which keys are allowed where an unknown key was found, and the
 * words for an expected type. Shared by the loaders that map zod issues to lines (suites, mock servers).
 */

export type AnySchema = z.core.$ZodType;

/** A schema's definition, typed loosely: its fields depend on `type`. */
export function defOf(schema: AnySchema): { type: string } & Record<string, unknown> {
  return schema._zod.def as unknown as { type: string } & Record<string, unknown>;
}

/** Strips wrappers (optional, nullable, default, transform pipes, lazy) down to the schema that checks shape. */
export function unwrapSchema(schema: AnySchema): AnySchema {
  let current = schema;
  for (let i = 0; i < 32; i++) {
    const def = defOf(current);
    if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(def.type)) {
      current = def.innerType as AnySchema;
    } else if (def.type === 'pipe') {
      current = def.in as AnySchema;
    } else if (def.type === 'lazy') {
      current = (def.getter as () => AnySchema)();
    } else {
      return current;
    }
  }
  return current;
}

/** zod's expected type as the errors say it (`expected a list, got a string`). */
export const EXPECTED_TYPE_NAMES: Readonly<Record<string, string>> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'a boolean',
  array: 'a list',
  object: 'a mapping',
  record: 'a mapping',
  null: 'an empty value',
};
