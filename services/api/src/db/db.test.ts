import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testBackends } from '../testing/index.js'
import { type Database, migrations, openDatabase, openPglite, runMigrations, temporaryDataDir } from './index.js'

describe('PGlite on disk', () => {
  it('keeps data across restarts and does not migrate twice', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portico-pglite-'))
    try {
      const first = await openDatabase({ dataDir })
      await first.query("insert into names (name, address) values ('kept.portico.id', '0xabc')")
      await first.close()
      const second = await openDatabase({ dataDir })
      expect(await runMigrations(second)).toEqual([])
      expect(await second.query('select name from names')).toEqual([{ name: 'kept.portico.id' }])
      await second.close()
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 120_000) // two opens on disk, the first one running initdb: well over 30 s on a loaded 2-core machine
})

describe('PGlite settings and set-up', () => {
  it('runs with small buffers, in memory and on disk (its WebAssembly memory never shrinks)', async () => {
    const memory = await openPglite()
    const temp = temporaryDataDir('portico-pglite-')
    try {
      expect(await memory.query('show shared_buffers')).toEqual([{ shared_buffers: '16MB' }])
      const disk = await openPglite(temp.dir)
      expect(await disk.query('show shared_buffers')).toEqual([{ shared_buffers: '16MB' }])
      expect(await disk.query('show work_mem')).toEqual([{ work_mem: '1MB' }])
      await disk.close()
    } finally {
      await memory.close()
      temp.remove()
    }
    // two initdbs (one in memory, one in a child process): seconds each, more on a loaded machine
  }, 120_000)

  it('initialises a new directory in a child process and opens it; the temporary directory is removed', async () => {
    const temp = temporaryDataDir('portico-pglite-')
    const dir = join(temp.dir, 'nested', 'db')
    const db = await openPglite(dir)
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true)
    expect(await db.query('select 1 + 1 as two')).toEqual([{ two: 2 }])
    await db.close()
    temp.remove()
    expect(existsSync(temp.dir)).toBe(false)
  }, 120_000)

  it('says which directory could not be initialised', async () => {
    const temp = temporaryDataDir('portico-pglite-')
    try {
      // a file where the database's directory should be
      writeFileSync(join(temp.dir, 'db'), 'not a directory')
      await expect(openPglite(join(temp.dir, 'db', 'inner'))).rejects.toThrow(/db/)
    } finally {
      temp.remove()
    }
  })
})

describe.each(testBackends())('database adapter [$name]', (backend) => {
  describe.skipIf(backend.skip)(backend.skip ? 'skipped: set PORTICO_TEST_POSTGRES=1' : 'adapter', () => {
    let db: Database
    let cleanup: () => Promise<void>

    beforeAll(async () => {
      const opened = await backend.open()
      cleanup = opened.cleanup
      db = await openDatabase({ url: opened.options.databaseUrl })
    })
    afterAll(async () => {
      await db?.close()
      await cleanup?.()
    })

    it('is the requested kind and has applied every migration once', async () => {
      expect(db.kind).toBe(backend.name)
      const rows = await db.query<{ id: string }>('select id from portico_migrations order by id')
      expect(rows.map((r) => r.id)).toEqual(migrations.map((m) => m.id))
      expect(await runMigrations(db)).toEqual([])
    })

    it('serialises concurrent migration runs (replicas starting together)', async () => {
      const extra = [...migrations, { id: '9999_test_extra', sql: 'create table test_extra (id int primary key)' }]
      const results = await Promise.all([runMigrations(db, extra), runMigrations(db, extra), runMigrations(db, extra)])
      expect(results.flat()).toEqual(['9999_test_extra'])
    })

    it('returns int8 as numbers, numeric as strings, jsonb as objects and timestamptz as Date on both adapters', async () => {
      const [row] = await db.query<{ big: number; amount: string; doc: { a: number }; at: Date }>(
        `select 9007199254740991::int8 as big, 123456789012345678901234567890::numeric(78,0) as amount,
                '{"a":1}'::jsonb as doc, now() as at`,
      )
      expect(row.big).toBe(9007199254740991)
      expect(row.amount).toBe('123456789012345678901234567890')
      expect(row.doc).toEqual({ a: 1 })
      expect(row.at).toBeInstanceOf(Date)
    })

    it('commits transactions that resolve and rolls back those that throw', async () => {
      await db.exec('create table tx_test (id int primary key)')
      await db.transaction(async (tx) => {
        await tx.query('insert into tx_test values ($1)', [1])
      })
      await expect(
        db.transaction(async (tx) => {
          await tx.query('insert into tx_test values ($1)', [2])
          throw new Error('boom')
        }),
      ).rejects.toThrow('boom')
      expect(await db.query('select id from tx_test order by id')).toEqual([{ id: 1 }])
    })
  })
})
