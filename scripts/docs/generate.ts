import { readFileSync, writeFileSync } from 'node:fs';
import { renderSuiteReference, SUITE_REFERENCE_PATH } from './suite-reference';

/*
 * `npm run docs:generate`: writes the generated docs (today docs/suite-reference.md) from the schemas.
 * `npm run docs:generate -- --check` only reports whether they are stale (exit 1), for scripts that must not write.
 */

const check = process.argv.includes('--check');
const text = await renderSuiteReference();
let current: string | undefined;
try {
  current = readFileSync(SUITE_REFERENCE_PATH, 'utf8');
} catch {
  current = undefined;
}
if (current === text) {
  console.log(`${SUITE_REFERENCE_PATH} is up to date`);
} else if (check) {
  console.error(`${SUITE_REFERENCE_PATH} is stale: run npm run docs:generate`);
  process.exitCode = 1;
} else {
  writeFileSync(SUITE_REFERENCE_PATH, text);
  console.log(`wrote ${SUITE_REFERENCE_PATH}`);
}
