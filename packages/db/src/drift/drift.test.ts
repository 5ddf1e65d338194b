import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEmptyDatabase, useTestDatabase } from '../../../../test/db';
import { loadDatamodel } from '../../../../test/dmmf';
import { applyMigrations } from '../migrate/apply-migrations';
import { readMigrations } from '../migrate/read-migrations';
import { compareSchema, readDbSnapshot, type DatamodelLike, type DbSnapshot } from './find-drift';

const migrated = useTestDatabase();
const broken = useEmptyDatabase();

describe('drift: migrated database vs prisma/schema.prisma', () => {
  it('finds no difference for the committed migrations', async () => {
    const datamodel = await loadDatamodel();
    expect(datamodel.models.length).toBeGreaterThanOrEqual(18);
    expect(compareSchema(datamodel, await readDbSnapshot(migrated.url))).toEqual([]);
  });

  it('fails when a migration loses a column', async () => {
    // Copy the migrations, delete one column from the initial one, apply the copy: the checker must notice.
    const dir = mkdtempSync(path.join(tmpdir(), 'mcptest-drift-'));
    cpSync(path.resolve('prisma/migrations'), dir, { recursive: true });
    const init = path.join(dir, '20261121000000_init/migration.sql');
    const sql = readFileSync(init, 'utf8');
    const withoutColumn = sql.replace(/\n\s*"headersKeyId" TEXT,/, '');
    expect(withoutColumn).not.toEqual(sql);
    writeFileSync(init, withoutColumn);
    await applyMigrations({ url: broken.url, migrations: readMigrations(dir) });
    const problems = compareSchema(await loadDatamodel(), await readDbSnapshot(broken.url));
    expect(problems).toEqual(['column Server.headersKeyId is missing']);
  });
});

describe('compareSchema', () => {
  const model: DatamodelLike = {
    enums: [{ name: 'Color', values: [{ name: 'RED' }, { name: 'BLUE' }] }],
    models: [
      {
        name: 'Thing',
        dbName: null,
        fields: [
          { name: 'id', kind: 'scalar', type: 'String', isList: false, isRequired: true },
          { name: 'count', kind: 'scalar', type: 'Int', isList: false, isRequired: false },
          { name: 'color', kind: 'enum', type: 'Color', isList: false, isRequired: true },
          { name: 'tags', kind: 'scalar', type: 'String', isList: true, isRequired: true },
          { name: 'ownerId', kind: 'scalar', type: 'String', isList: false, isRequired: true },
          { name: 'day', kind: 'scalar', type: 'DateTime', isList: false, isRequired: true, nativeType: ['Date', []] },
          {
            name: 'owner',
            kind: 'object',
            type: 'Owner',
            isList: false,
            isRequired: true,
            relationFromFields: ['ownerId'],
          },
        ],
      },
    ],
    indexes: [
      { model: 'Thing', type: 'id', fields: [{ name: 'id' }] },
      { model: 'Thing', type: 'normal', fields: [{ name: 'ownerId' }, { name: 'count' }] },
    ],
  };
  const good = (): DbSnapshot => ({
    columns: new Map([
      [
        'Thing',
        new Map([
          ['id', { dataType: 'text', udtName: 'text', nullable: false }],
          ['count', { dataType: 'integer', udtName: 'int4', nullable: true }],
          ['color', { dataType: 'USER-DEFINED', udtName: 'Color', nullable: false }],
          ['tags', { dataType: 'ARRAY', udtName: '_text', nullable: true }],
          ['ownerId', { dataType: 'text', udtName: 'text', nullable: false }],
          ['day', { dataType: 'date', udtName: 'date', nullable: false }],
        ]),
      ],
    ]),
    enums: new Map([['Color', ['RED', 'BLUE']]]),
    indexes: new Map([['Thing', new Set(['u:id', 'i:id', 'i:ownerId,count'])]]),
    foreignKeys: new Map([['Thing', new Set(['ownerId->Owner'])]]),
  });

  const cases: [string, (db: DbSnapshot) => void, string[]][] = [
    ['matching database', () => {}, []],
    ['missing table', (db) => db.columns.delete('Thing'), ['table Thing (model Thing) is missing']],
    [
      'wrong type',
      (db) => db.columns.get('Thing')?.set('count', { dataType: 'text', udtName: 'text', nullable: true }),
      ['column Thing.count is text, expected integer'],
    ],
    [
      'timestamp where @db.Date',
      (db) =>
        db.columns
          .get('Thing')
          ?.set('day', { dataType: 'timestamp without time zone', udtName: 'timestamp', nullable: false }),
      ['column Thing.day is timestamp without time zone, expected date'],
    ],
    [
      'NOT NULL where optional',
      (db) => db.columns.get('Thing')?.set('count', { dataType: 'integer', udtName: 'int4', nullable: false }),
      ['column Thing.count is NOT NULL, expected nullable'],
    ],
    [
      'nullable where required',
      (db) => db.columns.get('Thing')?.set('id', { dataType: 'text', udtName: 'text', nullable: true }),
      ['column Thing.id is nullable, expected NOT NULL'],
    ],
    [
      'enum column as text',
      (db) => db.columns.get('Thing')?.set('color', { dataType: 'text', udtName: 'text', nullable: false }),
      ['column Thing.color is text/text, expected enum Color'],
    ],
    ['missing enum value', (db) => db.enums.set('Color', ['RED']), ['enum Color lacks value BLUE']],
    ['missing enum', (db) => db.enums.delete('Color'), ['enum Color is missing']],
    [
      'list as scalar',
      (db) => db.columns.get('Thing')?.set('tags', { dataType: 'text', udtName: 'text', nullable: true }),
      ['column Thing.tags is text/text, expected ARRAY/_text'],
    ],
    [
      'missing index',
      (db) => db.indexes.set('Thing', new Set(['u:id', 'i:id'])),
      ['index Thing(ownerId,count) is missing'],
    ],
    [
      'missing primary key',
      (db) => db.indexes.set('Thing', new Set(['i:ownerId,count'])),
      ['primary key Thing(id) is missing'],
    ],
    ['missing foreign key', (db) => db.foreignKeys.delete('Thing'), ['foreign key Thing(ownerId->Owner) is missing']],
  ];
  it.each(cases)('%s', (_name, mutate, expected) => {
    const db = good();
    mutate(db);
    expect(compareSchema(model, db)).toEqual(expected);
  });
});
