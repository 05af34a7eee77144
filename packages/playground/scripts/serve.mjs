// Serves the built playground (dist/) on 127.0.0.1: `pnpm playground` from the root, or the
// browser tests on a free port. Plain node:http, so nothing but the static files is involved.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../dist');

/**
 * Cross-origin isolation: with these two headers the page gets SharedArrayBuffer, which Z3's
 * threads (the compare pane) need. A host that cannot set them still serves every other pane.
 */
export const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
};

/**
 * Starts the server; resolves to it once listening (port 0 picks a free port). `isolated: false`
 * leaves out the cross-origin isolation headers, as a host that cannot set them would.
 */
export function serveStatic(root = DIST, port = 0, { isolated = true } = {}) {
  if (!existsSync(join(root, 'index.html'))) {
    throw new Error(`${root}/index.html is missing: build the playground first (pnpm run build)`);
  }
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
      ...(isolated ? ISOLATION_HEADERS : {}),
    });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolvePromise(server));
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const portArg = process.argv.indexOf('--port');
  const port = Number(portArg > 0 ? process.argv[portArg + 1] : (process.env.PORT ?? 4173));
  try {
    const server = await serveStatic(DIST, port);
    console.log(`logfilter playground: http://127.0.0.1:${server.address().port}/`);
  } catch (error) {
    console.error(`logfilter playground: ${error.message}`);
    process.exit(error.code === 'EADDRINUSE' ? 2 : 1);
  }
}
