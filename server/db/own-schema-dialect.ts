/**
 * Kysely's PostgreSQL dialect, with an introspector that reads only the connection's own schema
 * (its search_path's first). Kysely's own reads every schema of the database and resolves each by
 * name (has_schema_privilege, pg_get_serial_sequence), so a schema that another client drops during
 * the read fails it with 'schema "…" does not exist'. The migrator introspects at every start
 * (which of its bookkeeping tables exist), and this database may be shared: other apps' schemas,
 * the test suites' parallel workers (server/db/schemas-churn.test.ts).
 */
import {
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

/** Kysely's bookkeeping tables, hidden unless asked for (as Kysely's introspector does). */
const KYSELY_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

class OwnSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;

  constructor(db: Kysely<unknown>) {
    this.#db = db;
  }

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string | null }>`select current_schema() as name`.execute(this.#db);
    return rows.flatMap((row) => (row.name ? [{ name: row.name }] : []));
  }

  /** The tables and views of the own schema, with their columns. */
  async getTables(
    options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
  ): Promise<TableMetadata[]> {
    const { rows } = await sql<{
      table: string;
      schema: string;
      is_view: boolean;
      column: string;
      data_type: string;
      data_type_schema: string;
      is_nullable: boolean;
      has_default: boolean;
      is_auto_incrementing: boolean;
      comment: string | null;
    }>`select c.relname as table, n.nspname as schema, c.relkind in ('v', 'm') as is_view,
          a.attname as column, t.typname as data_type, tn.nspname as data_type_schema,
          not a.attnotnull as is_nullable, a.atthasdef as has_default,
          a.attidentity <> '' or coalesce(pg_get_expr(d.adbin, d.adrelid) like 'nextval(%', false)
            as is_auto_incrementing,
          col_description(c.oid, a.attnum) as comment
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        join pg_type t on t.oid = a.atttypid
        join pg_namespace tn on tn.oid = t.typnamespace
        left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
        where n.nspname = current_schema() and c.relkind in ('r', 'p', 'v', 'm')
        order by c.relname, a.attnum`.execute(this.#db);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && KYSELY_TABLES.has(row.table)) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.is_view, isForeign: false, columns: [] };
        tables.set(row.table, table);
      }
      (table.columns as TableMetadata['columns'][number][]).push({
        name: row.column,
        dataType: row.data_type,
        dataTypeSchema: row.data_type_schema,
        isNullable: row.is_nullable,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: row.is_auto_incrementing,
        comment: row.comment ?? undefined,
      });
    }
    return [...tables.values()];
  }
}

export class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}
