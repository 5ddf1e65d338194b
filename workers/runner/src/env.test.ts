// The worker's env: APP_URL follows PORT, and the process refuses to start with the development defaults where they
// are not allowed (production, or a non-loopback APP_URL without MCPTEST_ALLOW_DEV_DEFAULTS=1).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { readWorkerEnv } from './env';

const run = promisify(execFile);

describe('worker env', () => {
  it('defaults APP_URL to http://localhost:$PORT, the web app it links to', () => {
    expect(readWorkerEnv({}).APP_URL).toBe('http://localhost:3000');
    expect(readWorkerEnv({ PORT: '3005' }).APP_URL).toBe('http://localhost:3005');
    const key = `k1:${Buffer.alloc(32, 7).toString('base64')}`;
    const hosted = readWorkerEnv({ PORT: '3005', APP_URL: 'https://mcptest.example/', MCPTEST_ENCRYPTION_KEYS: key });
    expect(hosted.APP_URL).toBe('https://mcptest.example');
  });

  it('reads the test seam MCPTEST_TEST_PAUSE_AT as a list of finish steps, and refuses it in production', () => {
    expect(readWorkerEnv({}).MCPTEST_TEST_PAUSE_AT).toEqual([]);
    expect(readWorkerEnv({ MCPTEST_TEST_PAUSE_AT: 'after-commit,after-slot' }).MCPTEST_TEST_PAUSE_AT).toEqual([
      'after-commit',
      'after-slot',
    ]);
    expect(() => readWorkerEnv({ MCPTEST_TEST_PAUSE_AT: 'after-lunch' })).toThrow(/MCPTEST_TEST_PAUSE_AT/);
    const key = `k1:${Buffer.alloc(32, 7).toString('base64')}`;
    const production = { NODE_ENV: 'production', APP_URL: 'https://mcptest.example', MCPTEST_ENCRYPTION_KEYS: key };
    expect(() => readWorkerEnv({ ...production, MCPTEST_TEST_PAUSE_AT: 'after-commit' })).toThrow(/test seam/);
  });

  it('will not start on a public APP_URL with the development key and loopback reachable, and lists why', async () => {
    const failed = await run(process.execPath, ['--import', 'tsx', path.resolve('workers/runner/src/main.ts')], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'development',
        APP_URL: 'https://mcptest.example',
        MCPTEST_ENCRYPTION_KEYS: `dev:${btoa('mcptest-dev-key-never-for-prod!!')}`,
        // Nothing may be reached before the env is refused: these would fail loudly if they were tried.
        DATABASE_URL: 'postgresql://nobody@127.0.0.1:9/none',
        REDIS_URL: 'redis://127.0.0.1:9',
      },
      timeout: 60_000,
    }).catch((error: unknown) => error as { code: number; stdout: string; stderr: string });
    expect(failed).toMatchObject({ code: 1 });
    const output = `${(failed as { stdout: string }).stdout}${(failed as { stderr: string }).stderr}`;
    expect(output).toContain(
      'MCPTEST_ENCRYPTION_KEYS: key \\"dev\\" is the development key, which is public: APP_URL https://mcptest.example is not a loopback URL',
    );
    expect(output).not.toContain('worker failed to start');
  });
});
