/**
 * Instant Logs, a zone's HTTP requests live: sessions created and listed at
 * `/zones/{zone}/{segment}/edge/jobs` (`fields`, the filter JSON string, `sample`, kind
 * `instant-logs`), and the records of a session read from its WebSocket (`destination_conf`) as an
 * async iterator. A connection that drops is opened again with back-off; a session that is gone
 * (the upgrade answered 404, or closed with SESSION_GONE) is created again. The WebSocket carries no
 * credentials. `ws` is loaded on the first connection only, so importing this package stays light.
 */
import { segment } from './custom-fields.js';
import { NetworkError } from './errors.js';
import type { Transport } from './transport.js';
import { SESSION_GONE_CODE, type InstantLogsSession } from './wire.js';

/** What a session streams: field names comma-separated, the compiled filter as a JSON string ('' for none), one in `sample` records. */
export interface InstantLogsInput {
  fields: string;
  filter?: string;
  sample?: number;
}

/** One record as received: the line of text, and the object it holds. */
export interface LiveLine {
  text: string;
  record: Record<string, unknown>;
}

/** What happens to the stream besides records, for a caller that reports it. */
export type StreamEvent =
  | { kind: 'session'; session: InstantLogsSession }
  | { kind: 'connected'; url: string }
  /** A connection failed; the `attempt`-th reconnect in a row follows after `delayMs`. */
  | { kind: 'reconnecting'; reason: string; attempt: number; delayMs: number }
  /** The session is gone; a new one is created after `delayMs` (0 unless sessions keep going at once). */
  | { kind: 'recreating'; reason: string; attempt: number; delayMs: number }
  /**
   * Records were lost: a new session streams from the moment it opens, and the service offers no
   * position to resume from, so what the zone logged between `from` (the old session's last
   * connection ended) and `to` (the new session's connection opened) was not received.
   */
  | { kind: 'gap'; reason: string; from: Date; to: Date }
  | { kind: 'malformed'; text: string };

export interface StreamOptions {
  /** Ends the stream (the iterator returns) when aborted. */
  signal?: AbortSignal;
  onEvent?: (event: StreamEvent) => void;
  /** Reconnect attempts in a row that may fail before the stream gives up with a NetworkError (default 8). */
  maxReconnects?: number;
  /** How long a connection must stay open for the failures before it to be forgotten (default 10 000 ms). */
  stableMs?: number;
  /** First wait before a reconnect, doubled after each failure up to `reconnectMaxMs` (defaults 250 and 8 000). */
  reconnectBaseMs?: number;
  reconnectMaxMs?: number;
  /** The longest `Retry-After` of a refused upgrade that is waited out; a longer one waits this long (default 600 000 ms). */
  retryAfterMaxMs?: number;
  /**
   * A connection from which nothing (no record, no answer to a ping) is heard for this long is
   * closed and opened again (default 30 000 ms). It is checked, and a ping sent, every half of it, so
   * a quiet stream stays open and a silent or half-open one is noticed within 1.5 times this.
   */
  idleTimeoutMs?: number;
  /** The largest WebSocket message taken; a larger one closes the connection (code 1009) and it is opened again (default 16 MiB). */
  maxMessageBytes?: number;
  /** Bytes of received messages held while the reader is busy; beyond this the socket is paused (default 1 MiB). Lines are parsed one at a time as they are read. */
  highWaterBytes?: number;
}

/** Defaults of the stream's limits, as documented on StreamOptions. */
export const STREAM_DEFAULTS = {
  maxReconnects: 8,
  stableMs: 10_000,
  reconnectBaseMs: 250,
  reconnectMaxMs: 8_000,
  retryAfterMaxMs: 600_000,
  idleTimeoutMs: 30_000,
  maxMessageBytes: 16 * 1024 * 1024,
  highWaterBytes: 1024 * 1024,
} as const;
const NORMAL_CLOSURE = 1000;

/** How one connection ended: `openedAt` when it was open at all, `retryAfterMs` when the refusal asked for a wait. */
type Outcome = { kind: 'ended' } | { kind: 'gone' | 'dropped'; reason: string; openedAt?: number; retryAfterMs?: number };

export class InstantLogsApi {
  constructor(private readonly transport: Transport) {}

  private path(zone: string): string {
    return `/zones/${segment(zone)}/${this.transport.config.productSegment}/edge/jobs`;
  }

  /** POST .../edge/jobs; undefined in a dry run. A lost answer is sent again (an unused session only expires). */
  async create(zone: string, input: InstantLogsInput): Promise<InstantLogsSession | undefined> {
    const body = { fields: input.fields, filter: input.filter ?? '', sample: input.sample ?? 1, kind: 'instant-logs' };
    for (let attempt = 0; ; attempt++) {
      try {
        return (await this.transport.request<InstantLogsSession>('POST', this.path(zone), body))?.result;
      } catch (error) {
        if (!(error instanceof NetworkError) || error.kind === 'unreadable' || attempt >= this.transport.config.retries) throw error;
        await sleep(this.transport.config.retryBaseMs * 2 ** attempt);
      }
    }
  }

  /** GET .../edge/jobs: the zone's sessions. */
  async list(zone: string): Promise<InstantLogsSession[]> {
    const envelope = await this.transport.request<InstantLogsSession[]>('GET', this.path(zone));
    return Array.isArray(envelope?.result) ? envelope.result.filter((session) => session !== null) : [];
  }

  /**
   * Creates a session and yields its records as they come, until the server ends the stream or
   * `signal` aborts; nothing in a dry run. Failed connections are counted by time: a connection
   * that stayed open `stableMs` resets the count, whatever it carried; after `maxReconnects`
   * reconnects in a row that fail, a NetworkError ends the stream.
   */
  async *stream(zone: string, input: InstantLogsInput, options: StreamOptions = {}): AsyncGenerator<LiveLine, void, undefined> {
    const { signal, onEvent } = options;
    const limits = { ...STREAM_DEFAULTS, ...definedOnly(options) };
    let session = await this.create(zone, input);
    if (!session) return;
    onEvent?.({ kind: 'session', session });
    const { WebSocket } = await import('ws');
    let failures = 0;
    /** When the stream was last known live: the end of the last connection that had opened (or the first session's creation). */
    let liveUntil = Date.now();
    /** Set when a session was recreated: the gap is reported once the new session's connection opens. */
    let gap: { reason: string; from: number } | undefined;
    const opened = () => {
      if (!gap) return;
      onEvent?.({ kind: 'gap', reason: gap.reason, from: new Date(gap.from), to: new Date() });
      gap = undefined;
    };
    while (!signal?.aborted) {
      const url = session.destination_conf;
      const connection = connect(WebSocket, url, this.transport.config.timeoutMs, limits, options, opened);
      let step: IteratorResult<LiveLine, Outcome>;
      try {
        for (step = await connection.next(); !step.done; step = await connection.next()) yield step.value;
      } finally {
        // A reader that stops early (a break, --max) closes the connection here.
        await connection.return({ kind: 'ended' });
      }
      const outcome = step.value;
      if (outcome.kind === 'ended' || signal?.aborted) return;
      const now = Date.now();
      if (outcome.openedAt !== undefined) {
        liveUntil = now;
        if (now - outcome.openedAt >= limits.stableMs) failures = 0;
      }
      failures++;
      if (failures > limits.maxReconnects)
        throw new NetworkError(
          'connection',
          'GET',
          url,
          `the live log stream ${url} cannot be kept open: ${outcome.reason} (gave up after ${limits.maxReconnects} reconnect attempt${limits.maxReconnects === 1 ? '' : 's'} in a row)`,
        );
      const attempt = failures;
      const backOff = Math.min(limits.reconnectMaxMs, limits.reconnectBaseMs * 2 ** (attempt - 1)) * (1 + Math.random() * 0.25);
      const waited = outcome.retryAfterMs === undefined ? backOff : Math.max(backOff, Math.min(outcome.retryAfterMs, limits.retryAfterMaxMs));
      if (outcome.kind === 'gone') {
        // The first recreation in a row is at once; a new session that is gone again waits as a reconnect does.
        const delayMs = attempt === 1 && outcome.retryAfterMs === undefined ? 0 : Math.round(waited);
        onEvent?.({ kind: 'recreating', reason: outcome.reason, attempt, delayMs });
        if (delayMs > 0) await sleep(delayMs, signal);
        if (signal?.aborted) return;
        gap ??= { reason: `the session was recreated (${outcome.reason})`, from: liveUntil };
        session = (await this.create(zone, input))!;
        onEvent?.({ kind: 'session', session });
        continue;
      }
      onEvent?.({ kind: 'reconnecting', reason: outcome.reason, attempt, delayMs: Math.round(waited) });
      await sleep(waited, signal);
    }
  }
}

type Limits = { -readonly [K in keyof typeof STREAM_DEFAULTS]: number };

/** One WebSocket connection: yields its records, returns how it ended. */
async function* connect(
  WebSocket: typeof import('ws').WebSocket,
  url: string,
  timeoutMs: number,
  limits: Limits,
  { signal, onEvent }: StreamOptions,
  opened: () => void,
): AsyncGenerator<LiveLine, Outcome, undefined> {
  // Messages are kept as received and split into lines only as the reader takes them, so a large
  // message costs its own bytes, not an object per line.
  const messages: Buffer[] = [];
  let head = 0;
  let offset = 0;
  let queuedBytes = 0;
  let outcome: Outcome | undefined;
  let openedAt: number | undefined;
  let heardAt = Date.now();
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  const end = (ending: Outcome) => {
    outcome ??= ending.kind === 'ended' ? ending : { ...ending, openedAt };
    notify();
  };
  const socket = new WebSocket(url, { handshakeTimeout: timeoutMs, perMessageDeflate: false, maxPayload: limits.maxMessageBytes });
  const idle = setInterval(
    () => {
      if (socket.readyState !== WebSocket.OPEN) return;
      // A paused socket is not read, so its pongs are not heard either: the reader is the slow one.
      if (socket.isPaused) heardAt = Date.now();
      else if (Date.now() - heardAt >= limits.idleTimeoutMs) {
        end({ kind: 'dropped', reason: `nothing was heard on the connection for ${seconds(limits.idleTimeoutMs)} (no record, no answer to a ping)` });
        socket.terminate();
      } else socket.ping();
    },
    Math.max(1, limits.idleTimeoutMs / 2),
  );
  socket.on('open', () => {
    openedAt = heardAt = Date.now();
    onEvent?.({ kind: 'connected', url });
    opened();
  });
  socket.on('pong', () => (heardAt = Date.now()));
  socket.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => {
    heardAt = Date.now();
    const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
    messages.push(buffer);
    queuedBytes += buffer.length;
    if (queuedBytes >= limits.highWaterBytes) socket.pause();
    notify();
  });
  socket.on('unexpected-response', (request, response) => {
    const status = response.statusCode ?? 0;
    response.resume();
    const retryAfterMs = status === 429 || status === 503 ? retryAfter(response.headers['retry-after']) : undefined;
    const reason = `the WebSocket upgrade was answered HTTP ${status}${retryAfterMs === undefined ? '' : ` (Retry-After: ${seconds(retryAfterMs)})`}`;
    end(status === 404 || status === 410 ? { kind: 'gone', reason } : { kind: 'dropped', reason, retryAfterMs });
    request.destroy();
  });
  socket.on('error', (error: Error & { code?: string }) => {
    const reason =
      error.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH'
        ? `a message larger than the limit of ${limits.maxMessageBytes} bytes was refused (its records are lost)`
        : error.message;
    end({ kind: 'dropped', reason });
  });
  socket.on('close', (code: number, why: Buffer) => {
    const reason = `the connection closed with code ${code}${why.length > 0 ? ` (${why.toString('utf8')})` : ''}`;
    end(code === NORMAL_CLOSURE ? { kind: 'ended' } : code === SESSION_GONE_CODE ? { kind: 'gone', reason } : { kind: 'dropped', reason });
  });
  const abort = () => {
    outcome = { kind: 'ended' };
    notify();
  };
  signal?.addEventListener('abort', abort, { once: true });
  /** The next line of the held messages; undefined when none is left. */
  const nextLine = (): string | undefined => {
    while (head < messages.length) {
      const buffer = messages[head];
      const newline = buffer.indexOf(0x0a, offset);
      const text = buffer.toString('utf8', offset, newline === -1 ? buffer.length : newline);
      if (newline === -1) {
        messages[head++] = EMPTY;
        queuedBytes -= buffer.length;
        offset = 0;
        if (head === messages.length) messages.length = head = 0;
        if (socket.isPaused && queuedBytes < limits.highWaterBytes / 2) socket.resume();
      } else offset = newline + 1;
      if (text.trim() !== '') return text;
    }
    return undefined;
  };
  try {
    for (;;) {
      if (signal?.aborted) return { kind: 'ended' };
      const text = nextLine();
      if (text !== undefined) {
        const record = parse(text);
        if (record) yield { text, record };
        else onEvent?.({ kind: 'malformed', text });
        continue;
      }
      if (outcome) return outcome;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    clearInterval(idle);
    signal?.removeEventListener('abort', abort);
    if (socket.readyState !== WebSocket.CLOSED) socket.terminate();
  }
}

const EMPTY = Buffer.alloc(0);

/** A `Retry-After` header as milliseconds: seconds, or an HTTP date; undefined when absent or unreadable. */
function retryAfter(header: string | string[] | undefined): number | undefined {
  const text = Array.isArray(header) ? header[0] : header;
  if (text === undefined || text.trim() === '') return undefined;
  if (/^\s*\d+\s*$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

function definedOnly(options: StreamOptions): Partial<Limits> {
  const out: Partial<Limits> = {};
  for (const key of Object.keys(STREAM_DEFAULTS) as (keyof Limits)[]) {
    const value = options[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
}

function parse(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
