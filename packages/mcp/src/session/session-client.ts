// What an McpSession needs from an SDK client, and the adapter that gives it the SDK v2 client
// (`@modelcontextprotocol/client`, which speaks 2026-07-28). The 2025-era v1 Client already has this shape. The
// adapter translates v2's errors into the v1 shapes the session maps to SessionError (McpError codes for timeouts,
// closed connections and JSON-RPC errors), so a request fails with the same codes and wording in both eras.
import {
  type Client as V2Client,
  type DiscoverResult,
  ProtocolError as V2ProtocolError,
  SdkError as V2SdkError,
  SdkErrorCode as V2SdkErrorCode,
} from '@modelcontextprotocol/client';
import type { AnySchema } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { ErrorCode, McpError, type Implementation, type ServerCapabilities } from '@modelcontextprotocol/sdk/types.js';

/**
 * A modern server's `server/discover` result as the SDK v2 client keeps it: what a later session on the same server
 * and headers adopts instead of asking again (OpenSessionOptions.priorDiscovery).
 */
export type ServerDiscovery = DiscoverResult;

/** The part of an SDK client an McpSession uses. */
export interface SessionClient {
  request(
    request: { method: string; params?: Record<string, unknown> },
    resultSchema: AnySchema,
    options?: RequestOptions,
  ): Promise<unknown>;
  getServerVersion(): Implementation | undefined;
  getServerCapabilities(): ServerCapabilities | undefined;
  getInstructions(): string | undefined;
  close(): Promise<void>;
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  /**
   * Opens a `subscriptions/listen` stream (2026-07-28 only: the v1 client has none, a 2025 server sends change
   * notifications unsolicited). Resolves once the server acknowledged it, with what it agreed to send.
   */
  listen?(filter: ListenFilter, options?: RequestOptions): Promise<ListenSubscription>;
}

/** What a `subscriptions/listen` stream asks for (the 2026-07-28 schema's `SubscriptionFilter`). */
export interface ListenFilter {
  readonly toolsListChanged?: boolean;
  readonly promptsListChanged?: boolean;
  readonly resourcesListChanged?: boolean;
  /** Replaces the 2025 `resources/subscribe`: `notifications/resources/updated` for these URIs. */
  readonly resourceSubscriptions?: readonly string[];
}

/** An open `subscriptions/listen` stream. */
export interface ListenSubscription {
  /** The part of the filter the server agreed to honour (its `notifications/subscriptions/acknowledged`). */
  readonly honored: ListenFilter;
  /** Ends the stream (aborts it and sends notifications/cancelled); idempotent. */
  close(): Promise<void>;
  /** How it ended: `local` (closed by us), `graceful` (the server's empty result), `remote` (dropped). */
  readonly closed: Promise<'local' | 'graceful' | 'remote'>;
}

/** The v2 client behind the SessionClient shape. */
export class ModernSessionClient implements SessionClient {
  constructor(readonly client: V2Client) {}

  set onclose(handler: (() => void) | undefined) {
    if (handler === undefined) delete this.client.onclose;
    else this.client.onclose = handler;
  }

  get onclose(): (() => void) | undefined {
    return this.client.onclose;
  }

  set onerror(handler: ((error: Error) => void) | undefined) {
    if (handler === undefined) delete this.client.onerror;
    else this.client.onerror = handler;
  }

  get onerror(): ((error: Error) => void) | undefined {
    return this.client.onerror;
  }

  async request(
    request: { method: string; params?: Record<string, unknown> },
    resultSchema: AnySchema,
    options?: RequestOptions,
  ): Promise<unknown> {
    try {
      // The session's result schemas are zod schemas, which v2 takes as Standard Schema.
      return await this.client.request(request as never, resultSchema as never, options as never);
    } catch (error) {
      throw fromV2Error(error);
    }
  }

  getServerVersion(): Implementation | undefined {
    return this.client.getServerVersion() as Implementation | undefined;
  }

  getServerCapabilities(): ServerCapabilities | undefined {
    return this.client.getServerCapabilities() as ServerCapabilities | undefined;
  }

  getInstructions(): string | undefined {
    return this.client.getInstructions();
  }

  /** The revision the v2 client negotiated (2026-07-28 in the modern era). */
  negotiatedProtocolVersion(): string | undefined {
    return this.client.getNegotiatedProtocolVersion();
  }

  async listen(filter: ListenFilter, options?: RequestOptions): Promise<ListenSubscription> {
    try {
      const { resourceSubscriptions, ...lists } = filter;
      const subscription = await this.client.listen(
        {
          ...lists,
          ...(resourceSubscriptions === undefined ? {} : { resourceSubscriptions: [...resourceSubscriptions] }),
        },
        options as never,
      );
      return {
        // The SDK types optional fields as `T | undefined`; the acknowledgement is passed on as the server sent it.
        honored: subscription.honoredFilter as ListenFilter,
        close: () => subscription.close(),
        closed: subscription.closed,
      };
    } catch (error) {
      throw fromV2Error(error);
    }
  }

  close(): Promise<void> {
    return this.client.close();
  }
}

/** A v2 error in the v1 shape the session maps; anything else passes through unchanged. */
export function fromV2Error(error: unknown): unknown {
  if (error instanceof V2ProtocolError) return new McpError(error.code, error.message, error.data);
  if (error instanceof V2SdkError) {
    switch (error.code) {
      case V2SdkErrorCode.RequestTimeout:
        return new McpError(ErrorCode.RequestTimeout, error.message, error.data);
      case V2SdkErrorCode.ConnectionClosed:
        return new McpError(ErrorCode.ConnectionClosed, error.message, error.data);
      case V2SdkErrorCode.InvalidResult: {
        // Reported like v1's zod failure, so the session says "the answer to ... is not valid MCP: ...".
        const issues = (error.data as { issues?: unknown } | undefined)?.issues;
        return Object.assign(new Error(error.message), {
          issues: Array.isArray(issues) && issues.length > 0 ? issues : [{ path: [], message: error.message }],
        });
      }
      default:
        return error;
    }
  }
  return error;
}
