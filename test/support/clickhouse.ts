/**
 * A private ClickHouse server for one test file: Debian's clickhouse-server (18.16), a temporary
 * data folder, its HTTP interface alone on a free port of 127.0.0.1, stopped afterwards. Missing
 * binaries are an error, never a skip (scripts/ensure-debian-package.sh installs them; `pnpm test:all`
 * runs it).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './postgres.js';

const CLICKHOUSE_SERVER = '/usr/sbin/clickhouse-server';

export interface ClickHouse {
  /** Runs one statement (with `data` after it, for an INSERT); the answer's text, TabSeparated. */
  query(sql: string, data?: string): Promise<string>;
  stop(): Promise<void>;
}

function config(dir: string, port: number): string {
  return `<?xml version="1.0"?>
<yandex>
  <logger><level>warning</level><log>${dir}/server.log</log><errorlog>${dir}/error.log</errorlog></logger>
  <http_port>${port}</http_port>
  <listen_host>127.0.0.1</listen_host>
  <path>${dir}/data/</path>
  <tmp_path>${dir}/data/tmp/</tmp_path>
  <user_files_path>${dir}/data/user_files/</user_files_path>
  <format_schema_path>${dir}/data/format_schemas/</format_schema_path>
  <users_config>${dir}/users.xml</users_config>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <mark_cache_size>67108864</mark_cache_size>
  <uncompressed_cache_size>67108864</uncompressed_cache_size>
  <mlock_executable>false</mlock_executable>
</yandex>
`;
}

const USERS = `<?xml version="1.0"?>
<yandex>
  <profiles><default><max_query_size>67108864</max_query_size><max_threads>1</max_threads></default></profiles>
  <users><default><password></password><networks><ip>127.0.0.1</ip></networks><profile>default</profile><quota>default</quota></default></users>
  <quotas><default></default></quotas>
</yandex>
`;

export async function startClickHouse(): Promise<ClickHouse> {
  if (!existsSync(CLICKHOUSE_SERVER))
    throw new Error('ClickHouse is not installed: pnpm test:all installs it through scripts/ensure-debian-package.sh (Debian package clickhouse-server)');
  const dir = mkdtempSync(join(tmpdir(), 'logfilter-clickhouse-'));
  const port = await freePort();
  writeFileSync(join(dir, 'config.xml'), config(dir, port));
  writeFileSync(join(dir, 'users.xml'), USERS);
  const server: ChildProcess = spawn(CLICKHOUSE_SERVER, [`--config-file=${join(dir, 'config.xml')}`], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  let failed: Error | undefined;
  server.once('error', (error) => (failed = error));

  const query = async (sql: string, data?: string): Promise<string> => {
    const response = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: data === undefined ? sql : `${sql}\n${data}` });
    const text = await response.text();
    if (!response.ok) throw new Error(`ClickHouse said ${response.status}: ${text.slice(0, 2000)}`);
    return text;
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (failed || server.exitCode !== null) {
      const log = existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8').slice(-2000) : '';
      throw new Error(`clickhouse-server did not start: ${failed?.message ?? `exit code ${server.exitCode}`}\n${log}`);
    }
    try {
      if ((await query('SELECT 1')).trim() === '1') break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`clickhouse-server did not answer on 127.0.0.1:${port} within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    query,
    async stop() {
      server.kill('SIGKILL');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
