// Generates an NDJSON file of http_requests log lines, as the service delivers them, for the
// evaluation benchmark: `node bench/make-logs.mjs [MiB] [path]` (default 128 MiB under bench/data/,
// which is not committed). Deterministic: the same size gives the same file.
import { createWriteStream, existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const DATA_DIR = join(dirname(fileURLToPath(import.meta.url)), 'data');

/** A small seeded generator (mulberry32), so the data does not change between runs. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COUNTRIES = ['us', 'ca', 'gb', 'de', 'fr', 'jp', 'br', 'in', 'au', 'nl', 'se', 'cn', 'ru'];
const HOSTS = ['example.com', 'www.example.com', 'api.example.com', 'static.example.com'];
const PATHS = ['/', '/index.html', '/api/v1/users', '/api/v1/orders/8812', '/static/app.js', '/static/site.css', '/health', '/favicon.ico', '/search'];
const METHODS = ['GET', 'GET', 'GET', 'GET', 'POST', 'PUT', 'DELETE', 'HEAD'];
const STATUSES = [200, 200, 200, 200, 200, 204, 301, 304, 403, 404, 429, 500, 502, 503];
const CACHE = ['hit', 'hit', 'miss', 'expired', 'bypass', 'dynamic'];
const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  'curl/8.5.0',
  'Googlebot/2.1 (+http://www.google.com/bot.html)',
];

/** One log line as the service writes it: RFC 3339 timestamps, the usual http_requests fields. */
export function logLine(next, index) {
  const pick = (list) => list[Math.floor(next() * list.length)];
  const start = Date.UTC(2024, 0, 1) + index * 37;
  const record = {
    RayID: `${((index * 2654435761) >>> 0).toString(16).padStart(8, '0')}a1b2c3d4`,
    EdgeStartTimestamp: new Date(start).toISOString(),
    EdgeEndTimestamp: new Date(start + Math.floor(next() * 900)).toISOString(),
    ClientIP: `${1 + Math.floor(next() * 223)}.${Math.floor(next() * 256)}.${Math.floor(next() * 256)}.${Math.floor(next() * 256)}`,
    ClientCountry: pick(COUNTRIES),
    ClientRequestHost: pick(HOSTS),
    ClientRequestMethod: pick(METHODS),
    ClientRequestPath: pick(PATHS),
    ClientRequestURI: `${pick(PATHS)}?q=${Math.floor(next() * 1e6)}`,
    ClientRequestUserAgent: pick(AGENTS),
    ClientRequestBytes: 200 + Math.floor(next() * 4000),
    EdgeResponseStatus: pick(STATUSES),
    EdgeResponseBytes: Math.floor(next() * 200_000),
    OriginResponseDurationMs: Math.floor(next() * 2000),
    CacheCacheStatus: pick(CACHE),
    CacheReserveUsed: next() < 0.1,
    BotScore: 1 + Math.floor(next() * 99),
    BotDetectionIDs: next() < 0.2 ? [Math.floor(next() * 10) + 1] : [],
    WAFAttackScore: 1 + Math.floor(next() * 99),
    SecurityAction: next() < 0.05 ? 'block' : '',
  };
  return JSON.stringify(record);
}

/** Writes `path` with at least `mebibytes` MiB of lines (through a temporary file, so a cut run leaves none). */
export async function makeLogs(path, mebibytes) {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.partial`;
  const out = createWriteStream(temporary);
  const next = random(mebibytes);
  const target = mebibytes * 1024 * 1024;
  let written = 0;
  let index = 0;
  while (written < target) {
    let chunk = '';
    while (chunk.length < 1 << 20) chunk += `${logLine(next, index++)}\n`;
    written += Buffer.byteLength(chunk);
    if (!out.write(chunk)) await new Promise((resolve) => out.once('drain', resolve));
  }
  await new Promise((resolve, reject) => out.end((error) => (error ? reject(error) : resolve())));
  renameSync(temporary, path);
  return { path, bytes: written, lines: index };
}

/** The path of a generated file of `mebibytes` MiB, made when absent. */
export async function ensureLogs(mebibytes) {
  const path = join(DATA_DIR, `logs-${mebibytes}mib.ndjson`);
  if (!existsSync(path) || statSync(path).size < mebibytes * 1024 * 1024) await makeLogs(path, mebibytes);
  return path;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const mebibytes = Number(process.argv[2] ?? 128);
  const path = process.argv[3] ?? join(DATA_DIR, `logs-${mebibytes}mib.ndjson`);
  const { bytes, lines } = await makeLogs(path, mebibytes);
  console.log(`${path}: ${lines} lines, ${(bytes / 1048576).toFixed(1)} MiB`);
}
