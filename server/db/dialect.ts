import { PostgresAdapter } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/** Anything that runs queries: a Kysely instance of any schema, or a transaction. */
interface HasExecutor {
  getExecutor(): { readonly adapter: object };
}

/** Which database a Kysely instance talks to, for the few places where SQL differs. */
export function dialectOf(db: HasExecutor): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
