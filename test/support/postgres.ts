/**
 * A private Postgres server for one test file: Debian's binaries, a temporary data folder, a free
 * port on 127.0.0.1, stopped afterwards. Missing binaries are an error, never a skip
 * (scripts/ensure-debian-package.sh installs them; `pnpm test:all` runs it).
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Postgres {
  /** Runs an SQL script and returns psql's unaligned, tuples-only output lines. */
  query(script: string): string[];
  stop(): void;
}

function binaries(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((version) => existsSync(join(root, version, 'bin/initdb'))) : [];
  if (versions.length === 0)
    throw new Error('Postgres is not installed: pnpm test:all installs it through scripts/ensure-debian-package.sh (Debian package postgresql)');
  return join(root, versions.sort((a, b) => Number(b) - Number(a))[0], 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startPostgres(): Promise<Postgres> {
  const bin = binaries();
  const dir = mkdtempSync(join(tmpdir(), 'logfilter-postgres-'));
  chmodSync(dir, 0o777);
  // initdb refuses to run as root: the server runs as Debian's postgres user then.
  const asOwner = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  const run = (command: string, args: string[], input?: string) => {
    const [file, ...rest] = [...asOwner, command, ...args];
    return execFileSync(file, rest, { input, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'], maxBuffer: 64 << 20 });
  };
  const data = join(dir, 'data');
  const port = await freePort();
  run(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync', '--locale', 'C.UTF-8']);
  run(join(bin, 'pg_ctl'), ['-D', data, '-w', '-l', join(dir, 'log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  return {
    query(script) {
      const file = join(dir, 'script.sql');
      writeFileSync(file, script);
      chmodSync(file, 0o644);
      const output = run(join(bin, 'psql'), ['-X', '-q', '-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-At', '-v', 'ON_ERROR_STOP=1', '-f', file]);
      return output.split('\n').filter((line) => line !== '');
    },
    stop() {
      run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
    },
  };
}
