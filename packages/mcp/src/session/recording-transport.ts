// A Transport wrapper between the SDK Client and the real transport. It sees every JSON-RPC message in both
// directions, which gives us three things the SDK has no hook for: the transcript the executor stores per assertion,
// an ordered capture of every server notification (progress included, which the SDK routes away from
// fallbackNotificationHandler), and a message-level size cap that also covers stdio, where no fetch-level cap exists.
// What it keeps is bounded by count and by bytes, so a server flooding small notifications cannot grow a session's
// memory (or the transcript stored with each result) past those caps.
import { randomUUID } from 'node:crypto';
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';
import { invalidAnswer } from './server-fault';

/** One JSON-RPC message in a session's transcript. */
export interface TranscriptEntry {
  /** Position in the session, from 1; shared with notifications so a `mark()` slices both. */
  readonly seq: number;
  /** Epoch milliseconds when the message passed the wrapper. */
  readonly at: number;
  readonly direction: 'sent' | 'received';
  readonly kind: 'request' | 'notification' | 'result' | 'error';
  readonly method?: string;
  readonly id?: string | number;
  /** The message itself, or a stand-in when it was over the size cap. */
  readonly message: JSONRPCMessage | OmittedMessage;
}

/** Stand-in for a message too large to keep. */
export interface OmittedMessage {
  readonly omitted: 'too_large';
  readonly bytes: number;
}

/** A server notification as captured, in arrival order. */
export interface CapturedNotification {
  readonly seq: number;
  readonly at: number;
  readonly method: string;
  readonly params: Record<string, unknown> | undefined;
}

/** What the wrapper learnt from the initialize exchange. */
export interface InitializeInfo {
  readonly protocolVersion: string;
  readonly result: Record<string, unknown>;
}

export interface RecordingTransportOptions {
  /** Largest accepted JSON size of one received message, in bytes. */
  readonly maxMessageBytes: number;
  /**
   * Transcript and notification lists keep at most this many entries each, and messages of at most twice
   * `maxMessageBytes` JSON bytes in all (so one largest answer and its request fit); the oldest are dropped first and
   * the newest entry is always kept.
   */
  readonly maxEntries: number;
  readonly now: () => number;
  readonly onNotification?: (notification: CapturedNotification) => void;
}

/** Key in a substituted error's `data`; with the per-transport marker it proves the error was ours. */
export const OVERSIZE_DATA_KEY = 'mcptestResultTooLarge';

function kindOf(message: JSONRPCMessage): TranscriptEntry['kind'] {
  if ('method' in message) return 'id' in message ? 'request' : 'notification';
  return 'error' in message ? 'error' : 'result';
}

/** A list that keeps its newest items within a count and a byte budget, dropping the oldest first. */
class RetainedList<T extends { readonly seq: number }> {
  private readonly items: T[] = [];
  private readonly sizes: number[] = [];
  private bytes = 0;

  constructor(
    private readonly maxItems: number,
    private readonly maxBytes: number,
  ) {}

  push(item: T, bytes: number): void {
    this.items.push(item);
    this.sizes.push(bytes);
    this.bytes += bytes;
    let drop = 0;
    while (this.items.length - drop > 1 && (this.items.length - drop > this.maxItems || this.bytes > this.maxBytes)) {
      this.bytes -= this.sizes[drop] ?? 0;
      drop += 1;
    }
    if (drop > 0) {
      this.items.splice(0, drop);
      this.sizes.splice(0, drop);
    }
  }

  /**
   * The items after `seq`, oldest first. Items are pushed in seq order, so a binary search finds the first one: a
   * shared session asks for each assertion's slice, and scanning the whole retained list (up to maxItems) every time
   * made that cost grow with the run.
   */
  after(seq: number): T[] {
    let low = 0;
    let high = this.items.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.items[middle]!.seq > seq) high = middle;
      else low = middle + 1;
    }
    return this.items.slice(low);
  }
}

/** Wraps `inner`; hand the wrapper (not `inner`) to `Client.connect`. */
export class RecordingTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;

  /** Per-transport secret: a server cannot forge our oversize error without knowing it. */
  readonly oversizeMarker = randomUUID();
  private readonly entries: RetainedList<TranscriptEntry>;
  private readonly captured: RetainedList<CapturedNotification>;
  private readonly waiters = new Set<(notification: CapturedNotification) => void>();
  private seq = 0;
  private initializeId: string | number | undefined;
  private initialize: InitializeInfo | undefined;

  constructor(
    readonly inner: Transport,
    private readonly options: RecordingTransportOptions,
  ) {
    const maxBytes = 2 * options.maxMessageBytes;
    this.entries = new RetainedList(options.maxEntries, maxBytes);
    this.captured = new RetainedList(options.maxEntries, maxBytes);
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
    inner.onmessage = (message, extra) => this.receive(message, extra);
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  /*
   * The SDK v2 client (modern era) asks these of its transport: whether each request has its own HTTP stream (then
   * closing that stream is how a request is cancelled), and which revisions to offer. The wrapper passes them through
   * so the client behaves as it would on the bare transport.
   */
  get hasPerRequestStream(): boolean | undefined {
    return (this.inner as { readonly hasPerRequestStream?: boolean }).hasPerRequestStream;
  }

  setSupportedProtocolVersions(versions: string[]): void {
    (this.inner as { setSupportedProtocolVersions?: (versions: string[]) => void }).setSupportedProtocolVersions?.(
      versions,
    );
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if ('method' in message && message.method === 'initialize' && 'id' in message) this.initializeId = message.id;
    this.record('sent', message, structuredClone(message), JSON.stringify(message).length);
    try {
      await this.inner.send(message, options);
    } catch (error) {
      // Streamable HTTP reads a JSON answer inside send: a body that is not JSON-RPC rejects here, as a bare
      // SyntaxError or zod error; name it so the request's failure says what the server sent.
      throw invalidAnswer(error) ?? error;
    }
  }

  /** The transcript, optionally only entries after `sinceSeq`. Messages are copies taken as they passed. */
  transcript(sinceSeq = 0): TranscriptEntry[] {
    return this.entries.after(sinceSeq);
  }

  /** Captured server notifications, optionally only after `sinceSeq`. */
  notifications(sinceSeq = 0): CapturedNotification[] {
    return this.captured.after(sinceSeq);
  }

  /** The current position; pass it as `sinceSeq` later to see only what came after. */
  mark(): number {
    return this.seq;
  }

  /** Negotiated protocol version and the raw initialize result, once the handshake answered. */
  initializeInfo(): InitializeInfo | undefined {
    return this.initialize;
  }

  /** Calls `listener` for each notification captured from now on; returns the unsubscribe function. */
  subscribe(listener: (notification: CapturedNotification) => void): () => void {
    this.waiters.add(listener);
    return () => this.waiters.delete(listener);
  }

  private receive(message: JSONRPCMessage, extra: MessageExtraInfo | undefined): void {
    const json = JSON.stringify(message);
    const bytes = Buffer.byteLength(json);
    const tooLarge = bytes > this.options.maxMessageBytes;
    // The transcript keeps its own copy: the SDK and handlers may hold on to (and touch) the delivered object.
    const entry = this.record(
      'received',
      message,
      tooLarge ? { omitted: 'too_large', bytes } : JSON.parse(json),
      tooLarge ? 0 : bytes,
    );

    if ('result' in message && message.id === this.initializeId && !tooLarge) {
      const result = message.result as Record<string, unknown>;
      if (typeof result.protocolVersion === 'string') {
        this.initialize = { protocolVersion: result.protocolVersion, result };
      }
    }

    if (tooLarge) {
      if ('id' in message && ('result' in message || 'error' in message)) {
        // Answer the waiting request with an error it can recognise instead of the oversized result.
        const limit = this.options.maxMessageBytes;
        this.onmessage?.(
          {
            jsonrpc: '2.0',
            id: message.id,
            error: {
              code: -32603,
              message: `response of ${bytes} bytes exceeds the ${limit}-byte limit`,
              data: { [OVERSIZE_DATA_KEY]: this.oversizeMarker, bytes, limit },
            },
          },
          extra,
        );
        return;
      }
      // An oversized notification is dropped; an oversized server request still goes through, so the server is
      // answered rather than left waiting (only its transcript copy is omitted).
      if (!('id' in message)) return;
    }

    if ('method' in message && !('id' in message)) {
      const notification: CapturedNotification = {
        seq: entry.seq,
        at: entry.at,
        method: message.method,
        params: message.params as Record<string, unknown> | undefined,
      };
      this.captured.push(notification, bytes);
      this.options.onNotification?.(notification);
      for (const waiter of [...this.waiters]) waiter(notification);
    }
    this.onmessage?.(message, extra);
  }

  private record(
    direction: TranscriptEntry['direction'],
    message: JSONRPCMessage,
    stored: JSONRPCMessage | OmittedMessage,
    bytes: number,
  ): TranscriptEntry {
    this.seq += 1;
    const entry: TranscriptEntry = {
      seq: this.seq,
      at: this.options.now(),
      direction,
      kind: kindOf(message),
      ...('method' in message ? { method: message.method } : {}),
      ...('id' in message && message.id !== undefined ? { id: message.id } : {}),
      message: stored,
    };
    this.entries.push(entry, bytes);
    return entry;
  }
}
