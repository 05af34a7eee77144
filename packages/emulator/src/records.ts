/**
 * Where the emulator's live records (Instant Logs) come from: an NDJSON file replayed in order, once
 * or in a loop, or else a seeded generator of plausible http_requests records. Both are read by
 * position, so a session that reconnects goes on from the position it had reached; and which
 * positions a sampled session keeps is a pure function of the seed and the position.
 */
import { readFileSync, statSync } from 'node:fs';

export type LiveRecord = Record<string, unknown>;

export interface RecordsOptions {
  /** An NDJSON file whose records are streamed in order (blank lines ignored, lines that are not JSON objects skipped). */
  replay?: string;
  /** Records per second (default: as fast as the client takes them for a replay, 10 for the generator). */
  rate?: number;
  /** Start the replay over at its end instead of ending the stream. */
  loop?: boolean;
  /** Seed of the generated records and of sampling (default 1). */
  seed?: number;
}

export interface RecordSource {
  /** The record at this position of the stream; undefined past the end of a replay that does not loop. */
  at(index: number): LiveRecord | undefined;
  /** Records per second; undefined for as fast as the client takes them. */
  readonly rate: number | undefined;
  readonly seed: number;
  /** One line for the start-up log: where the records come from. */
  readonly description: string;
}

/** The generator's pace when no rate is given: a stream a person can read. */
export const DEFAULT_GENERATED_RATE = 10;

export function recordSource(options: RecordsOptions = {}): RecordSource {
  const seed = options.seed ?? 1;
  if (options.replay === undefined) {
    const rate = options.rate ?? DEFAULT_GENERATED_RATE;
    return { at: (index) => generatedRecord(seed, index), rate, seed, description: `generated http_requests records (seed ${seed}, ${rate}/s)` };
  }
  const { records, skipped } = readReplay(options.replay);
  const loop = options.loop === true && records.length > 0;
  const pace = options.rate === undefined ? 'as fast as read' : `${options.rate}/s`;
  return {
    at: (index) => (loop ? records[index % records.length] : records[index]),
    rate: options.rate,
    seed,
    description:
      `replaying ${records.length} records from ${options.replay}${loop ? ' in a loop' : ''}, ${pace}` +
      (skipped.length > 0
        ? `; skipped ${skipped.length} line${skipped.length === 1 ? '' : 's'} that are not JSON objects (line ${skipped.slice(0, 5).join(', ')}${skipped.length > 5 ? ', ...' : ''})`
        : ''),
  };
}

/**
 * The largest replay file read. Its records are all kept in memory (a session reads them by position),
 * about three times the file's size, so a larger file is refused before it is read.
 */
export const MAX_REPLAY_BYTES = 32 * 1024 * 1024;

/** The records of an NDJSON file, and the numbers of the lines skipped; throws an Error saying why a file cannot be read. */
export function readReplay(path: string): { records: LiveRecord[]; skipped: number[] } {
  let text: string;
  try {
    const { size } = statSync(path);
    if (size > MAX_REPLAY_BYTES)
      throw new Error(
        `it is ${size} bytes, over the limit of ${MAX_REPLAY_BYTES} bytes (32 MiB): replay a part of it (e.g. head -n 100000 FILE > part.ndjson)`,
      );
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(
      `cannot read the replay file ${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (error as Error).message}`,
    );
  }
  const records: LiveRecord[] = [];
  const skipped: number[] = [];
  const lines = text.split(/\r?\n/);
  for (const [i, line] of lines.entries()) {
    if (line.trim() === '') continue;
    const value = parseLine(i === 0 && line.charCodeAt(0) === 0xfeff ? line.slice(1) : line);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) records.push(value as LiveRecord);
    else skipped.push(i + 1);
  }
  return { records, skipped };
}

/** The line's JSON value; undefined when it is not JSON. */
function parseLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

/** Whether a session sampling one in `sample` keeps the record at `index` (the same answer for every session and every run). */
export function sampled(seed: number, index: number, sample: number): boolean {
  return sample <= 1 || hash(seed, index) % sample === 0;
}

/** A 32-bit mix of the seed and the position (murmur3's finaliser). */
function hash(seed: number, index: number): number {
  let h = (Math.imul(seed >>> 0, 0x9e3779b1) ^ Math.imul(index >>> 0, 0x85ebca6b) ^ Math.floor(index / 2 ** 32)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Hosts, weighted (the API serves the most requests), and the paths each serves. */
const HOSTS = ['www.example.com', 'api.example.com', 'api.example.com', 'static.example.com', 'shop.example.com'];
const PATHS: Record<string, readonly string[]> = {
  'www.example.com': ['/', '/index.html', '/login', '/wp-login.php'],
  'api.example.com': ['/v1/items', '/v1/cart', '/v1/orders', '/v1/health'],
  'static.example.com': ['/assets/app.js', '/assets/site.css', '/images/logo.png'],
  'shop.example.com': ['/', '/cart', '/checkout', '/login'],
};
const METHODS = ['GET', 'GET', 'GET', 'GET', 'GET', 'POST', 'POST', 'PUT', 'DELETE', 'HEAD'];
const STATUSES = [200, 200, 200, 200, 200, 200, 200, 304, 301, 404, 404, 403, 429, 500, 502, 503];
/** The API's answers: errors are common there, a third of them server errors (examples/api-errors.lf finds them). */
const API_STATUSES = [200, 200, 201, 204, 400, 401, 404, 429, 500, 502, 503, 504];
const COUNTRIES = ['us', 'us', 'ca', 'gb', 'de', 'fr', 'jp', 'br', 'in', 'au', 'nl', 'sg'];
const COLOS = ['IAD', 'SJC', 'LHR', 'FRA', 'NRT', 'GRU', 'BOM', 'SYD', 'AMS', 'SIN'];
const CACHE = ['hit', 'hit', 'miss', 'dynamic', 'dynamic', 'expired', 'revalidated'];
const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'curl/8.5.0',
  'Googlebot/2.1 (+http://www.google.com/bot.html)',
];
/** The generated records' clock: 2025-01-01T00:00:00Z, a record every 100 ms. */
const EPOCH_MS = Date.UTC(2025, 0, 1);

/** The generated record at `index`: the same for the same seed and index. */
export function generatedRecord(seed: number, index: number): LiveRecord {
  let state = hash(seed, index);
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const host = pick(HOSTS);
  const path = pick(PATHS[host]);
  const status = pick(host === 'api.example.com' ? API_STATUSES : STATUSES);
  const start = EPOCH_MS + index * 100;
  const agent = pick(AGENTS);
  return {
    RayID: `${hash(seed ^ 0x5bd1e995, index)
      .toString(16)
      .padStart(8, '0')}${state.toString(16).padStart(8, '0')}`,
    EdgeStartTimestamp: new Date(start).toISOString(),
    EdgeEndTimestamp: new Date(start + 1 + Math.floor(next() * 400)).toISOString(),
    ClientIP: `${[198, 203, 192][Math.floor(next() * 3)]}.${Math.floor(next() * 256)}.${Math.floor(next() * 256)}.${1 + Math.floor(next() * 254)}`,
    ClientCountry: pick(COUNTRIES),
    ClientASN: pick([13335, 15169, 16509, 7922, 3320, 2856]),
    ClientDeviceType: agent.includes('iPhone') ? 'mobile' : 'desktop',
    ClientRequestHost: host,
    ClientRequestMethod: pick(METHODS),
    ClientRequestPath: path,
    ClientRequestURI: next() < 0.2 ? `${path}?page=${1 + Math.floor(next() * 9)}` : path,
    ClientRequestProtocol: pick(['HTTP/1.1', 'HTTP/2', 'HTTP/3']),
    ClientRequestUserAgent: agent,
    EdgeColoCode: pick(COLOS),
    EdgeResponseStatus: status,
    OriginResponseStatus: status === 304 || status === 429 ? 0 : status,
    EdgeResponseBytes: status === 304 ? 220 : 300 + Math.floor(next() * 60_000),
    CacheCacheStatus: pick(CACHE),
    BotScore: agent.startsWith('curl') || agent.startsWith('Googlebot') ? 1 + Math.floor(next() * 29) : 30 + Math.floor(next() * 70),
  };
}
