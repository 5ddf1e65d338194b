import type { ServerSurface } from '../../surface/server-surface';
import { isRecord } from '../../util/is-record';
import { revealHidden } from './hidden-characters';

export type SurfaceItemKind = 'serverInfo' | 'instructions' | 'tool' | 'prompt' | 'resource' | 'resourceTemplate';

/** Where a finding is: the item (its kind and name) and the field inside it, dotted (`inputSchema.properties.q.description`). */
export interface SurfaceLocation {
  kind: SurfaceItemKind;
  name: string;
  field: string;
}

/**
 * One text an agent reads. `prose` is written for the model to read (descriptions, titles, instructions, enum
 * values); `name` is an identifier (tool, prompt, parameter, argument names, URIs): hidden characters count there
 * too, phrases do not.
 */
export interface SurfaceText {
  location: SurfaceLocation;
  text: string;
  role: 'prose' | 'name';
}

/** A named parameter (a tool's inputSchema property at any depth, or a prompt argument). */
export interface SurfaceParameter {
  name: string;
  field: string;
  schema: unknown;
}

/** One thing the surface lists, with everything in it an agent reads. */
export interface SurfaceItem {
  kind: SurfaceItemKind;
  name: string;
  /** The item as listed (measured for token cost). */
  value: unknown;
  texts: SurfaceText[];
  parameters: SurfaceParameter[];
}

/** Nesting followed into a schema; deeper parts are not read (a hostile schema cannot make the walk deep). */
const MAX_SCHEMA_DEPTH = 32;
/** Schema nodes read per item, so the walk stays linear in what it is given and bounded on hostile input. */
const MAX_SCHEMA_NODES = 5_000;

const SCHEMA_TEXT_KEYS = ['title', 'description', 'const', 'default'] as const;
const SCHEMA_LIST_KEYS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;
const SCHEMA_MAP_KEYS = ['$defs', 'definitions', 'patternProperties'] as const;
const SCHEMA_ONE_KEYS = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains'] as const;

function walkSchema(
  schema: unknown,
  field: string,
  add: (text: string, field: string, role: 'prose' | 'name') => void,
  parameters: SurfaceParameter[] | undefined,
): void {
  let nodes = 0;
  const visit = (node: unknown, path: string, depth: number, params: SurfaceParameter[] | undefined) => {
    if (!isRecord(node) || depth > MAX_SCHEMA_DEPTH || ++nodes > MAX_SCHEMA_NODES) return;
    for (const key of SCHEMA_TEXT_KEYS) {
      const value = node[key];
      if (typeof value === 'string') add(value, `${path}.${key}`, 'prose');
    }
    for (const key of ['enum', 'examples'] as const) {
      const list = node[key];
      if (Array.isArray(list)) {
        list.forEach((value, i) => {
          if (typeof value === 'string') add(value, `${path}.${key}[${i}]`, 'prose');
        });
      }
    }
    if (isRecord(node.properties)) {
      for (const [name, child] of Object.entries(node.properties)) {
        const at = `${path}.properties.${name}`;
        add(name, at, 'name');
        params?.push({ name, field: at, schema: child });
        visit(child, at, depth + 1, params);
      }
    }
    for (const key of SCHEMA_ONE_KEYS) visit(node[key], `${path}.${key}`, depth + 1, params);
    for (const key of SCHEMA_LIST_KEYS) {
      const list = node[key];
      if (Array.isArray(list)) list.forEach((child, i) => visit(child, `${path}.${key}[${i}]`, depth + 1, params));
    }
    for (const key of SCHEMA_MAP_KEYS) {
      const map = node[key];
      if (isRecord(map))
        for (const [name, child] of Object.entries(map)) visit(child, `${path}.${key}.${name}`, depth + 1, params);
    }
  };
  visit(schema, field, 0, parameters);
}

function item(
  kind: SurfaceItemKind,
  name: string,
  value: unknown,
): SurfaceItem & { add: (text: unknown, field: string, role?: 'prose' | 'name') => void } {
  const texts: SurfaceText[] = [];
  return {
    kind,
    name,
    value,
    texts,
    parameters: [],
    add(text, field, role = 'prose') {
      if (typeof text === 'string' && text !== '') texts.push({ location: { kind, name, field }, text, role });
    },
  };
}

/** Every string field of an object, one level (serverInfo's name, title, version, description, websiteUrl...). */
function addStrings(target: ReturnType<typeof item>, value: Record<string, unknown>, prefix = ''): void {
  for (const [key, inner] of Object.entries(value)) {
    target.add(
      inner,
      `${prefix}${key}`,
      key === 'name' || key === 'version' || /Url$|^uri/.test(key) ? 'name' : 'prose',
    );
  }
}

/**
 * Everything in a surface an agent reads, item by item, in a fixed order: server info, instructions, tools, prompts,
 * resources, resource templates (each in list order). Tool names, titles, descriptions, annotations.title, every
 * schema title, description, enum, const, default and example string and property name (input and output, nested),
 * prompt arguments, resource names, URIs and descriptions.
 */
export function collectSurfaceItems(surface: ServerSurface): SurfaceItem[] {
  const items: SurfaceItem[] = [];
  const server = item('serverInfo', surface.serverInfo.name, surface.serverInfo);
  addStrings(server, surface.serverInfo);
  items.push(server);
  if (surface.instructions !== null) {
    const instructions = item('instructions', 'instructions', surface.instructions);
    instructions.add(surface.instructions, 'instructions');
    items.push(instructions);
  }
  for (const tool of surface.tools) {
    const t = item('tool', tool.name, tool);
    t.add(tool.name, 'name', 'name');
    t.add(tool.title, 'title');
    t.add(tool.description, 'description');
    if (isRecord(tool.annotations)) t.add(tool.annotations.title, 'annotations.title');
    walkSchema(tool.inputSchema, 'inputSchema', t.add, t.parameters);
    walkSchema(tool.outputSchema, 'outputSchema', t.add, undefined);
    items.push(t);
  }
  for (const prompt of surface.prompts) {
    const p = item('prompt', prompt.name, prompt);
    p.add(prompt.name, 'name', 'name');
    p.add(prompt.title, 'title');
    p.add(prompt.description, 'description');
    if (Array.isArray(prompt.arguments)) {
      prompt.arguments.forEach((argument: unknown, i) => {
        if (!isRecord(argument)) return;
        const at = `arguments[${i}]`;
        p.add(argument.name, `${at}.name`, 'name');
        p.add(argument.title, `${at}.title`);
        p.add(argument.description, `${at}.description`);
        if (typeof argument.name === 'string')
          p.parameters.push({ name: argument.name, field: `${at}.name`, schema: argument });
      });
    }
    items.push(p);
  }
  for (const resource of surface.resources) {
    const r = item('resource', typeof resource.name === 'string' ? resource.name : resource.uri, resource);
    r.add(resource.uri, 'uri', 'name');
    r.add(resource.name, 'name', 'name');
    r.add(resource.title, 'title');
    r.add(resource.description, 'description');
    items.push(r);
  }
  for (const template of surface.resourceTemplates) {
    const r = item(
      'resourceTemplate',
      typeof template.name === 'string' ? template.name : template.uriTemplate,
      template,
    );
    r.add(template.uriTemplate, 'uriTemplate', 'name');
    r.add(template.name, 'name', 'name');
    r.add(template.title, 'title');
    r.add(template.description, 'description');
    items.push(r);
  }
  return items.map(({ kind, name, value, texts, parameters }) => ({ kind, name, value, texts, parameters }));
}

/** Characters of context kept either side of the offending text in an excerpt. */
const EXCERPT_CONTEXT = 40;
/** Longest excerpt shown (after hidden characters are written out). */
const MAX_EXCERPT = 240;

/**
 * The offending part of `text` (UTF-16 span `start`..`end`) with some context, hidden characters made visible and
 * line breaks shown as `⏎`, shortened with `…` where cut.
 */
export function excerpt(text: string, start: number, end: number): string {
  let from = Math.max(0, start - EXCERPT_CONTEXT);
  let to = Math.min(text.length, end + EXCERPT_CONTEXT);
  // Never cut a surrogate pair in half.
  if (from > 0 && /[\uDC00-\uDFFF]/.test(text.charAt(from))) from--;
  if (to < text.length && /[\uDC00-\uDFFF]/.test(text.charAt(to))) to++;
  let shown = revealHidden(text.slice(from, to)).replace(/\r\n|\r|\n/g, '⏎');
  if (shown.length > MAX_EXCERPT) shown = `${shown.slice(0, MAX_EXCERPT)}…`;
  return `${from > 0 ? '…' : ''}${shown}${to < text.length && !shown.endsWith('…') ? '…' : ''}`;
}
