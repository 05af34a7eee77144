// Generates an NDJSON file of http_requests log lines, as the service delivers them, for the
// evaluation benchmark: `node bench/make-logs.mjs [MiB] [path] [--wide]` (default 128 MiB under
// bench/data/, which is not committed). Lines have 20 fields (about 650 bytes); with --wide, 60
// fields (about 1.9 KB), near the file of issue 28's figures (60 fields, 1.8 KB):
// `node bench/make-logs.mjs 1024 /tmp/logs-1gib.ndjson --wide`. Deterministic: the same size and
// form give the same file.
import { createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
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
function logLine(next, index) {
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

/** The http_requests fields beyond logLine's, up to 60 in all, each with its catalog type. */
const EXTRA_FIELDS = (() => {
  const catalog = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../packages/core/catalog/http_requests.json'), 'utf8'));
  const base = new Set(Object.keys(JSON.parse(logLine(random(1), 0))));
  return catalog.fields.filter((field) => !base.has(field.name)).slice(0, 40);
})();

const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet', 'kilo', 'lima'];

/** A line of 60 fields (about 1.9 KB): logLine's and 40 more, each a value of its catalog type. */
function wideLogLine(next, index) {
  const record = JSON.parse(logLine(next, index));
  const word = () => WORDS[Math.floor(next() * WORDS.length)];
  const text = () => `${word()}-${word()}-${Math.floor(next() * 1e3)}`;
  for (const { name, type } of EXTRA_FIELDS) {
    if (type === 'int') record[name] = Math.floor(next() * 100000);
    else if (type === 'float') record[name] = Math.round(next() * 1e4) / 100;
    else if (type === 'bool') record[name] = next() < 0.5;
    else if (type.startsWith('array')) record[name] = type.includes('int') ? [Math.floor(next() * 100), Math.floor(next() * 100)] : [text(), word()];
    else if (/Timestamp$/.test(name)) record[name] = new Date(Date.UTC(2024, 0, 1) + index * 37).toISOString();
    else record[name] = next() < 0.2 ? '' : text();
  }
  return JSON.stringify(record);
}

/** Writes `path` with at least `mebibytes` MiB of lines (through a temporary file, so a cut run leaves none). */
export async function makeLogs(path, mebibytes, { wide = false } = {}) {
  const line = wide ? wideLogLine : logLine;
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.partial`;
  const out = createWriteStream(temporary);
  const next = random(mebibytes);
  const target = mebibytes * 1024 * 1024;
  let written = 0;
  let index = 0;
  while (written < target) {
    let chunk = '';
    while (chunk.length < 1 << 20) chunk += `${line(next, index++)}\n`;
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
  const args = process.argv.slice(2).filter((arg) => arg !== '--wide');
  const wide = process.argv.includes('--wide');
  const mebibytes = Number(args[0] ?? 128);
  const path = args[1] ?? join(DATA_DIR, `logs-${mebibytes}mib${wide ? '-wide' : ''}.ndjson`);
  const { bytes, lines } = await makeLogs(path, mebibytes, { wide });
  console.log(`${path}: ${lines} lines, ${(bytes / 1048576).toFixed(1)} MiB`);
}
