import { trimExcerpt } from '../excerpt';
import { fail, type Check } from '../expectation';
import { validateOutputSchema } from '../validate-output-schema';

/** output_schema: structuredContent validates against the outputSchema the tool declares in tools/list. */
export const checkOutputSchema: Check = ({ expect, observation }) => {
  if (expect.output_schema !== true) return undefined;
  const { outputSchema } = observation;
  const { structuredContent } = observation.result;
  if (outputSchema === undefined || outputSchema === null) {
    return fail(
      'output_schema',
      'a tool with an outputSchema',
      'no outputSchema',
      'output_schema: the tool declares no outputSchema',
    );
  }
  if (structuredContent === undefined || structuredContent === null) {
    return fail(
      'output_schema',
      'structuredContent matching the outputSchema',
      'none',
      'output_schema: the tool declares an outputSchema but the result has no structuredContent',
    );
  }
  const validation = validateOutputSchema(outputSchema, structuredContent);
  if (validation.ok) return undefined;
  const detail = trimExcerpt(validation.detail);
  if (validation.reason === 'invalid-schema') {
    return fail(
      'output_schema',
      'a valid outputSchema',
      detail,
      `output_schema: the tool's outputSchema is invalid: ${detail}`,
    );
  }
  return fail(
    'output_schema',
    'structuredContent matching the outputSchema',
    detail,
    `output_schema: structuredContent does not match the outputSchema: ${detail}`,
  );
};
