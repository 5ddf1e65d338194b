// What `npm start` and `npm test` show of npm's install output: the EBADENGINE and install-scripts warnings that looked
// like failures to a new user are folded into notes; every other line (real warnings, errors) passes through.
import { describe, expect, it } from 'vitest';
import { foldEngineWarnings } from '../../scripts/lib/setup.mjs';

const NPM_STDERR = [
  'npm warn EBADENGINE Unsupported engine {',
  "npm warn EBADENGINE   package: 'jsonpath-plus@11.3.0',",
  "npm warn EBADENGINE   required: { node: '>=22' },",
  "npm warn EBADENGINE   current: { node: 'v20.20.2', npm: '11.6.2' }",
  'npm warn EBADENGINE }',
  'npm warn install-scripts 2 packages have install scripts not yet covered by allowScripts:',
  'npm warn install-scripts   esbuild@0.28.2 (postinstall: node install.js)',
  'npm warn install-scripts   @prisma/engines@7.10.1 (postinstall: node scripts/postinstall.js)',
  'npm warn install-scripts',
  'npm warn install-scripts Run `npm install-scripts ls` to review, or `npm install-scripts approve <pkg>` to allow.',
  'npm warn deprecated glob@7.2.3: Glob versions prior to v9 are no longer supported',
  'npm error code ENOSPC',
].join('\n');

describe('foldEngineWarnings', () => {
  it('folds the engine and install-scripts warnings and keeps every other line', () => {
    const folded = foldEngineWarnings(NPM_STDERR);
    expect(folded.packages).toEqual(['jsonpath-plus@11.3.0']);
    expect(folded.skippedScripts).toEqual(['esbuild@0.28.2', '@prisma/engines@7.10.1']);
    expect(folded.kept).toBe(
      'npm warn deprecated glob@7.2.3: Glob versions prior to v9 are no longer supported\nnpm error code ENOSPC',
    );
  });

  it('keeps output without those warnings as it was', () => {
    expect(foldEngineWarnings('npm error code E404\n')).toEqual({
      kept: 'npm error code E404',
      packages: [],
      skippedScripts: [],
    });
  });
});
