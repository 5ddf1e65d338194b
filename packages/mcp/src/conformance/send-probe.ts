import { probeBody, type HttpExchange, type HttpProbe } from '@mcptest/core';
import type { SessionFetch } from '../session';

/** Time one raw probe may take, answer included, unless the run gives its own request timeout. */
const DEFAULT_PROBE_TIMEOUT_MS = 10_000;

/** The JSON-RPC messages of an event-stream body, read until the one answering `id` (the stream may stay open). */
async function readEventStream(response: Response, id: number | undefined): Promise<unknown[]> {
  const messages: unknown[] = [];
  const reader = response.body?.getReader();
  if (reader === undefined) return messages;
  const decoder = new TextDecoder();
  let buffered = '';
  const take = (line: string) => {
    const data = line.trim().replace(/^data:\s*/, '');
    if (!line.trim().startsWith('data:') || data === '') return;
    try {
      messages.push(JSON.parse(data));
    } catch {
      // An event that is not JSON is not a JSON-RPC message; the verdict sees the others.
    }
  };
  const answered = () =>
    messages.some((m) => typeof m === 'object' && m !== null && 'id' in m && (m as { id: unknown }).id === id);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (value) {
        buffered += decoder.decode(value, { stream: true });
        const lines = buffered.split(/\r?\n/);
        buffered = lines.pop() ?? '';
        lines.forEach(take);
        if (id !== undefined && answered()) break;
      }
      if (done) {
        take(buffered);
        break;
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return messages;
}

/** The message answering `id`, else the last response-like one, else null. */
function answerOf(messages: readonly unknown[], id: number | undefined): unknown {
  const responses = messages.filter(
    (m): m is Record<string, unknown> => typeof m === 'object' && m !== null && ('result' in m || 'error' in m),
  );
  return responses.find((m) => m['id'] === id) ?? responses.at(-1) ?? null;
}

/**
 * Sends one raw probe (a request the MCP client never sends as it is) through the session's fetch, the SSRF-safe one:
 * the user's headers (auth) first, the probe's own over them. Never throws: a transport failure is a `failed`
 * exchange.
 */
export async function sendProbe(
  fetch: SessionFetch,
  url: string,
  userHeaders: Readonly<Record<string, string>> | undefined,
  probe: HttpProbe,
  timeoutMs: number | undefined,
): Promise<HttpExchange> {
  const headers: Record<string, string> = {};
  const own = new Set(Object.keys(probe.headers).map((name) => name.toLowerCase()));
  for (const [name, value] of Object.entries(userHeaders ?? {}))
    if (!own.has(name.toLowerCase())) headers[name] = value;
  Object.assign(headers, probe.headers);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body: probeBody(probe),
      signal: AbortSignal.timeout(timeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS),
    });
    const sessionId = response.headers.get('mcp-session-id') ?? undefined;
    const wwwAuthenticate = response.headers.get('www-authenticate') ?? undefined;
    let body: unknown = null;
    if ((response.headers.get('content-type') ?? '').includes('text/event-stream')) {
      body = answerOf(await readEventStream(response, probe.id), probe.id);
    } else {
      const text = await response.text();
      try {
        body = text === '' ? null : (JSON.parse(text) as unknown);
      } catch {
        body = null;
      }
    }
    return {
      kind: 'http',
      status: response.status,
      body,
      ...(sessionId === undefined ? {} : { sessionId }),
      ...(wwwAuthenticate === undefined ? {} : { wwwAuthenticate }),
    };
  } catch (error) {
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}
