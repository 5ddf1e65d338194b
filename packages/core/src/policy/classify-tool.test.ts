import { describe, expect, it } from 'vitest';
import { classifyTool, classifyToolName, findOverride, matchGlob } from './classify-tool';
import { ExecPolicy, type ExecPolicyInput, type ToolClass } from './exec-policy-schema';
import type { ToolDescriptor } from './tool-descriptor';
import type { ClassificationSource } from './classify-tool';

const RO = { readOnlyHint: true };
const DH = { destructiveHint: true };
const NI = { idempotentHint: false };
const effect = (value: unknown) => ({ 'mcp.dev/effect': value });

type Row = [
  label: string,
  tool: Omit<ToolDescriptor, 'name'> & { name: string },
  policy: ExecPolicyInput,
  cls: ToolClass,
  source: ClassificationSource,
];

const rows: Row[] = [
  // Name heuristic: separators, camelCase, acronyms, digits.
  ['plain read name', { name: 'get_user' }, {}, 'ReadOnlyPresumed', 'name'],
  ['snake destructive', { name: 'delete_file' }, {}, 'Destructive', 'name'],
  ['camelCase destructive', { name: 'deleteFile' }, {}, 'Destructive', 'name'],
  ['kebab destructive', { name: 'delete-file' }, {}, 'Destructive', 'name'],
  ['dotted destructive', { name: 'repo.delete' }, {}, 'Destructive', 'name'],
  ['slashed destructive', { name: 'repo/remove' }, {}, 'Destructive', 'name'],
  ['colon destructive', { name: 'db:drop' }, {}, 'Destructive', 'name'],
  ['acronym then mutating word', { name: 'HTTPPostRequest' }, {}, 'Mutating', 'name'],
  ['camelCase mutating', { name: 'createUser' }, {}, 'Mutating', 'name'],
  ['space-separated mutating', { name: 'update item' }, {}, 'Mutating', 'name'],
  ['upper snake mutating', { name: 'SEND_EMAIL' }, {}, 'Mutating', 'name'],
  ['acronym after destructive word', { name: 'revokeAPIToken' }, {}, 'Destructive', 'name'],
  ['put', { name: 'putObject' }, {}, 'Mutating', 'name'],
  ['digits split from words', { name: 'wipe2FASecrets' }, {}, 'Destructive', 'name'],
  ['digits, read name', { name: 'get2FACode' }, {}, 'ReadOnlyPresumed', 'name'],
  ['digit then upload', { name: 's3Upload' }, {}, 'Mutating', 'name'],
  // Whole words only.
  ['"set" inside reset', { name: 'reset' }, {}, 'ReadOnlyPresumed', 'name'],
  ['"set" inside settings', { name: 'get_settings' }, {}, 'ReadOnlyPresumed', 'name'],
  ['"drop" inside dropdown', { name: 'dropdown_options' }, {}, 'ReadOnlyPresumed', 'name'],
  ['"post" inside posts', { name: 'list_posts' }, {}, 'ReadOnlyPresumed', 'name'],
  ['"add" inside address', { name: 'addressLookup' }, {}, 'ReadOnlyPresumed', 'name'],
  ['"kill" inside killswitch', { name: 'killswitch_status' }, {}, 'ReadOnlyPresumed', 'name'],
  ['"deleted" is not "delete"', { name: 'list_deleted' }, {}, 'ReadOnlyPresumed', 'name'],
  // Destructive outranks mutating in one name.
  ['mutating then destructive', { name: 'create_and_delete' }, {}, 'Destructive', 'name'],
  ['destructive then mutating', { name: 'purgeThenUpload' }, {}, 'Destructive', 'name'],
  // Annotations under trust (default).
  ['readOnlyHint beats a destructive name', { name: 'delete_cache', annotations: RO }, {}, 'ReadOnly', 'annotation'],
  ['destructiveHint on a read name', { name: 'get_x', annotations: DH }, {}, 'Destructive', 'annotation'],
  ['idempotentHint false', { name: 'list_things', annotations: NI }, {}, 'Mutating', 'annotation'],
  ['readOnlyHint first', { name: 'get_x', annotations: { ...RO, ...DH } }, {}, 'ReadOnly', 'annotation'],
  [
    'destructiveHint before idempotentHint',
    { name: 'x', annotations: { ...DH, ...NI } },
    {},
    'Destructive',
    'annotation',
  ],
  [
    'readOnlyHint false alone makes the tool at least Mutating (cautious reading)',
    { name: 'fetch_rows', annotations: { readOnlyHint: false } },
    {},
    'Mutating',
    'annotation',
  ],
  [
    'readOnlyHint false does not lower a destructive name',
    { name: 'purge_rows', annotations: { readOnlyHint: false } },
    {},
    'Destructive',
    'name',
  ],
  [
    'destructiveHint false applies no row',
    { name: 'delete_x', annotations: { destructiveHint: false } },
    {},
    'Destructive',
    'name',
  ],
  [
    'idempotentHint true applies no row',
    { name: 'create_x', annotations: { idempotentHint: true } },
    {},
    'Mutating',
    'name',
  ],
  [
    'title and openWorldHint only',
    { name: 'get_x', annotations: { title: 'X', openWorldHint: true } },
    {},
    'ReadOnlyPresumed',
    'name',
  ],
  // Malformed annotations are ignored as a whole.
  ['string hint', { name: 'delete_x', annotations: { readOnlyHint: 'true' } }, {}, 'Destructive', 'name'],
  ['annotations not an object', { name: 'delete_x', annotations: [RO] }, {}, 'Destructive', 'name'],
  [
    'one bad hint spoils the good one',
    { name: 'drop_table', annotations: { ...RO, destructiveHint: 'yes' } },
    {},
    'Destructive',
    'name',
  ],
  ['null hint', { name: 'get_x', annotations: { destructiveHint: null } }, {}, 'ReadOnlyPresumed', 'name'],
  // _meta effect hints.
  ['effect read', { name: 'delete_cache', _meta: effect('read') }, {}, 'ReadOnly', 'meta'],
  ['effect delete', { name: 'get_x', _meta: effect('delete') }, {}, 'Destructive', 'meta'],
  ['effect write', { name: 'get_x', _meta: effect('write') }, {}, 'Mutating', 'meta'],
  ['effect external', { name: 'get_x', _meta: effect('external') }, {}, 'Mutating', 'meta'],
  ['unknown effect ignored', { name: 'get_x', _meta: effect('destroy') }, {}, 'ReadOnlyPresumed', 'name'],
  ['effect is case-sensitive', { name: 'delete_x', _meta: effect('Read') }, {}, 'Destructive', 'name'],
  ['annotations before _meta', { name: 'x', annotations: RO, _meta: effect('delete') }, {}, 'ReadOnly', 'annotation'],
  [
    '_meta when no annotation row applies',
    { name: 'x', annotations: { idempotentHint: true }, _meta: effect('write') },
    {},
    'Mutating',
    'meta',
  ],
  [
    '_meta still read when annotations malformed',
    { name: 'delete_x', annotations: 'ro', _meta: effect('read') },
    {},
    'ReadOnly',
    'meta',
  ],
  ['_meta not an object', { name: 'get_x', _meta: 'delete' }, {}, 'ReadOnlyPresumed', 'name'],
  // ignore: annotations and _meta unused.
  [
    'ignore: readOnlyHint unused',
    { name: 'delete_cache', annotations: RO },
    { annotation_trust: 'ignore' },
    'Destructive',
    'name',
  ],
  [
    'ignore: destructiveHint unused',
    { name: 'get_x', annotations: DH },
    { annotation_trust: 'ignore' },
    'ReadOnlyPresumed',
    'name',
  ],
  [
    'ignore: _meta unused',
    { name: 'get_x', _meta: effect('delete') },
    { annotation_trust: 'ignore' },
    'ReadOnlyPresumed',
    'name',
  ],
  // cap: the declared class stands unless the name is more cautious.
  [
    'cap: destructive name beats readOnlyHint',
    { name: 'delete_cache', annotations: RO },
    { annotation_trust: 'cap' },
    'Destructive',
    'name',
  ],
  [
    'cap: mutating name beats readOnlyHint',
    { name: 'create_x', annotations: RO },
    { annotation_trust: 'cap' },
    'Mutating',
    'name',
  ],
  [
    'cap: ReadOnly vs ReadOnlyPresumed is a tie',
    { name: 'get_x', annotations: RO },
    { annotation_trust: 'cap' },
    'ReadOnly',
    'annotation',
  ],
  [
    'cap: declared Destructive stands',
    { name: 'get_x', annotations: DH },
    { annotation_trust: 'cap' },
    'Destructive',
    'annotation',
  ],
  [
    'cap: declared more cautious than name',
    { name: 'create_x', annotations: DH },
    { annotation_trust: 'cap' },
    'Destructive',
    'annotation',
  ],
  [
    'cap: destructive name beats idempotentHint false',
    { name: 'delete_x', annotations: NI },
    { annotation_trust: 'cap' },
    'Destructive',
    'name',
  ],
  [
    'cap: equal rank keeps the declared source',
    { name: 'create_x', annotations: NI },
    { annotation_trust: 'cap' },
    'Mutating',
    'annotation',
  ],
  [
    'cap: mutating name beats effect read',
    { name: 'send_mail', _meta: effect('read') },
    { annotation_trust: 'cap' },
    'Mutating',
    'name',
  ],
  [
    'cap: destructive name beats effect write',
    { name: 'delete_x', _meta: effect('write') },
    { annotation_trust: 'cap' },
    'Destructive',
    'name',
  ],
  ['cap: nothing declared', { name: 'delete_x' }, { annotation_trust: 'cap' }, 'Destructive', 'name'],
  [
    'cap: malformed annotations',
    { name: 'get_x', annotations: { readOnlyHint: 1 } },
    { annotation_trust: 'cap' },
    'ReadOnlyPresumed',
    'name',
  ],
  // Overrides: first source of all, in every trust mode.
  [
    'exact override beats annotations',
    { name: 'get_secret', annotations: RO },
    { overrides: [{ tool: 'get_secret', class: 'Destructive' }] },
    'Destructive',
    'override',
  ],
  [
    'glob *',
    { name: 'admin_list' },
    { overrides: [{ tool: 'admin_*', class: 'Destructive' }] },
    'Destructive',
    'override',
  ],
  ['glob ?', { name: 'get_user' }, { overrides: [{ tool: '?et_user', class: 'Mutating' }] }, 'Mutating', 'override'],
  [
    'override lowers a name',
    { name: 'delete_cache_entry' },
    { overrides: [{ tool: 'delete_cache*', class: 'ReadOnly' }] },
    'ReadOnly',
    'override',
  ],
  [
    'exact beats glob',
    { name: 'delete_temp' },
    {
      overrides: [
        { tool: 'delete_*', class: 'Destructive' },
        { tool: 'delete_temp', class: 'ReadOnly' },
      ],
    },
    'ReadOnly',
    'override',
  ],
  [
    'most cautious glob wins',
    { name: 'admin_get' },
    {
      overrides: [
        { tool: '*', class: 'ReadOnly' },
        { tool: 'admin_*', class: 'Destructive' },
      ],
    },
    'Destructive',
    'override',
  ],
  [
    'most cautious glob wins in any order',
    { name: 'admin_get' },
    {
      overrides: [
        { tool: 'admin_*', class: 'Destructive' },
        { tool: '*', class: 'ReadOnly' },
      ],
    },
    'Destructive',
    'override',
  ],
  [
    'dot in a glob is literal',
    { name: 'repo_delete' },
    { overrides: [{ tool: 'repo.*', class: 'ReadOnly' }] },
    'Destructive',
    'name',
  ],
  [
    'globs are case-sensitive',
    { name: 'delete_x' },
    { overrides: [{ tool: 'Delete_*', class: 'ReadOnly' }] },
    'Destructive',
    'name',
  ],
  [
    'a glob matches the whole name',
    { name: 'my_admin_tool' },
    { overrides: [{ tool: 'admin_*', class: 'Destructive' }] },
    'ReadOnlyPresumed',
    'name',
  ],
  [
    'override under ignore',
    { name: 'get_x' },
    { annotation_trust: 'ignore', overrides: [{ tool: 'get_x', class: 'Mutating' }] },
    'Mutating',
    'override',
  ],
  [
    'override under cap',
    { name: 'delete_x', annotations: DH },
    { annotation_trust: 'cap', overrides: [{ tool: 'delete_x', class: 'ReadOnly' }] },
    'ReadOnly',
    'override',
  ],
  // Tenant-extended word lists.
  ['tenant destructive word', { name: 'archive_project' }, { destructive_words: ['archive'] }, 'Destructive', 'name'],
  ['tenant mutating word', { name: 'approveRequest' }, { mutating_words: ['approve'] }, 'Mutating', 'name'],
  [
    'tenant word in another case',
    { name: 'archiveProject' },
    { destructive_words: ['Archive'] },
    'Destructive',
    'name',
  ],
  ['tenant phrase', { name: 'git.forcePush' }, { destructive_words: ['force-push'] }, 'Destructive', 'name'],
  [
    'tenant phrase needs its order',
    { name: 'push_force' },
    { destructive_words: ['force-push'] },
    'ReadOnlyPresumed',
    'name',
  ],
  [
    'tenant phrase needs all its words',
    { name: 'force_reset' },
    { destructive_words: ['force-push'] },
    'ReadOnlyPresumed',
    'name',
  ],
  [
    'built-in destructive outranks tenant mutating',
    { name: 'approve_and_delete' },
    { mutating_words: ['approve'] },
    'Destructive',
    'name',
  ],
  [
    'tenant destructive outranks built-in mutating',
    { name: 'create_archive' },
    { destructive_words: ['archive'] },
    'Destructive',
    'name',
  ],
  [
    'tenant words are whole words too',
    { name: 'archived_list' },
    { destructive_words: ['archive'] },
    'ReadOnlyPresumed',
    'name',
  ],
];

describe('classifyTool', () => {
  it('covers at least 40 descriptors', () => {
    expect(rows.length).toBeGreaterThanOrEqual(40);
  });

  it.each(rows)('%s', (_label, tool, policy, cls, source) => {
    const result = classifyTool(tool, ExecPolicy.parse(policy));
    expect({ class: result.class, source: result.source }).toEqual({ class: cls, source });
    expect(result.reason).not.toBe('');
  });

  it.each([
    [{ name: 'delete_x' }, {}, 'name holds the destructive word "delete"'],
    [{ name: 'get_x' }, {}, 'name holds no mutating or destructive word'],
    [{ name: 'get_x', annotations: { readOnlyHint: 'yes' } }, {}, 'annotations ignored as malformed'],
    [{ name: 'get_x', _meta: effect('nuke') }, {}, '_meta mcp.dev/effect "nuke" ignored as unknown'],
    [{ name: 'delete_x', annotations: RO }, { annotation_trust: 'cap' }, 'more cautious than the declared ReadOnly'],
    [{ name: 'delete_x', annotations: RO }, { annotation_trust: 'ignore' }, 'annotation_trust: ignore'],
    [{ name: 'a_b' }, { overrides: [{ tool: 'a_*', class: 'Mutating' }] }, 'matches the glob "a_*"'],
    [{ name: 'x', _meta: effect('external') }, {}, '_meta mcp.dev/effect: "external"'],
  ] as const)('reason for %j under %j says %j', (tool, policy, text) => {
    expect(classifyTool(tool, ExecPolicy.parse(policy)).reason).toContain(text);
  });

  it('keeps unknown descriptor fields out of the way', () => {
    const tool = { name: 'get_x', inputSchema: { type: 'object' }, icons: [], execution: { taskSupport: 'optional' } };
    expect(classifyTool(tool, ExecPolicy.parse({})).class).toBe('ReadOnlyPresumed');
  });
});

describe('classifyToolName', () => {
  it('reports the deciding word as the policy spells it', () => {
    expect(classifyToolName('x.ForcePush', { mutating_words: [], destructive_words: ['force push'] })).toEqual({
      class: 'Destructive',
      word: 'force push',
    });
  });
});

describe('findOverride', () => {
  it('returns nothing when no override matches', () => {
    expect(findOverride('get_x', [{ tool: 'set_*', class: 'Mutating' }])).toBeUndefined();
  });

  it('treats regex characters in a glob literally', () => {
    expect(findOverride('a+b', [{ tool: 'a+*', class: 'Mutating' }])?.class).toBe('Mutating');
    expect(findOverride('aab', [{ tool: 'a+*', class: 'Mutating' }])).toBeUndefined();
  });
});

describe('matchGlob', () => {
  it.each([
    ['*', '', true],
    ['*', 'anything', true],
    ['a*', 'a', true],
    ['*a', 'ba', true],
    ['a*b*c', 'axxbyyc', true],
    ['a*b*c', 'acb', false],
    ['a*a', 'a', false],
    ['?', 'é', true],
    ['??', '😀', false],
    ['a?c', 'abc', true],
    ['a?c', 'ac', false],
    ['*_delete_*', 'repo_delete_all', true],
    ['*x*', 'abc', false],
    ['a**b', 'ab', true],
    ['ab', 'ab', true],
    ['ab', 'abc', false],
  ])('%s on %j is %s', (glob, name, matches) => {
    expect(matchGlob(glob, name)).toBe(matches);
  });

  // A regex built from the glob (`^[\s\S]*a[\s\S]*a…b$`) backtracks for exponential time on this; matchGlob places
  // each piece once.
  it('ends at once on a hostile glob and a long tool name', () => {
    const glob = `${'*a'.repeat(40)}*b`;
    const name = 'a'.repeat(50_000);
    expect(matchGlob(glob, name)).toBe(false);
    expect(findOverride(name, [{ tool: glob, class: 'Destructive' }])).toBeUndefined();
    expect(findOverride(`${name}b`, [{ tool: glob, class: 'Destructive' }])?.class).toBe('Destructive');
  });
});
