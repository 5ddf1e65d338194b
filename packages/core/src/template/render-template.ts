/**
 * Template substitution for suite values: `{{fixture}}`, `{{captured_name}}` and `${ENV}`.
 *
 * mcp-assert replaces `{{fixture}}` and captured names in argument strings (recursively through arrays and maps) and
 * expands `${VAR}` / `$VAR` with os.ExpandEnv in server env and headers, where an unset variable becomes "". We keep
 * its syntax and differ on purpose where silence hides mistakes:
 * - an unknown `{{name}}`, a `{{fixture}}` without a fixture directory, and an unset `${VAR}` are errors, not left in
 *   place or blanked (a header of "Bearer " fails far from its cause);
 * - `${VAR:-default}` gives a default (used when VAR is unset or empty, as in the shell);
 * - a string that is exactly one `{{name}}` takes the captured value with its JSON type, so a numeric id captured
 *   from a setup call goes back as a number; embedded in a longer string, it is stringified (objects as JSON).
 */

/** What templates can refer to. */
export interface TemplateVars {
  /** The fixture directory, for `{{fixture}}`; undefined when the run has none (hosted runs). */
  fixture?: string | undefined;
  /** Values captured by setup steps, by capture name. */
  captured: Readonly<Record<string, unknown>>;
  /** The environment for `${VAR}`. */
  env: Readonly<Record<string, string | undefined>>;
}

/** Why a template could not be rendered. `path` locates the string inside the rendered value (`paths[1]`, '' = root). */
export interface TemplateError {
  code: 'unknown_variable' | 'no_fixture' | 'unset_env' | 'invalid_env_reference';
  /** The variable name as written. */
  name: string;
  path: string;
  message: string;
}

export type RenderTemplateResult = { ok: true; value: unknown } | { ok: false; error: TemplateError };
export type ExpandEnvResult = { ok: true; value: string } | { ok: false; error: TemplateError };

/** `$${` (escape for a literal `${`), `{{ident}}`, or `${...}`. Non-identifier `{{.X}}` is left alone as literal text. */
const TEMPLATE_TOKEN = /\$\$\{|\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}|\$\{([^}]*)\}/g;
const WHOLE_PLACEHOLDER = /^\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}$/;
/** For headers and server env: also bare `$VAR` (mcp-assert's os.ExpandEnv accepts it) and `$$` for a literal `$`. */
const ENV_TOKEN = /\$\$|\$\{([^}]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;
const ENV_REFERENCE = /^([A-Za-z_][A-Za-z0-9_]*)(?::-(.*))?$/s;

/** `{{fixture}}` as the renderer recognizes it (spaces inside the braces allowed). */
const FIXTURE_PLACEHOLDER = /\{\{\s*fixture\s*\}\}/;

/** Whether `text` holds a `{{fixture}}` placeholder (the fixture directory exists only where the CLI runs). */
export function mentionsFixture(text: string): boolean {
  return FIXTURE_PLACEHOLDER.test(text);
}

/**
 * Renders every string in a JSON value (object keys included, arrays and nested objects walked) without mutating it.
 * Non-string leaves are returned as they are. Stops at the first error. Never throws.
 */
export function renderTemplate(value: unknown, vars: TemplateVars): RenderTemplateResult {
  const walked = walk(value, vars, '');
  return 'error' in walked ? { ok: false, error: walked.error } : { ok: true, value: walked.value };
}

/**
 * Expands `${VAR}`, `${VAR:-default}` and `$VAR` in one string, for server headers and env; `$$` is a literal `$`.
 * A `$` not followed by a name or `{` stays as it is (`$5`). An unset variable without a default is an error.
 */
export function expandEnv(text: string, env: Readonly<Record<string, string | undefined>>): ExpandEnvResult {
  let failure: TemplateError | undefined;
  const value = text.replace(ENV_TOKEN, (token, braced: string | undefined, bare: string | undefined) => {
    if (failure !== undefined) return token;
    if (token === '$$') return '$';
    const resolved = resolveEnv(braced ?? bare ?? '', braced !== undefined, env, '');
    if ('error' in resolved) {
      failure = resolved.error;
      return token;
    }
    return resolved.value;
  });
  return failure === undefined ? { ok: true, value } : { ok: false, error: failure };
}

type Walked = { value: unknown } | { error: TemplateError };

function walk(value: unknown, vars: TemplateVars, path: string): Walked {
  if (typeof value === 'string') return renderString(value, vars, path);
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const [i, item] of value.entries()) {
      const walked = walk(item, vars, `${path}[${i}]`);
      if ('error' in walked) return walked;
      out.push(walked.value);
    }
    return { value: out };
  }
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const childPath = path === '' ? key : `${path}.${key}`;
      // Keys are rendered too: mcp-assert substitutes {{fixture}} in file_contains paths, which are map keys.
      const renderedKey = renderString(key, vars, childPath);
      if ('error' in renderedKey) return renderedKey;
      const walked = walk(item, vars, childPath);
      if ('error' in walked) return walked;
      out[stringify(renderedKey.value)] = walked.value;
    }
    return { value: out };
  }
  return { value };
}

function renderString(text: string, vars: TemplateVars, path: string): Walked {
  const whole = WHOLE_PLACEHOLDER.exec(text);
  if (whole?.[1] !== undefined) return lookupVariable(whole[1], vars, path);

  let failure: TemplateError | undefined;
  const value = text.replace(TEMPLATE_TOKEN, (token, name: string | undefined, envRef: string | undefined) => {
    if (failure !== undefined) return token;
    if (token === '$${') return '${';
    const resolved =
      name !== undefined ? lookupVariable(name, vars, path) : resolveEnv(envRef ?? '', true, vars.env, path);
    if ('error' in resolved) {
      failure = resolved.error;
      return token;
    }
    return stringify(resolved.value);
  });
  return failure === undefined ? { value } : { error: failure };
}

function lookupVariable(name: string, vars: TemplateVars, path: string): Walked {
  if (name === 'fixture') {
    if (vars.fixture !== undefined) return { value: vars.fixture };
    return {
      error: {
        code: 'no_fixture',
        name,
        path,
        message: `{{fixture}} is used${at(path)} but this run has no fixture directory (pass --fixture)`,
      },
    };
  }
  if (Object.hasOwn(vars.captured, name)) return { value: vars.captured[name] };
  const available = [...(vars.fixture !== undefined ? ['fixture'] : []), ...Object.keys(vars.captured)];
  const list = available.length > 0 ? available.join(', ') : 'none; capture values in a setup step first';
  return {
    error: {
      code: 'unknown_variable',
      name,
      path,
      message: `unknown template variable {{${name}}}${at(path)} (available: ${list})`,
    },
  };
}

function resolveEnv(
  reference: string,
  braced: boolean,
  env: Readonly<Record<string, string | undefined>>,
  path: string,
): { value: string } | { error: TemplateError } {
  const parsed = ENV_REFERENCE.exec(reference);
  const name = parsed?.[1];
  if (name === undefined) {
    return {
      error: {
        code: 'invalid_env_reference',
        name: reference,
        path,
        message: `invalid environment reference \${${reference}}${at(path)}: expected \${NAME} or \${NAME:-default} (write $\${ for a literal \${)`,
      },
    };
  }
  const fallback = braced ? parsed?.[2] : undefined;
  const value = env[name];
  if (fallback !== undefined && (value === undefined || value === '')) return { value: fallback };
  if (value !== undefined) return { value };
  return {
    error: {
      code: 'unset_env',
      name,
      path,
      message: `environment variable ${name} is not set${at(path)} (set it, or write \${${name}:-default})`,
    },
  };
}

/** How a substituted value reads inside a longer string: strings as is, everything else as JSON. */
function stringify(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? String(value);
}

function at(path: string): string {
  return path === '' ? '' : ` at ${path}`;
}
