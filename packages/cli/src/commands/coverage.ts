// `mcptest coverage <suites...> (--url URL | --tools tools.json)`: which of a server's tools the suites assert on,
// each tool's risk phase, and the uncovered mutating and destructive tools; nothing is called but tools/list.
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import {
  AnnotationTrust,
  computeCoverage,
  coverageAssertionsOf,
  EnvError,
  ExecPolicy,
  formatCoverageText,
  toMcpAssertCoverageJson,
  type ProtocolChoice,
  type ToolDescriptor,
} from '@mcptest/core';
import { createSafeFetch, openSession } from '@mcptest/mcp';
import { parseHeaderFlags, parseProtocolFlag, PROTOCOL_FLAG_USAGE, UsageError } from '../cli-flags';
import { readCliEnv } from '../env';
import type { CliResult } from '../run-cli';
import { collectSuiteFiles, loadSuiteFiles } from '../suite-files';
import { readToolsFile } from './classify';

export const COVERAGE_USAGE = `usage: mcptest coverage <suite files or dirs...> --url URL [--transport auto|http|sse] [--protocol P] [--header "K: V"]...
       mcptest coverage <suite files or dirs...> --tools <tools.json>

Lists every tool the server lists, in risk-phase order (setup, read-only, low, medium, high),
with its class, how many assertions of the suites call it (setup steps do not count), the
mutating and destructive tools no assertion covers, and the tools whose class came only from
their name while their description speaks of changing state ("needs review"). Only tools/list is
sent to the server (docs/health.md#coverage-and-risk-phases).

Options:
  --url URL             list the live server's tools
  --tools FILE          a saved tools/list result ({"tools":[...]}) instead of --url
  --transport T         auto (default), http or sse
  ${PROTOCOL_FLAG_USAGE}
                        MCP protocol era of --url (default auto)
  --header "K: V"       a request header for the server (repeatable)
  --trust MODE          how far annotations and _meta hints are believed: trust (default), ignore, cap
  --json                print the coverage report as JSON on stdout
  --coverage-json FILE  also write mcp-assert's coverage JSON ({"total","covered","percentage",
                        "covered_tools","uncovered_tools"}) to FILE
Exit 0 when the report was made, 2 on a usage or input error.
`;

interface CoverageFlags {
  url?: string;
  tools?: string;
  transport?: string;
  protocol?: string;
  header?: string[];
  trust?: string;
  json?: boolean;
  'coverage-json'?: string;
}

/** Runs `mcptest coverage`; returns output instead of printing, like every command. */
export async function coverageCommand(args: readonly string[]): Promise<CliResult> {
  if (args.includes('-h') || args.includes('--help')) return { exitCode: 0, stdout: COVERAGE_USAGE, stderr: '' };
  const usage = (why: string): CliResult => ({
    exitCode: 2,
    stdout: '',
    stderr: `mcptest coverage: ${why}\n\n${COVERAGE_USAGE}`,
  });
  const failed = (why: string): CliResult => ({ exitCode: 2, stdout: '', stderr: `mcptest coverage: ${why}\n` });
  let values: CoverageFlags;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: [...args],
      options: {
        url: { type: 'string' },
        tools: { type: 'string' },
        transport: { type: 'string' },
        protocol: { type: 'string' },
        header: { type: 'string', multiple: true },
        trust: { type: 'string' },
        json: { type: 'boolean' },
        'coverage-json': { type: 'string' },
      },
      allowPositionals: true,
    }));
  } catch (error) {
    return usage(error instanceof Error ? error.message : String(error));
  }
  if (positionals.length === 0) return usage('no suite files given');
  if ((values.url === undefined) === (values.tools === undefined)) return usage('give either --url or --tools');
  const trust = AnnotationTrust.safeParse(values.trust ?? 'trust');
  if (!trust.success) return usage(`--trust must be trust, ignore or cap, not "${values.trust}"`);
  const policy = ExecPolicy.parse({ annotation_trust: trust.data });

  const { files, problems } = await collectSuiteFiles(positionals);
  if (problems.length > 0) return failed(problems.join('\nmcptest coverage: '));
  const loaded = await loadSuiteFiles(files);
  if (!loaded.ok) return failed(loaded.problems.join('\nmcptest coverage: '));

  let tools: ToolDescriptor[];
  if (values.tools !== undefined) {
    const read = await readToolsFile('coverage', values.tools);
    if (!read.ok) return read.result;
    tools = read.tools;
  } else {
    const listed = await listTools(values, usage);
    if (!listed.ok) return listed.result;
    tools = listed.tools;
  }

  const report = computeCoverage(
    tools,
    loaded.suites.flatMap((suite) => coverageAssertionsOf(suite)),
    policy,
  );
  const target = values['coverage-json'];
  if (target !== undefined) {
    try {
      await writeFile(target, `${JSON.stringify(toMcpAssertCoverageJson(report), null, 2)}\n`);
    } catch (error) {
      return failed(`${target}: cannot write (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  return {
    exitCode: 0,
    stdout: values.json === true ? `${JSON.stringify(report, null, 2)}\n` : formatCoverageText(report),
    stderr: '',
  };
}

/** The live server's tools/list, through the SSRF-safe fetch (as `mcptest lint --url`). */
async function listTools(
  values: CoverageFlags,
  usage: (why: string) => CliResult,
): Promise<{ ok: true; tools: ToolDescriptor[] } | { ok: false; result: CliResult }> {
  const url = values.url ?? '';
  if (!/^https?:\/\//.test(url)) return { ok: false, result: usage(`--url must be an http(s) URL, got "${url}"`) };
  const transport = values.transport ?? 'auto';
  if (transport !== 'auto' && transport !== 'http' && transport !== 'sse') {
    return { ok: false, result: usage(`--transport must be auto, http or sse, got "${transport}"`) };
  }
  let headers: Record<string, string>;
  let protocol: ProtocolChoice | undefined;
  let allowPrivateNetworks: string[];
  try {
    headers = parseHeaderFlags(values.header);
    protocol = parseProtocolFlag(values.protocol);
    allowPrivateNetworks = readCliEnv().allowPrivateNetworks;
  } catch (error) {
    if (error instanceof UsageError) return { ok: false, result: usage(error.message) };
    if (error instanceof EnvError) {
      return { ok: false, result: { exitCode: 2, stdout: '', stderr: `mcptest coverage: ${error.message}\n` } };
    }
    throw error;
  }
  const safeFetch = createSafeFetch({ allowPrivateNetworks });
  try {
    const session = await openSession({
      url,
      transport,
      ...(protocol === undefined ? {} : { protocol }),
      headers,
      fetch: safeFetch as typeof fetch,
      clientInfo: { name: 'mcptest-coverage', version: '0.1.0' },
      connectTimeoutMs: 15_000,
      requestTimeoutMs: 15_000,
    });
    try {
      const { tools } = await session.listAllTools();
      return { ok: true, tools: tools as unknown as ToolDescriptor[] };
    } finally {
      await session.close();
    }
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { ok: false, result: { exitCode: 2, stdout: '', stderr: `mcptest coverage: ${why}\n` } };
  } finally {
    await safeFetch.close();
  }
}
