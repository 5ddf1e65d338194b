import pg from 'pg';

/** The subset of Prisma's DMMF datamodel (from @prisma/internals getDMMF) that drift checking reads. */
export interface DatamodelLike {
  models: readonly {
    name: string;
    dbName: string | null;
    fields: readonly {
      name: string;
      dbName?: string | null;
      kind: string;
      type: string;
      isList: boolean;
      isRequired: boolean;
      relationFromFields?: readonly string[] | null;
      /** A `@db.<Type>` attribute: [type, arguments], e.g. ['Date', []]. */
      nativeType?: readonly [string, readonly string[]] | readonly unknown[] | null;
    }[];
  }[];
  enums: readonly {
    name: string;
    dbName?: string | null;
    values: readonly { name: string; dbName?: string | null }[];
  }[];
  indexes: readonly { model: string; type: string; fields: readonly { name: string }[] }[];
}

/** What the database actually has, read from the catalogs. */
export interface DbSnapshot {
  /** table -> column -> info */
  columns: Map<string, Map<string, { dataType: string; udtName: string; nullable: boolean }>>;
  enums: Map<string, string[]>;
  /** table -> index column lists, e.g. "u:tenantId,userId" (u = unique, i = any) */
  indexes: Map<string, Set<string>>;
  /** table -> foreign keys "col1,col2->Target" */
  foreignKeys: Map<string, Set<string>>;
}

const SCALAR_TYPES: Record<string, string> = {
  String: 'text',
  Int: 'integer',
  BigInt: 'bigint',
  Float: 'double precision',
  Decimal: 'numeric',
  Boolean: 'boolean',
  DateTime: 'timestamp without time zone',
  Json: 'jsonb',
  Bytes: 'bytea',
};
/** Column types of the `@db.` native type attributes the schema uses, by attribute name. */
const NATIVE_TYPES: Record<string, string> = {
  Date: 'date',
};
const ARRAY_UDT: Record<string, string> = {
  String: '_text',
  Int: '_int4',
  BigInt: '_int8',
  Float: '_float8',
  Decimal: '_numeric',
  Boolean: '_bool',
  DateTime: '_timestamp',
  Json: '_jsonb',
  Bytes: '_bytea',
};

/**
 * Pure comparison of the Prisma datamodel with a database snapshot. Returns one line per difference: a model without
 * its table, a field without its column or with another type or nullability, an enum or enum value missing, an index,
 * unique constraint or foreign key missing. Extra database objects (the migrations ledger, RLS policies) are allowed.
 */
export function compareSchema(datamodel: DatamodelLike, db: DbSnapshot): string[] {
  const problems: string[] = [];
  for (const e of datamodel.enums) {
    const name = e.dbName ?? e.name;
    const values = db.enums.get(name);
    if (!values) {
      problems.push(`enum ${name} is missing`);
      continue;
    }
    for (const v of e.values) {
      if (!values.includes(v.dbName ?? v.name)) problems.push(`enum ${name} lacks value ${v.dbName ?? v.name}`);
    }
  }
  const enumNames = new Set(datamodel.enums.map((e) => e.name));
  const tableOf = new Map(datamodel.models.map((m) => [m.name, m.dbName ?? m.name]));
  for (const model of datamodel.models) {
    const table = model.dbName ?? model.name;
    const columns = db.columns.get(table);
    if (!columns) {
      problems.push(`table ${table} (model ${model.name}) is missing`);
      continue;
    }
    const columnOf = new Map(model.fields.map((f) => [f.name, f.dbName ?? f.name]));
    for (const field of model.fields) {
      if (field.kind === 'object') {
        const from = field.relationFromFields ?? [];
        if (from.length === 0) continue;
        const key = `${from.map((f) => columnOf.get(f) ?? f).join(',')}->${tableOf.get(field.type) ?? field.type}`;
        if (!db.foreignKeys.get(table)?.has(key)) problems.push(`foreign key ${table}(${key}) is missing`);
        continue;
      }
      const column = field.dbName ?? field.name;
      const actual = columns.get(column);
      const where = `${table}.${column}`;
      if (!actual) {
        problems.push(`column ${where} is missing`);
        continue;
      }
      const isEnum = field.kind === 'enum' || enumNames.has(field.type);
      if (field.isList) {
        const expectedUdt = isEnum ? `_${field.type}` : ARRAY_UDT[field.type];
        if (actual.dataType !== 'ARRAY' || actual.udtName !== expectedUdt) {
          problems.push(`column ${where} is ${actual.dataType}/${actual.udtName}, expected ARRAY/${expectedUdt}`);
        }
      } else if (isEnum) {
        if (actual.dataType !== 'USER-DEFINED' || actual.udtName !== field.type) {
          problems.push(`column ${where} is ${actual.dataType}/${actual.udtName}, expected enum ${field.type}`);
        }
      } else {
        const native = typeof field.nativeType?.[0] === 'string' ? NATIVE_TYPES[field.nativeType[0]] : undefined;
        const expected = native ?? SCALAR_TYPES[field.type];
        if (actual.dataType !== expected) problems.push(`column ${where} is ${actual.dataType}, expected ${expected}`);
      }
      // Prisma lists are always optional at the column level, whatever the field says.
      if (!field.isList && actual.nullable === field.isRequired) {
        problems.push(
          `column ${where} is ${actual.nullable ? 'nullable' : 'NOT NULL'}, expected ${field.isRequired ? 'NOT NULL' : 'nullable'}`,
        );
      }
    }
  }
  for (const index of datamodel.indexes) {
    const model = datamodel.models.find((m) => m.name === index.model);
    if (!model) continue;
    const table = model.dbName ?? model.name;
    const cols = index.fields.map((f) => model.fields.find((x) => x.name === f.name)?.dbName ?? f.name).join(',');
    const unique = index.type === 'unique' || index.type === 'id';
    const key = `${unique ? 'u' : 'i'}:${cols}`;
    if (!db.indexes.get(table)?.has(key)) {
      problems.push(
        `${index.type === 'id' ? 'primary key' : unique ? 'unique index' : 'index'} ${table}(${cols}) is missing`,
      );
    }
  }
  return problems;
}

/** Reads tables, columns, enums, indexes and foreign keys of the `public` schema. */
export async function readDbSnapshot(url: string): Promise<DbSnapshot> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const snapshot: DbSnapshot = { columns: new Map(), enums: new Map(), indexes: new Map(), foreignKeys: new Map() };
    const cols = await client.query<{
      table_name: string;
      column_name: string;
      data_type: string;
      udt_name: string;
      is_nullable: string;
    }>(
      `SELECT table_name, column_name, data_type, udt_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public'`,
    );
    for (const r of cols.rows) {
      const table = snapshot.columns.get(r.table_name) ?? new Map();
      table.set(r.column_name, { dataType: r.data_type, udtName: r.udt_name, nullable: r.is_nullable === 'YES' });
      snapshot.columns.set(r.table_name, table);
    }
    const enums = await client.query<{ name: string; value: string }>(
      `SELECT t.typname AS name, e.enumlabel AS value FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid
       JOIN pg_namespace n ON n.oid = t.typnamespace WHERE n.nspname = 'public' ORDER BY e.enumsortorder`,
    );
    for (const r of enums.rows) snapshot.enums.set(r.name, [...(snapshot.enums.get(r.name) ?? []), r.value]);
    const indexes = await client.query<{ table: string; unique: boolean; columns: string[] }>(
      `SELECT c.relname AS table, i.indisunique AS unique,
              array_agg(a.attname::text ORDER BY k.ord) AS columns
       FROM pg_index i
       JOIN pg_class c ON c.oid = i.indrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
       WHERE n.nspname = 'public'
       GROUP BY i.indexrelid, c.relname, i.indisunique`,
    );
    for (const r of indexes.rows) {
      const set = snapshot.indexes.get(r.table) ?? new Set<string>();
      // A unique index also serves as a plain index for the same columns.
      set.add(`i:${r.columns.join(',')}`);
      if (r.unique) set.add(`u:${r.columns.join(',')}`);
      snapshot.indexes.set(r.table, set);
    }
    const fks = await client.query<{ table: string; target: string; columns: string[] }>(
      `SELECT c.relname AS table, t.relname AS target, array_agg(a.attname::text ORDER BY k.ord) AS columns
       FROM pg_constraint con
       JOIN pg_class c ON c.oid = con.conrelid
       JOIN pg_class t ON t.oid = con.confrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       CROSS JOIN LATERAL unnest(con.conkey) WITH ORDINALITY AS k(attnum, ord)
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
       WHERE con.contype = 'f' AND n.nspname = 'public'
       GROUP BY con.oid, c.relname, t.relname`,
    );
    for (const r of fks.rows) {
      const set = snapshot.foreignKeys.get(r.table) ?? new Set<string>();
      set.add(`${r.columns.join(',')}->${r.target}`);
      snapshot.foreignKeys.set(r.table, set);
    }
    return snapshot;
  } finally {
    await client.end();
  }
}
