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
  | { kind: 'reconnecting'; reason: string; attempt: number; delayMs: number }
  | { kind: 'recreating'; reason: string }
  | { kind: 'malformed'; text: string };

export interface StreamOptions {
  /** Ends the stream (the iterator returns) when aborted. */
  signal?: AbortSignal;
  onEvent?: (event: StreamEvent) => void;
  /** Connections in a row that may fail without a record before the stream gives up with a NetworkError (default 8). */
  maxReconnects?: number;
  /** First wait before a reconnect, doubled after each failure up to `reconnectMaxMs` (defaults 250 and 8 000). */
  reconnectBaseMs?: number;
  reconnectMaxMs?: number;
  /** Records held while the reader is busy; beyond this the socket is paused (default 1 000). */
  highWaterMark?: number;
}

const NORMAL_CLOSURE = 1000;

type Outcome = { kind: 'ended' } | { kind: 'gone'; reason: string } | { kind: 'dropped'; reason: string };

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

  /** Creates a session and yields its records as they come, until the server ends the stream or `signal` aborts; nothing in a dry run. */
  async *stream(zone: string, input: InstantLogsInput, options: StreamOptions = {}): AsyncGenerator<LiveLine, void, undefined> {
    const { signal, onEvent } = options;
    let session = await this.create(zone, input);
    if (!session) return;
    onEvent?.({ kind: 'session', session });
    const { WebSocket } = await import('ws');
    let failures = 0;
    while (!signal?.aborted) {
      const url = session.destination_conf;
      const connection = connect(WebSocket, url, this.transport.config.timeoutMs, options);
      let received = 0;
      let step: IteratorResult<LiveLine, Outcome>;
      try {
        for (step = await connection.next(); !step.done; step = await connection.next()) {
          if (received++ === 0) failures = 0;
          yield step.value;
        }
      } finally {
        // A reader that stops early (a break, --max) closes the connection here.
        await connection.return({ kind: 'ended' });
      }
      const outcome = step.value;
      if (outcome.kind === 'ended' || signal?.aborted) return;
      if (received === 0) failures++;
      if (failures > (options.maxReconnects ?? 8))
        throw new NetworkError(
          'connection',
          'GET',
          url,
          `the live log stream ${url} cannot be kept open: ${outcome.reason} (gave up after ${failures} attempts)`,
        );
      if (outcome.kind === 'gone') {
        onEvent?.({ kind: 'recreating', reason: outcome.reason });
        session = (await this.create(zone, input))!;
        onEvent?.({ kind: 'session', session });
        continue;
      }
      const attempt = Math.max(1, failures);
      const delayMs = Math.min(options.reconnectMaxMs ?? 8000, (options.reconnectBaseMs ?? 250) * 2 ** (attempt - 1)) * (1 + Math.random() * 0.25);
      onEvent?.({ kind: 'reconnecting', reason: outcome.reason, attempt, delayMs: Math.round(delayMs) });
      await sleep(delayMs, signal);
    }
  }
}

/** One WebSocket connection: yields its records, returns how it ended. */
async function* connect(
  WebSocket: typeof import('ws').WebSocket,
  url: string,
  timeoutMs: number,
  { signal, onEvent, highWaterMark = 1000 }: StreamOptions,
): AsyncGenerator<LiveLine, Outcome, undefined> {
  const queue: LiveLine[] = [];
  let head = 0;
  let outcome: Outcome | undefined;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  const socket = new WebSocket(url, { handshakeTimeout: timeoutMs, perMessageDeflate: false });
  socket.on('open', () => onEvent?.({ kind: 'connected', url }));
  socket.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => {
    for (const text of Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data as Buffer)])
      .toString('utf8')
      .split('\n')) {
      if (text.trim() === '') continue;
      const record = parse(text);
      if (record) queue.push({ text, record });
      else onEvent?.({ kind: 'malformed', text });
    }
    if (queue.length - head >= highWaterMark) socket.pause();
    notify();
  });
  socket.on('unexpected-response', (request, response) => {
    const status = response.statusCode ?? 0;
    response.resume();
    const reason = `the WebSocket upgrade was answered HTTP ${status}`;
    outcome ??= status === 404 || status === 410 ? { kind: 'gone', reason } : { kind: 'dropped', reason };
    request.destroy();
    notify();
  });
  socket.on('error', (error: Error) => {
    outcome ??= { kind: 'dropped', reason: error.message };
    notify();
  });
  socket.on('close', (code: number, why: Buffer) => {
    const reason = `the connection closed with code ${code}${why.length > 0 ? ` (${why.toString('utf8')})` : ''}`;
    outcome ??= code === NORMAL_CLOSURE ? { kind: 'ended' } : code === SESSION_GONE_CODE ? { kind: 'gone', reason } : { kind: 'dropped', reason };
    notify();
  });
  const abort = () => {
    outcome = { kind: 'ended' };
    notify();
  };
  signal?.addEventListener('abort', abort, { once: true });
  try {
    for (;;) {
      if (signal?.aborted) return { kind: 'ended' };
      if (head < queue.length) {
        const line = queue[head++];
        if (head === queue.length) queue.length = head = 0;
        if (socket.isPaused && queue.length - head < highWaterMark / 2) socket.resume();
        yield line;
        continue;
      }
      if (outcome) return outcome;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    signal?.removeEventListener('abort', abort);
    if (socket.readyState !== WebSocket.CLOSED) socket.terminate();
  }
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
