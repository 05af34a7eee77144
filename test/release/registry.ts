/**
 * The release test's world: a verdaccio registry on 127.0.0.1 (storage in a temp folder) holding
 * this workspace's packed public packages, and plain npm with a fresh HOME, cache and global prefix
 * that takes @logfilter/* from that registry and every other package from the npm registry (a
 * scoped registry, so verdaccio needs no uplink). Commands run as child processes, asynchronously.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { REPO_ROOT } from '../support/cli.js';

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `command` to its end (never throws for a non-zero exit: the caller looks at `code`). */
export function run(command: string, args: string[], options: { env: NodeJS.ProcessEnv; cwd?: string; input?: string }): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = execFile(command, args, { env: options.env, cwd: options.cwd, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') reject(error);
      else resolve({ code: error ? (error.code as number) : 0, stdout, stderr });
    });
    child.stdin?.on('error', () => {}); // the command may exit before reading all of its input
    child.stdin?.end(options.input ?? '');
  });
}

/** Fails with the command's output when it did not exit 0. */
export async function ok(result: Promise<Run>, what: string): Promise<Run> {
  const done = await result;
  if (done.code !== 0) throw new Error(`${what} exited ${done.code}\n${done.stdout}\n${done.stderr}`);
  return done;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

export interface World {
  root: string;
  registry: string;
  /** The environment of a user with nothing installed: fresh HOME, npm cache and global prefix on PATH. */
  env: NodeJS.ProcessEnv;
  /** The global prefix's bin folder (where `npm i -g` puts `logfilter`). */
  globalBin: string;
  globalModules: string;
  /** Stops the registry and removes the temp folder (registry storage, HOME, cache, prefix, projects). */
  stop: () => void;
}

/** A registry with every public package of the workspace published to it (packed once, from the built workspace). */
export async function startWorld(): Promise<World> {
  const root = mkdtempSync(join(tmpdir(), 'logfilter-release-test-'));
  const port = await freePort();
  const registry = `http://127.0.0.1:${port}/`;
  const config = join(root, 'verdaccio.yaml');
  writeFileSync(
    config,
    [
      `storage: ${JSON.stringify(join(root, 'storage'))}`,
      'auth:',
      '  htpasswd:',
      `    file: ${JSON.stringify(join(root, 'htpasswd'))}`,
      'uplinks: {}',
      'packages:',
      "  '@logfilter/*':",
      '    access: $all',
      '    publish: $authenticated',
      "  '**':",
      '    access: $all',
      'log: { type: stdout, format: pretty, level: error }',
      '',
    ].join('\n'),
  );
  const server: ChildProcess = spawn(join(REPO_ROOT, 'node_modules', '.bin', 'verdaccio'), ['--config', config, '--listen', `127.0.0.1:${port}`], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => {
    server.kill();
    rmSync(root, { recursive: true, force: true });
  };
  try {
    await waitFor(`${registry}-/ping`, server);
    const user = await fetch(`${registry}-/user/org.couchdb.user:release`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'release', password: 'release-test-only' }),
    });
    const { token } = (await user.json()) as { token: string };

    const home = join(root, 'home');
    const prefix = join(root, 'prefix');
    mkdirSync(home);
    mkdirSync(prefix);
    writeFileSync(
      join(home, '.npmrc'),
      [`@logfilter:registry=${registry}`, `//127.0.0.1:${port}/:_authToken=${token}`, 'fund=false', 'audit=false', 'update-notifier=false', ''].join('\n'),
    );
    // No npm_* variables of the pnpm that runs the tests: a user's shell has none.
    const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(npm_|pnpm_|PNPM_)/i.test(key)));
    Object.assign(env, {
      HOME: home,
      USERPROFILE: home,
      XDG_CACHE_HOME: join(home, '.cache'),
      npm_config_cache: join(root, 'npm-cache'),
      npm_config_prefix: prefix,
      PATH: [join(prefix, 'bin'), dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(delimiter),
    });
    delete env.NODE_OPTIONS;
    // pnpm sets NODE_PATH to its store of hoisted packages: with it, a package the user has not installed is found.
    delete env.NODE_PATH;
    delete env.NO_COLOR;
    delete env.FORCE_COLOR;

    const packs = await ok(
      run(process.execPath, [join(REPO_ROOT, 'scripts', 'release-pack.mjs'), join(root, 'packs')], { env: process.env, cwd: REPO_ROOT }),
      'packing',
    );
    for (const tarball of packs.stdout.trim().split('\n')) await ok(run('npm', ['publish', tarball], { env, cwd: root }), `npm publish ${tarball}`);
    return { root, registry, env, globalBin: join(prefix, 'bin'), globalModules: join(prefix, 'lib', 'node_modules'), stop };
  } catch (error) {
    stop();
    throw error;
  }
}

async function waitFor(url: string, server: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (server.exitCode !== null) throw new Error(`verdaccio exited ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`verdaccio did not answer ${url} within 30 s`);
}

/** A folder holding a package.json (an ES module project), for `npm install` into. */
export function project(world: World, name: string): string {
  const dir = join(world.root, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', private: true, type: 'module' }));
  return dir;
}

/** One LSP message framed as on the wire. */
const lspFrame = (message: object) => {
  const body = JSON.stringify(message);
  return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
};

/**
 * Starts `command` (a language server on stdio), sends initialize and resolves with the result of
 * its answer, then asks it to shut down and exit; rejects if it exits first or says nothing in 30 s.
 */
export function lspInitialize(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = Buffer.alloc(0);
    let stderr = '';
    let answered = false;
    // The server exits after `exit`: a write after that is no error of the test's.
    child.stdin.on('error', () => {});
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`no answer to initialize in 30 s\n${stderr}`));
    }, 30_000);
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the language server exited ${code} before answering initialize\n${stderr}`));
    });
    child.stdout.on('data', (chunk: Buffer) => {
      if (answered) return;
      output = Buffer.concat([output, chunk]);
      const header = /Content-Length: (\d+)\r\n\r\n/.exec(output.toString('latin1'));
      if (!header) return;
      const start = header.index + header[0].length;
      if (output.length < start + Number(header[1])) return;
      const message = JSON.parse(output.subarray(start, start + Number(header[1])).toString('utf8'));
      clearTimeout(timer);
      answered = true;
      child.stdin.write(lspFrame({ jsonrpc: '2.0', id: 2, method: 'shutdown' }) + lspFrame({ jsonrpc: '2.0', method: 'exit' }));
      resolve(message.result);
    });
    child.stdin.write(lspFrame({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } }));
  });
}

export const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));
