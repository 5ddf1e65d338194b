// `NODE_ENV=production npm start` builds the web app once and reuses the build until its sources change
// (scripts/lib/web-build.mjs). Checked on a build folder of the test's own that holds only the two files the check
// reads, so no `next build` (minutes) runs here: a current build is reused, a stale or missing one is not.
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureWebBuild, webBuildFingerprint, webBuildState } from '../../scripts/lib/web-build.mjs';

const distDir = `.next-build-check-${randomBytes(4).toString('hex')}`;
const dir = path.resolve('apps/web', distDir);

afterEach(() => rmSync(dir, { recursive: true, force: true }));

function fakeBuild(fingerprint: string) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'BUILD_ID'), 'test\n');
  writeFileSync(path.join(dir, 'mcptest-build-fingerprint'), `${fingerprint}\n`);
}

describe('the production build is made once', () => {
  it('a build of the current sources is reused: ensureWebBuild returns without building', async () => {
    fakeBuild(webBuildFingerprint());
    expect(webBuildState(distDir)).toMatchObject({ current: true, exists: true });
    const lines: string[] = [];
    // Resolves true only after running `next build`; the fake folder has no app to serve, so a build would also fail.
    await expect(ensureWebBuild({ distDir, quiet: true, log: (line: string) => lines.push(line) })).resolves.toBe(
      false,
    );
    expect(lines).toEqual([]);
  });

  it('a build of other sources, or a folder without BUILD_ID, is not current', () => {
    fakeBuild('0'.repeat(64));
    expect(webBuildState(distDir)).toMatchObject({ current: false, exists: true });
    rmSync(path.join(dir, 'BUILD_ID'));
    expect(webBuildState(distDir)).toMatchObject({ current: false, exists: false });
  });

  it('the fingerprint covers the build options as well as the sources', () => {
    expect(webBuildFingerprint()).toBe(webBuildFingerprint({ local: true }));
    expect(webBuildFingerprint({ local: false })).not.toBe(webBuildFingerprint({ local: true }));
  });
});
