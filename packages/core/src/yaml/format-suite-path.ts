type Segment = string | number;

/** `assertions[2].assert.expect`; keys that are not plain identifiers are quoted (`json_path["$.a"]`). */
export function formatSuitePath(path: readonly Segment[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (/^[A-Za-z_][\w-]*$/.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}
