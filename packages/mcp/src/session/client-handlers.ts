// The test client's answers to server-initiated requests: roots/list, sampling/createMessage, elicitation/create.
// A test answers them with canned data (mcp-assert's client_capabilities) or with a handler of its own; a capability
// is declared in initialize only when it is configured, because servers such as server-everything register tools
// conditionally on what the client declares.
import type { Client as V2Client } from '@modelcontextprotocol/client';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  type ClientCapabilities,
  type CreateMessageRequest,
  type CreateMessageResult,
  type ElicitRequest,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';

/** A root offered to the server in roots/list. */
export interface SessionRoot {
  readonly uri: string;
  readonly name?: string;
}

/** The mock LLM reply to sampling/createMessage. */
export interface CannedSampling {
  readonly text: string;
  /** Reported model name (default "mock", as mcp-assert). */
  readonly model?: string;
  /** Reported stop reason (default "end_turn", as mcp-assert). */
  readonly stopReason?: string;
}

/** Computes the reply to sampling/createMessage from the server's request. */
export type SamplingHandler = (
  params: CreateMessageRequest['params'],
) => CreateMessageResult | Promise<CreateMessageResult>;

/** The preset reply to elicitation/create. */
export interface CannedElicitation {
  /** Default "accept". */
  readonly action?: 'accept' | 'decline' | 'cancel';
  /** The form values returned with "accept" (default `{}`); ignored for decline and cancel. */
  readonly content?: Record<string, string | number | boolean | string[]> | undefined;
}

/** Computes the reply to elicitation/create from the server's request. */
export type ElicitationHandler = (params: ElicitRequest['params']) => ElicitResult | Promise<ElicitResult>;

/** What the test client offers the server; each field, when present, also declares the capability. */
export interface SessionClientCapabilities {
  readonly roots?: readonly SessionRoot[];
  readonly sampling?: CannedSampling | SamplingHandler;
  readonly elicitation?: CannedElicitation | ElicitationHandler;
}

/** The `capabilities` object sent in initialize for the configured mocks. */
export function declaredCapabilities(mocks: SessionClientCapabilities | undefined): ClientCapabilities {
  return {
    // We never send roots/list_changed, so we do not claim to.
    ...(mocks?.roots ? { roots: { listChanged: false } } : {}),
    ...(mocks?.sampling ? { sampling: {} } : {}),
    // An empty object means form mode (the spec's backwards-compatible default).
    ...(mocks?.elicitation ? { elicitation: {} } : {}),
  };
}

function cannedSampling(reply: CannedSampling): CreateMessageResult {
  return {
    role: 'assistant',
    content: { type: 'text', text: reply.text },
    model: reply.model ?? 'mock',
    stopReason: reply.stopReason ?? 'end_turn',
  };
}

function cannedElicitation(reply: CannedElicitation): ElicitResult {
  const action = reply.action ?? 'accept';
  return action === 'accept' ? { action, content: { ...reply.content } } : { action };
}

/** Installs the request handlers for the configured mocks; call before `client.connect`. */
export function installClientHandlers(client: Client, mocks: SessionClientCapabilities | undefined): void {
  const roots = mocks?.roots;
  if (roots) {
    client.setRequestHandler(ListRootsRequestSchema, () => ({
      roots: roots.map((root) => ({ uri: root.uri, ...(root.name === undefined ? {} : { name: root.name }) })),
    }));
  }
  const sampling = mocks?.sampling;
  if (sampling) {
    client.setRequestHandler(CreateMessageRequestSchema, (request) =>
      typeof sampling === 'function' ? sampling(request.params) : cannedSampling(sampling),
    );
  }
  const elicitation = mocks?.elicitation;
  if (elicitation) {
    client.setRequestHandler(ElicitRequestSchema, (request) =>
      typeof elicitation === 'function' ? elicitation(request.params) : cannedElicitation(elicitation),
    );
  }
}

/**
 * The same answers for the SDK v2 client (modern era), which registers handlers by method name. In 2026-07-28 a
 * server asks for input with an input_required result; the v2 client answers it through these same handlers.
 */
export function installModernClientHandlers(client: V2Client, mocks: SessionClientCapabilities | undefined): void {
  const roots = mocks?.roots;
  if (roots) {
    client.setRequestHandler('roots/list', () => ({
      roots: roots.map((root) => ({ uri: root.uri, ...(root.name === undefined ? {} : { name: root.name }) })),
    }));
  }
  const sampling = mocks?.sampling;
  if (sampling) {
    client.setRequestHandler('sampling/createMessage', async (request) => {
      const params = request.params as CreateMessageRequest['params'];
      return (typeof sampling === 'function' ? await sampling(params) : cannedSampling(sampling)) as never;
    });
  }
  const elicitation = mocks?.elicitation;
  if (elicitation) {
    client.setRequestHandler('elicitation/create', async (request) => {
      const params = request.params as ElicitRequest['params'];
      return (typeof elicitation === 'function' ? await elicitation(params) : cannedElicitation(elicitation)) as never;
    });
  }
}
