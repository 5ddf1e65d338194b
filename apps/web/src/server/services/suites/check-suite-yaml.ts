import { z } from 'zod';
import { ApiError } from '@/server/api/api-error';
import { validateSuiteYaml } from './validate-suite-input';

/** The largest suite the API accepts (CreateSuiteRequest's `yaml`); checked here so the editor says so before saving. */
export const MAX_SUITE_YAML_BYTES = 512 * 1024;

/** What the editor checks: the text as typed (an empty editor is a problem to report, not a request error). */
export const CheckSuiteYamlRequest = z.object({ yaml: z.string() });
export type CheckSuiteYamlRequest = z.infer<typeof CheckSuiteYamlRequest>;

/** One problem of the suite, where the loader found it (1-based line and column), as the editor marks it. */
export interface SuiteYamlDiagnostic {
  line: number;
  column: number;
  message: string;
  /** A suggestion from the loader: the nearest known key, an example, the allowed values. */
  hint?: string;
  /** Field path inside the document (`assertions[0].assert.expect`), when the problem is a field's. */
  field?: string;
  /** `local_files`: the key reads the runner's files, which only the CLI may (hosted suites refuse it). */
  code?: string;
}

/**
 * The problems saving `yaml` would be refused for, without saving: the editor checks as people type. It runs the API's
 * own `validateSuiteYaml` (the loader the worker and the CLI use), so the editor never disagrees with a save.
 */
export function checkSuiteYaml(input: CheckSuiteYamlRequest): SuiteYamlDiagnostic[] {
  const { yaml } = CheckSuiteYamlRequest.parse(input);
  if (yaml.trim() === '') {
    return [{ line: 1, column: 1, message: 'the suite is empty', hint: 'start with `assertions:` and one item' }];
  }
  if (Buffer.byteLength(yaml, 'utf8') > MAX_SUITE_YAML_BYTES) {
    return [{ line: 1, column: 1, message: `the suite is larger than ${MAX_SUITE_YAML_BYTES / 1024} KiB` }];
  }
  try {
    validateSuiteYaml(yaml);
    return [];
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'validation_failed' || !Array.isArray(error.details))
      throw error;
    return error.details.map((detail) => ({
      line: detail.line ?? 1,
      column: detail.column ?? 1,
      message: detail.message,
      ...(typeof detail.hint === 'string' ? { hint: detail.hint } : {}),
      ...(typeof detail.field === 'string' ? { field: detail.field } : {}),
      ...(typeof detail.code === 'string' ? { code: detail.code } : {}),
    }));
  }
}
