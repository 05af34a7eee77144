/**
 * Instant Logs: `POST|GET /zones/{zone}/{segment}/edge[/jobs]` creates and lists sessions, checked as
 * the service checks them (fields of http_requests, the filter as for jobs, a positive whole
 * sample); each session's `destination_conf` is a WebSocket address on this same server, which
 * streams the records of the emulator's source (records.ts) through the session's filter (core's
 * matcher) and sample, one JSON record per text message. The records happen on one clock for the
 * whole emulator (see `head`): a new session starts from now, as the service's does, so a client that
 * has to create a new session misses what happened in between (and sees nothing twice). A connection
 * that drops resumes where the last one of the same session stopped: the session keeps its position
 * (the service documents no such thing; the emulator is kind here). Faults apply to the upgrade (as a
 * GET of the session's path) and to each message (as method `MESSAGE`).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { checkLogpullOptions, matcher, type Catalog, type RecordTest } from '@logfilter/core';
import { WebSocket, WebSocketServer } from 'ws';
import { SESSION_GONE_CODE, type InstantLogsSession } from '@logfilter/api';
import { fail, HttpFailure, type EnvelopeError } from './envelope.js';
import type { Fault, Faults } from './faults.js';
import { checkFilterString, type FilterLimits } from './filter-check.js';
import { sampled, type LiveRecord, type RecordSource } from './records.js';

/** The path of a session's WebSocket, after the server's origin. */
export const SESSION_PATH = '/instant-logs/ws/sessions/';
/** A session no client has been connected to for this long is gone (a 404 on the upgrade). */
export const DEFAULT_SESSION_IDLE_MS = 5 * 60_000;

const INVALID = 1004;
const MEMBERS = new Set(['fields', 'filter', 'sample', 'kind']);

interface Session {
  answer: InstantLogsSession;
  zone: string;
  fields: string[];
  test: RecordTest | undefined;
  /** Position in the source of the next record to consider; set when the first client connects (the session starts from now). */
  next?: number;
  socket?: WebSocket;
  /** When the last client went away. */
  idleSince: number;
}

export interface InstantLogsHooks {
  catalog: Catalog;
  faults: Faults;
  limits: FilterLimits;
  idleMs?: number;
  log?: (line: string) => void;
  /** Called with each upgrade request, as the server records its requests. */
  record?: (method: string, path: string) => void;
}

export class InstantLogs {
  /** `ws://HOST:PORT`, set once the server listens. */
  origin = 'ws://127.0.0.1';
  private readonly sessions = new Map<string, Session>();
  private readonly server = new WebSocketServer({ noServer: true });
  /** When the first client connected to any session: a rated source's records happen at their pace from here. */
  private clockStart: number | undefined;
  /** The position past every record some session has been through. */
  private furthest = 0;

  constructor(
    readonly source: RecordSource,
    private readonly hooks: InstantLogsHooks,
  ) {}

  /** `rest` is the path after `/edge`: nothing, or `jobs`. */
  route(method: string, zone: string, rest: string[], body: unknown): unknown {
    if (rest.length > 1 || (rest.length === 1 && rest[0] !== 'jobs')) throw fail(404, 7000, `no route for .../edge/${rest.join('/')}`);
    if (method === 'GET') return this.list(zone);
    if (method === 'POST') return this.create(zone, body);
    throw fail(405, 7001, `method ${method} is not allowed here`);
  }

  /** The zone's live sessions. */
  list(zone: string): InstantLogsSession[] {
    return [...this.sessions.keys()].map((id) => this.live(id)).flatMap((session) => (session && session.zone === zone ? [session.answer] : []));
  }

  /** Whether a client is connected to the session now. */
  connected(id: string): boolean {
    return this.sessions.get(id)?.socket !== undefined;
  }

  /** Ends a session as the service does when it expires: a connected client is closed with SESSION_GONE_CODE. */
  expire(id: string): boolean {
    const session = this.sessions.get(id);
    if (!session) return false;
    this.sessions.delete(id);
    session.socket?.close(SESSION_GONE_CODE, 'the session has expired');
    return true;
  }

  /**
   * The position of the first record that has not happened yet, where a new session starts: for a
   * rated source, the records due by the clock since the first client connected; for one read as
   * fast as clients take them, the records some session has already been through.
   */
  head(): number {
    const { rate } = this.source;
    if (rate === undefined || this.clockStart === undefined) return this.furthest;
    return Math.max(this.furthest, Math.floor(((Date.now() - this.clockStart) * rate) / 1000));
  }

  /** Handles an HTTP upgrade on the server: a session's WebSocket, or a refusal. */
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const path = new URL(request.url ?? '/', 'http://emulator').pathname;
    this.hooks.record?.('GET', path);
    const id = path.startsWith(SESSION_PATH) ? path.slice(SESSION_PATH.length) : undefined;
    const fault = this.hooks.faults.take('GET', path);
    if (fault?.kind === 'drop' || fault?.kind === 'hang') {
      this.hooks.log?.(`GET ${path} (WebSocket; fault: ${fault.kind})`);
      if (fault.kind === 'drop') socket.destroy();
      return;
    }
    if (fault?.kind === 'status') {
      this.refuse(socket, path, fault.status, fault.message ?? 'the service is unavailable', fault.retryAfter);
      return;
    }
    const session = id === undefined ? undefined : this.live(id);
    if (!session) {
      this.refuse(socket, path, 404, id === undefined ? `no WebSocket route for ${path}` : `no session ${id}: it has expired or never existed`);
      return;
    }
    const accept = () =>
      this.server.handleUpgrade(request, socket, head, (ws) => {
        this.attach(session, ws, path);
        this.hooks.log?.(`GET ${path} 101 (WebSocket, from record ${session.next})`);
      });
    if (fault?.kind === 'delay' || fault?.kind === 'slow-answer') setTimeout(accept, fault.ms);
    else accept();
  }

  close(): void {
    for (const session of this.sessions.values()) session.socket?.terminate();
    this.sessions.clear();
    this.server.close();
  }

  private create(zone: string, body: unknown): InstantLogsSession {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw fail(400, INVALID, 'the request body must be a JSON object');
    const given = body as Record<string, unknown>;
    const errors: EnvelopeError[] = Object.keys(given)
      .filter((member) => !MEMBERS.has(member))
      .map((member) => problem(`/${member}`, `unknown member '${member}': an Instant Logs session takes fields, filter, sample and kind`));
    const dataset = this.hooks.catalog.get('http_requests');
    if (!dataset) throw fail(500, 10001, 'the catalog has no http_requests dataset');
    if ('kind' in given && given.kind !== 'instant-logs') errors.push(problem('/kind', `kind must be "instant-logs", not ${JSON.stringify(given.kind)}`));
    const { fields, filter } = given;
    if (typeof fields !== 'string' || fields.trim() === '') errors.push(problem('/fields', 'fields is required: the field names to stream, comma-separated'));
    else {
      for (const d of checkLogpullOptions(`fields=${fields}`, { dataset }).diagnostics)
        if (d.severity === 'error') errors.push(problem('/fields', `fields: ${d.message}${d.hint ? ` (${d.hint})` : ''}`));
    }
    if (filter !== undefined && filter !== null && typeof filter !== 'string') errors.push(problem('/filter', 'filter must be a string'));
    else if (typeof filter === 'string' && filter !== '')
      for (const message of checkFilterString(filter, dataset, this.hooks.limits)) errors.push(problem('/filter', message));
    const sample = 'sample' in given ? given.sample : 1;
    if (typeof sample !== 'number' || !Number.isInteger(sample) || sample < 1)
      errors.push(problem('/sample', `sample must be a positive whole number (1 is every record, 10 one in ten), not ${JSON.stringify(sample)}`));
    if (errors.length > 0) throw new HttpFailure(400, errors);
    const id = randomBytes(16).toString('hex');
    const text = typeof filter === 'string' ? filter : '';
    const answer: InstantLogsSession = {
      destination_conf: `${this.origin}${SESSION_PATH}${id}`,
      session_id: id,
      fields: fields as string,
      filter: text,
      sample: sample as number,
      kind: 'instant-logs',
    };
    const names = (fields as string).split(',').map((name) => name.trim());
    this.sessions.set(id, { answer, zone, fields: names, test: text === '' ? undefined : matcher(text), idleSince: Date.now() });
    return answer;
  }

  /** The session, unless it is unknown or has had no client for longer than the idle time (then it is removed). */
  private live(id: string): Session | undefined {
    const session = this.sessions.get(id);
    if (session && !session.socket && Date.now() - session.idleSince > (this.hooks.idleMs ?? DEFAULT_SESSION_IDLE_MS)) {
      this.sessions.delete(id);
      return undefined;
    }
    return session;
  }

  private refuse(socket: Duplex, path: string, status: number, message: string, retryAfter?: number | string): void {
    this.hooks.log?.(`GET ${path} ${status} (WebSocket refused)`);
    const body = JSON.stringify({ result: null, success: false, errors: [{ code: status === 404 ? 1003 : 10000 + status, message }], messages: [] });
    const extra = retryAfter === undefined ? '' : `Retry-After: ${retryAfter}\r\n`;
    socket.end(
      `HTTP/1.1 ${status} ${status === 404 ? 'Not Found' : 'Error'}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${extra}Connection: close\r\n\r\n${body}`,
    );
  }

  private attach(session: Session, ws: WebSocket, path: string): void {
    // A reconnect may arrive before the server has seen the old connection go: the new one takes over.
    session.socket?.terminate();
    session.socket = ws;
    this.clockStart ??= Date.now();
    session.next ??= this.head();
    ws.on('close', () => {
      if (session.socket !== ws) return;
      session.socket = undefined;
      session.idleSince = Date.now();
    });
    ws.on('error', () => {});
    void this.pump(session, ws, path);
  }

  /** Sends the session's records on `ws` until the source ends, the connection goes, or a fault ends it. */
  private async pump(session: Session, ws: WebSocket, path: string): Promise<void> {
    const { source } = this;
    const current = () => session.socket === ws && ws.readyState === WebSocket.OPEN;
    for (let looked = 0; current(); looked++) {
      const index = session.next!;
      const record = source.at(index);
      if (record === undefined) {
        ws.close(1000, 'the replay is over');
        return;
      }
      if (source.rate !== undefined) {
        const due = this.clockStart! + (index * 1000) / source.rate;
        if (due > Date.now()) await sleep(due - Date.now());
      } else if (looked % 512 === 511) await new Promise((resolve) => setImmediate(resolve));
      if (!current()) return;
      if (!(session.test?.(record) ?? true) || !sampled(source.seed, index, session.answer.sample)) {
        this.advance(session, index + 1);
        continue;
      }
      const fault = this.hooks.faults.take('MESSAGE', path);
      if (fault && (await this.messageFault(fault, ws, path))) return;
      if (!current()) return;
      const sent = await send(ws, JSON.stringify(project(record, session.fields)));
      if (!sent || session.socket !== ws) return;
      this.advance(session, index + 1);
      if (fault?.kind === 'lose-answer') {
        ws.terminate();
        return;
      }
    }
  }

  private advance(session: Session, next: number): void {
    session.next = next;
    if (next > this.furthest) this.furthest = next;
  }

  /** Applies a fault drawn for a message; true when it ended the connection. */
  private async messageFault(fault: Fault, ws: WebSocket, path: string): Promise<boolean> {
    this.hooks.log?.(`MESSAGE ${path} (fault: ${fault.kind === 'status' ? fault.status : fault.kind})`);
    if (fault.kind === 'delay' || fault.kind === 'slow-answer') await sleep(fault.ms);
    // A half-open connection: it stays open, nothing more is sent and nothing is read, so pings go unanswered.
    if (fault.kind === 'hang') ws.pause();
    else if (fault.kind === 'drop') ws.terminate();
    // The WebSocket's own codes for a server that is overloaded (1013) or failing (1011).
    else if (fault.kind === 'status') ws.close(fault.status === 429 ? 1013 : 1011, fault.message ?? `fault: ${fault.status}`);
    else return false;
    return true;
  }
}

/** The record with the session's fields only, in the order asked for (a field the record lacks is left out). */
function project(record: LiveRecord, fields: readonly string[]): LiveRecord {
  const out: LiveRecord = {};
  for (const name of fields) if (name in record) out[name] = record[name];
  return out;
}

function send(ws: WebSocket, text: string): Promise<boolean> {
  return new Promise((resolve) => ws.send(text, (error) => resolve(!error)));
}

function problem(pointer: string, message: string): EnvelopeError {
  return { code: INVALID, message, source: { pointer } };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
