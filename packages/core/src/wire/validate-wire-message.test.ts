import { describe, expect, it } from 'vitest';
import { validateWireMessage, type WireMessageInput } from './validate-wire-message';
import { WIRE_REVISIONS, type WireRevision } from './wire-finding';

const LEGACY: WireRevision[] = ['2025-06-18', '2025-11-25'];
const initialize = (revision: WireRevision) => ({
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: revision, capabilities: {}, clientInfo: { name: 'mcptest', version: '1' } },
});
const callTool = { method: 'tools/call', params: { name: 'echo', arguments: { message: 'hi' } } };
const text = { type: 'text', text: 'hi' };
// 2026-07-28 results say what they are (`resultType`), and requests carry the protocol version in `_meta`.
const meta2026 = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'mcptest', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

type Row = [name: string, input: WireMessageInput];

const valid: Row[] = [
  ...LEGACY.flatMap((revision): Row[] => [
    [`${revision} initialize request`, { revision, direction: 'sent', message: initialize(revision) }],
    [
      `${revision} tools/call request`,
      { revision, direction: 'sent', message: { jsonrpc: '2.0', id: 1, ...callTool } },
    ],
    [
      `${revision} tools/call result`,
      {
        revision,
        direction: 'received',
        message: { jsonrpc: '2.0', id: 1, result: { content: [text], isError: false } },
        request: callTool,
      },
    ],
    [
      `${revision} progress notification`,
      {
        revision,
        direction: 'received',
        message: { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1 } },
      },
    ],
    [
      `${revision} error response`,
      { revision, direction: 'received', message: { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'no' } } },
    ],
    [
      `${revision} ping result`,
      { revision, direction: 'received', message: { jsonrpc: '2.0', id: 3, result: {} }, request: { method: 'ping' } },
    ],
    [
      `${revision} elicitation answer the client sends`,
      {
        revision,
        direction: 'sent',
        message: { jsonrpc: '2.0', id: 4, result: { action: 'accept', content: { name: 'Ada' } } },
        request: { method: 'elicitation/create' },
      },
    ],
    [
      `${revision} extension notification (not in the schema: envelope only)`,
      { revision, direction: 'received', message: { jsonrpc: '2.0', method: 'x/custom', params: { any: 1 } } },
    ],
  ]),
  [
    '2025-11-25 task-augmented tools/call answered with CreateTaskResult',
    {
      revision: '2025-11-25',
      direction: 'received',
      message: {
        jsonrpc: '2.0',
        id: 5,
        result: {
          task: {
            taskId: 't1',
            status: 'working',
            createdAt: '2026-01-01T00:00:00Z',
            lastUpdatedAt: '2026-01-01T00:00:00Z',
            ttl: null,
          },
        },
      },
      request: { method: 'tools/call', params: { name: 'slow', task: { ttl: 1000 } } },
    },
  ],
  [
    '2026-07-28 tools/call request with per-request _meta',
    {
      revision: '2026-07-28',
      direction: 'sent',
      message: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', _meta: meta2026 } },
    },
  ],
  [
    // 2026-07-28's ClientNotification is a union of one, inlined: the cancel that ends a subscriptions/listen stream.
    '2026-07-28 notifications/cancelled of a listen stream',
    {
      revision: '2026-07-28',
      direction: 'sent',
      message: { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'listen:1' } },
    },
  ],
  [
    '2026-07-28 subscriptions/listen request and its acknowledgement',
    {
      revision: '2026-07-28',
      direction: 'sent',
      message: {
        jsonrpc: '2.0',
        id: 'listen:1',
        method: 'subscriptions/listen',
        params: { _meta: meta2026, notifications: { toolsListChanged: true, resourceSubscriptions: ['demo://a'] } },
      },
    },
  ],
  [
    '2026-07-28 tools/call result',
    {
      revision: '2026-07-28',
      direction: 'received',
      message: { jsonrpc: '2.0', id: 1, result: { resultType: 'complete', content: [text] } },
      request: callTool,
    },
  ],
  [
    '2026-07-28 input_required result',
    {
      revision: '2026-07-28',
      direction: 'received',
      message: { jsonrpc: '2.0', id: 1, result: { resultType: 'input_required', requestState: 'abc' } },
      request: callTool,
    },
  ],
];

const invalid: [name: string, input: WireMessageInput, expected: Record<string, unknown>[]][] = [
  ...LEGACY.flatMap((revision): typeof invalid => [
    [
      `${revision} tool result without content`,
      { revision, direction: 'received', message: { jsonrpc: '2.0', id: 1, result: {} }, request: callTool },
      [
        {
          pointer: '/result',
          message: "must have required property 'content'",
          definition: 'CallToolResult',
          method: 'tools/call',
          id: 1,
          specLink: `https://modelcontextprotocol.io/specification/${revision}/schema#calltoolresult`,
        },
      ],
    ],
    [
      `${revision} text content without text: the one alternative its type names`,
      {
        revision,
        direction: 'received',
        message: { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text' }] } },
        request: callTool,
      },
      [{ pointer: '/result/content/0', message: "must have required property 'text'", definition: 'TextContent' }],
    ],
    [
      `${revision} two broken content blocks: a finding each`,
      {
        revision,
        direction: 'received',
        message: { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text' }, { type: 'image', data: 'x' }] } },
        request: callTool,
      },
      [
        { pointer: '/result/content/0', message: "must have required property 'text'", definition: 'TextContent' },
        {
          pointer: '/result/content/1',
          message: "must have required property 'mimeType'",
          definition: 'ImageContent',
        },
      ],
    ],
    [
      `${revision} content block of an unknown type`,
      {
        revision,
        direction: 'received',
        message: { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'video', url: 'x' }] } },
        request: callTool,
      },
      [
        {
          pointer: '/result/content/0',
          message: expect.stringMatching(/^must match one of TextContent, ImageContent/),
        },
      ],
    ],
    [
      `${revision} wrong jsonrpc version`,
      { revision, direction: 'received', message: { jsonrpc: '1.0', id: 1, result: {} }, request: callTool },
      [{ pointer: '/jsonrpc', message: 'must be "2.0"' }],
    ],
    [
      `${revision} tools/list result whose tool has no inputSchema`,
      {
        revision,
        direction: 'received',
        message: { jsonrpc: '2.0', id: 2, result: { tools: [{ name: 'echo' }] } },
        request: { method: 'tools/list' },
      },
      [
        {
          pointer: '/result/tools/0',
          message: "must have required property 'inputSchema'",
          definition: 'ListToolsResult',
        },
      ],
    ],
    [
      `${revision} progress notification without progress`,
      {
        revision,
        direction: 'received',
        message: { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1 } },
      },
      [{ pointer: '/params', message: "must have required property 'progress'", definition: 'ProgressNotification' }],
    ],
    [
      `${revision} error without a message`,
      { revision, direction: 'received', message: { jsonrpc: '2.0', id: 2, error: { code: -1 } } },
      [{ pointer: '/error', message: "must have required property 'message'" }],
    ],
    [
      `${revision} a client request the server sent`,
      { revision, direction: 'received', message: { jsonrpc: '2.0', id: 9, ...callTool } },
      [{ pointer: '/method', message: `tools/call is not a request the server may send in ${revision}` }],
    ],
    [
      `${revision} not an object`,
      { revision, direction: 'received', message: 'hello' },
      [{ pointer: '', definition: 'JSONRPCMessage' }],
    ],
  ]),
  [
    '2026-07-28 tools/call result without resultType',
    {
      revision: '2026-07-28',
      direction: 'received',
      message: { jsonrpc: '2.0', id: 1, result: { content: [text] } },
      request: callTool,
    },
    // The 2026 envelope's `result` is a Result, which requires it: reported once, by the envelope.
    [{ pointer: '/result', message: "must have required property 'resultType'", definition: 'JSONRPCResultResponse' }],
  ],
  [
    '2026-07-28 notifications/cancelled without the request it cancels',
    {
      revision: '2026-07-28',
      direction: 'sent',
      message: { jsonrpc: '2.0', method: 'notifications/cancelled', params: { reason: 'done' } },
    },
    [{ pointer: '/params', message: "must have required property 'requestId'", definition: 'ClientNotification' }],
  ],
  [
    '2026-07-28 has no server-to-client requests',
    {
      revision: '2026-07-28',
      direction: 'received',
      message: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x' } },
    },
    [{ pointer: '/method', message: 'tools/call is not a request the server may send in 2026-07-28' }],
  ],
];

describe('validateWireMessage', () => {
  it.each(valid)('accepts %s', (_, input) => {
    expect(validateWireMessage(input)).toEqual([]);
  });

  it.each(invalid)('reports %s', (_, input, expected) => {
    const findings = validateWireMessage(input);
    expect(findings).toEqual(expected.map((e) => expect.objectContaining(e)));
    for (const finding of findings) {
      expect(finding).toMatchObject({ revision: input.revision, direction: input.direction });
      expect(finding.specLink).toMatch(/^https:\/\/modelcontextprotocol\.io\/specification\/\d{4}-\d\d-\d\d\/schema#/);
    }
  });

  it('checks a response without its request only as a JSON-RPC response', () => {
    for (const revision of WIRE_REVISIONS) {
      const result = revision === '2026-07-28' ? { resultType: 'complete' } : {};
      expect(
        validateWireMessage({ revision, direction: 'received', message: { jsonrpc: '2.0', id: 1, result } }),
      ).toEqual([]);
    }
  });

  it('compiles each revision once: the second validation reuses the validators', () => {
    const input: WireMessageInput = { revision: '2025-11-25', direction: 'sent', message: initialize('2025-11-25') };
    validateWireMessage(input);
    const started = performance.now();
    for (let i = 0; i < 200; i++) validateWireMessage(input);
    // Compiling the schema takes tens of milliseconds; 200 validations against compiled validators far less.
    expect(performance.now() - started).toBeLessThan(200);
  });
});
