import { PostgresDialect, sql, type DatabaseIntrospector, type DatabaseMetadata, type Kysely, type PostgresDialectConfig, type SchemaMetadata, type TableMetadata } from 'kysely';

/**
 * What Kysely's migrator learns of the database: the tables of our own schema
 * only, by a plain catalog read. Kysely's own introspector reads every column
 * of every schema through functions that fail when another schema of the same
 * database changes at that moment ("schema … does not exist", "column … does
 * not exist"), which several instances or test files sharing one database do.
 */
class OwnSchemaIntrospector implements DatabaseIntrospector {
  constructor(
    private readonly db: Kysely<unknown>,
    private readonly schema: string,
  ) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<SchemaMetadata>`select nspname as name from pg_catalog.pg_namespace`.execute(this.db);
    return rows;
  }

  /** Names only: the migrator asks whether its own tables exist, nothing more. */
  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; isView: boolean }>`
      select c.relname as name, c.relkind = 'v' as "isView"
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${this.schema} and c.relkind in ('r', 'p', 'v')`.execute(this.db);
    return rows.map((row) => ({ name: row.name, isView: row.isView, schema: this.schema, columns: [] }));
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}

/** PostgreSQL whose introspection stays inside `schema`. */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  constructor(
    config: PostgresDialectConfig,
    private readonly schema: string,
  ) {
    super(config);
  }

  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db, this.schema);
  }
}
