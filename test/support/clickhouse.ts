/**
 * A private ClickHouse for one test file: a current ClickHouse (26.x) embedded through the npm
 * package chdb (a test-only devDependency, 546 MB, so only the SQL agreement files load it), in a
 * session whose data lives in a temporary folder removed afterwards. Nothing listens on a port.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Session } from 'chdb';

export interface ClickHouse {
  /** Runs one statement (with `data` after it, for an INSERT); the answer's text, TabSeparated unless the statement names a FORMAT. */
  query(sql: string, data?: string): Promise<string>;
  /** The server's version, e.g. `26.7.2.1`. */
  version: string;
  stop(): Promise<void>;
}

export async function startClickHouse(): Promise<ClickHouse> {
  const dir = mkdtempSync(join(tmpdir(), 'logfilter-clickhouse-'));
  const session = new Session(dir);
  const query = async (sql: string, data?: string): Promise<string> => {
    const statement = data === undefined ? sql : `${sql}\n${data}`;
    try {
      return session.query(statement, 'TabSeparated');
    } catch (error) {
      throw new Error(`ClickHouse said: ${String((error as Error).message ?? error).slice(0, 2000)}\nin: ${statement.slice(0, 500)}`);
    }
  };
  // The agreement tests ask 50 filters a query: more text and syntax than the defaults allow one query.
  await query('SET max_query_size = 67108864');
  await query('SET max_ast_elements = 10000000');
  await query('SET max_expanded_ast_elements = 10000000');
  const version = (await query('SELECT version()')).trim();
  return {
    query,
    version,
    async stop() {
      session.cleanup();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
