/**
 * What the emulator keeps of the requests it receives, and how it reads their bodies. The log is a
 * ring of the latest requests, and a body is kept only up to a size, so a long run (or a client
 * sending large bodies) does not grow the emulator's memory without end. A body over the size the
 * service takes is refused with 413 before it is read whole.
 */
import type { IncomingMessage } from 'node:http';
import { fail, HttpFailure } from './envelope.js';

/** The largest request body taken, as the service's own limit on an API call's body. */
export const MAX_BODY_BYTES = 1 << 20;
/**
 * The deepest nesting of arrays and objects a body may have. The service's shapes nest a few levels
 * (a custom-field rule: 6); a body nesting thousands deep is refused before it is parsed or kept, since
 * writing it back (an answer, the state file) would overflow the stack.
 */
export const MAX_BODY_DEPTH = 64;
/** Default: how many requests the log keeps (the oldest go first). */
export const DEFAULT_RECORDED_REQUESTS = 1000;
/** Default: the largest body the log keeps; a larger one is recorded by its size alone. */
export const DEFAULT_RECORDED_BODY_BYTES = 64 * 1024;

export interface RecordedRequest {
  method: string;
  path: string;
  /** The parsed JSON body; undefined when there was none, or when it was over the kept size (`truncated`). */
  body: unknown;
  /** The body's size in bytes (0 without one). */
  bytes?: number;
  /** Set when the body was larger than the log keeps: only its size is recorded. */
  truncated?: true;
}

export interface RequestLogLimits {
  maxRequests?: number;
  maxBodyBytes?: number;
}

/** The latest requests, oldest first; `entries` is the array itself, so a test may read or clear it. */
export class RequestLog {
  readonly entries: RecordedRequest[] = [];
  private readonly maxRequests: number;
  private readonly maxBodyBytes: number;

  constructor(limits: RequestLogLimits = {}) {
    this.maxRequests = Math.max(1, limits.maxRequests ?? DEFAULT_RECORDED_REQUESTS);
    this.maxBodyBytes = limits.maxBodyBytes ?? DEFAULT_RECORDED_BODY_BYTES;
  }

  add(method: string, path: string): RecordedRequest {
    const recorded: RecordedRequest = { method, path, body: undefined };
    while (this.entries.length >= this.maxRequests) this.entries.shift();
    this.entries.push(recorded);
    return recorded;
  }

  /** Records the body read for `recorded`: whole up to the kept size, else its size and the mark. */
  keep(recorded: RecordedRequest, body: ReadBody): void {
    recorded.bytes = body.bytes;
    if (body.bytes <= this.maxBodyBytes) recorded.body = body.value;
    else recorded.truncated = true;
  }
}

export interface ReadBody {
  value: unknown;
  bytes: number;
}

/** A refusal of a body over the limit; the connection closes after it, so the rest is never read. */
function tooLarge(bytes: number | undefined): never {
  const size = bytes === undefined ? `over ${MAX_BODY_BYTES}` : String(bytes);
  const message = `the request body is ${size} bytes, over the limit of ${MAX_BODY_BYTES} bytes (1 MB)`;
  throw new HttpFailure(413, [{ code: 10002, message }], { Connection: 'close' });
}

/** The request's JSON body (undefined when empty), read up to MAX_BODY_BYTES. */
export async function readBody(request: IncomingMessage): Promise<ReadBody> {
  const declared = Number(request.headers['content-length']);
  if (declared > MAX_BODY_BYTES) tooLarge(declared);
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of request) {
    bytes += (chunk as Buffer).length;
    if (bytes > MAX_BODY_BYTES) tooLarge(undefined);
    chunks.push(chunk as Buffer);
  }
  if (bytes === 0) return { value: undefined, bytes };
  const text = Buffer.concat(chunks, bytes).toString('utf8');
  const depth = nestingOver(text, MAX_BODY_DEPTH);
  if (depth !== undefined)
    throw fail(
      400,
      6007,
      `the request body nests arrays and objects deeper than ${MAX_BODY_DEPTH} levels (at byte ${depth}); no request the service takes nests so deep`,
    );
  try {
    return { value: JSON.parse(text), bytes };
  } catch (error) {
    throw fail(400, 6007, `malformed JSON in the request body: ${(error as Error).message}`);
  }
}

/** The offset at which `text`'s arrays and objects nest deeper than `limit`, outside strings; undefined when they never do. */
function nestingOver(text: string, limit: number): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return i;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return undefined;
}
