/** The emulator: a node:http server on 127.0.0.1 answering the rules and jobs endpoints like the service. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { builtinCatalog, DEFAULT_MAX_CUSTOM_FIELDS, type Catalog } from '@logfilter/core';
import type { Envelope, ServiceMessage } from '@logfilter/api';
import { fail, HttpFailure, send } from './envelope.js';
import { Faults, type Fault } from './faults.js';
import { InstantLogs } from './instant-logs.js';
import type { JobOptions } from './jobs.js';
import { recordSource, type RecordsOptions } from './records.js';
import { routeLogpush, scopeOf } from './logpush.js';
import { createRuleset, getRuleset, listRulesets, putRuleset, type RulesetOptions } from './rulesets.js';
import { readBody, RequestLog, type RecordedRequest } from './requests.js';
import { EmulatorState, SaveFailure } from './state.js';
import { getVersion, listVersions } from './versions.js';

export const BASE_PATH = '/client/v4';

export type EmulatorCredentials = { email: string; key: string } | { token: string };

export interface EmulatorOptions {
  /** The credentials accepted; at least one. */
  credentials: EmulatorCredentials[];
  /** Default 0: a free port, read back from `port`. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Keep the state in this JSON file (loaded at start, written after each change). */
  statePath?: string;
  /** The job path's segment (default `logpush`). */
  productSegment?: string;
  maxCustomFields?: number;
  maxFilterBytes?: number;
  maxFilterOperators?: number;
  catalog?: Catalog;
  /** Instant Logs: where the live records come from (default: generated), and how long an unused session lives. */
  instantLogs?: RecordsOptions & { idleMs?: number };
  /** Called with one line per request handled (method, path, status); never with a credential. */
  log?: (line: string) => void;
  /** How many requests `requests` keeps, the latest (default DEFAULT_RECORDED_REQUESTS). */
  maxRecordedRequests?: number;
  /** The largest body `requests` keeps; a larger one is recorded by its size (default DEFAULT_RECORDED_BODY_BYTES). */
  maxRecordedBodyBytes?: number;
}

export interface Emulator {
  port: number;
  /** `http://127.0.0.1:PORT/client/v4`: what a client takes as its base URL. */
  baseUrl: string;
  state: EmulatorState;
  faults: Faults;
  /** The latest requests received, in order (paths relative to the base URL); see requests.ts for what is kept. */
  requests: RecordedRequest[];
  /** The Instant Logs sessions and their WebSockets. */
  instantLogs: InstantLogs;
  close(): Promise<void>;
}

export async function startEmulator(options: EmulatorOptions): Promise<Emulator> {
  if (options.credentials.length === 0) throw new Error('the emulator needs at least one set of credentials to accept');
  const service = new Service(options);
  const server = createServer((request, response) => {
    void service.handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) write(response, refusal(fail(500, 10001, `the emulator failed: ${(error as Error).message}`)));
    });
  });
  server.on('upgrade', (request, socket, head) => service.instantLogs.upgrade(request, socket, head));
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  service.instantLogs.origin = `ws://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    port,
    baseUrl: `http://${host.includes(':') ? `[${host}]` : host}:${port}${BASE_PATH}`,
    state: service.state,
    faults: service.faults,
    requests: service.log.entries,
    instantLogs: service.instantLogs,
    close: () =>
      new Promise<void>((resolve) => {
        service.instantLogs.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The emulated service: state, failure modes, and the routes. */
class Service {
  readonly state: EmulatorState;
  readonly faults = new Faults();
  readonly log: RequestLog;
  private readonly segment: string;
  private readonly rulesetOptions: RulesetOptions;
  private readonly jobOptions: JobOptions;
  readonly instantLogs: InstantLogs;

  constructor(private readonly options: EmulatorOptions) {
    this.state = new EmulatorState(options.statePath);
    this.log = new RequestLog({ maxRequests: options.maxRecordedRequests, maxBodyBytes: options.maxRecordedBodyBytes });
    this.segment = options.productSegment ?? 'logpush';
    this.rulesetOptions = { maxCustomFields: options.maxCustomFields ?? DEFAULT_MAX_CUSTOM_FIELDS };
    this.jobOptions = { catalog: options.catalog ?? builtinCatalog(), maxBytes: options.maxFilterBytes, maxOperators: options.maxFilterOperators };
    this.instantLogs = new InstantLogs(recordSource(options.instantLogs), {
      catalog: this.jobOptions.catalog,
      faults: this.faults,
      limits: this.jobOptions,
      idleMs: options.instantLogs?.idleMs,
      log: options.log,
      record: (method, path) => {
        this.log.add(method, path);
      },
    });
  }

  async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? 'GET';
    const url = new URL(request.url ?? '/', 'http://emulator');
    const path = url.pathname.startsWith(BASE_PATH) ? url.pathname.slice(BASE_PATH.length) : url.pathname;
    const recorded = this.log.add(method, path);
    const fault = this.faults.take(method, path);
    if (fault && (await applyFault(fault, request, response))) {
      this.options.log?.(`${method} ${path} (fault: ${fault.kind === 'status' ? fault.status : fault.kind})`);
      return;
    }
    let answer: Answer;
    try {
      if (!url.pathname.startsWith(`${BASE_PATH}/`)) throw fail(404, 7000, `no route for ${url.pathname}: the API lives under ${BASE_PATH}`);
      authenticate(request, this.options.credentials);
      const body = await readBody(request);
      this.log.keep(recorded, body);
      // Held on its way: applied late, whether or not the client still waits for the answer.
      if (fault?.kind === 'hold') await new Promise((resolve) => setTimeout(resolve, fault.ms));
      // The defined order: from here to the answer nothing awaits, so each request is applied whole (its
      // state saved to disk too) before the next, in the order their bodies finished arriving (a held
      // request's, in the order its hold ended).
      this.state.failNextSave = fault?.kind === 'fail-save';
      answer = this.route(method, path, body.value);
    } catch (error) {
      if (error instanceof SaveFailure) answer = refusal(fail(500, 10001, error.message));
      else if (error instanceof HttpFailure) answer = refusal(error);
      else throw error;
    } finally {
      this.state.failNextSave = false;
    }
    const note = fault?.kind === 'lose-answer' ? ' (answer lost on purpose)' : fault?.kind === 'hold' ? ` (held ${fault.ms} ms on its way)` : '';
    this.options.log?.(`${method} ${path} ${answer.status}${note}`);
    if (fault?.kind === 'slow-answer') await new Promise((resolve) => setTimeout(resolve, fault.ms));
    if (fault?.kind === 'lose-answer') request.socket.destroy();
    else write(response, answer);
  }

  private route(method: string, path: string, body: unknown): Answer {
    const parts = path.split('/').slice(1).map(decodeSegment);
    const scope = scopeOf(parts[0], parts[1], path);
    const zone = parts[1];
    const rest = parts.slice(2);
    if (scope.kind === 'zone' && rest[0] === 'rulesets' && rest.length <= 2) return this.routeRulesets(method, zone, rest[1], body);
    if (scope.kind === 'zone' && rest[0] === 'rulesets' && rest[2] === 'versions' && rest.length <= 4 && method === 'GET')
      return ok(rest[3] === undefined ? listVersions(this.state, zone, rest[1]) : getVersion(this.state, zone, rest[1], rest[3]));
    if (scope.kind === 'zone' && rest[0] === this.segment && rest[1] === 'edge') return ok(this.instantLogs.route(method, zone, rest.slice(2), body));
    if (rest[0] === this.segment) return ok(routeLogpush(this.state, method, scope, rest.slice(1), body, this.jobOptions));
    throw fail(404, 7000, `no route for ${path}`);
  }

  private routeRulesets(method: string, zone: string, id: string | undefined, body: unknown): Answer {
    const { state } = this;
    if (id === undefined && method === 'GET') return ok(listRulesets(state, zone));
    if (id === undefined && method === 'POST') return withMessages(createRuleset(state, zone, body, this.rulesetOptions));
    if (id !== undefined && method === 'GET') return ok(getRuleset(state, zone, id));
    if (id !== undefined && method === 'PUT') return withMessages(putRuleset(state, zone, id, body, this.rulesetOptions));
    throw fail(405, 7001, `method ${method} is not allowed here`);
  }
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw fail(400, 7003, `the path segment '${segment}' is not valid percent-encoding`);
  }
}

/** An answer not yet written: a test's fault may lose it after the work is done. */
interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

function ok(result: unknown): Answer {
  return { status: 200, body: { result, success: true, errors: [], messages: [] } satisfies Envelope<unknown> };
}

function withMessages({ ruleset, messages }: { ruleset: unknown; messages: ServiceMessage[] }): Answer {
  return { status: 200, body: { result: ruleset, success: true, errors: [], messages } satisfies Envelope<unknown> };
}

function refusal(error: HttpFailure): Answer {
  return {
    status: error.status,
    body: { result: null, success: false, errors: error.errors, messages: [] } satisfies Envelope<null>,
    headers: error.headers,
  };
}

function write(response: ServerResponse, answer: Answer): void {
  send(response, answer.status, answer.body, answer.headers);
}

/** True when the fault took the request over (no normal answer follows). */
async function applyFault(fault: Fault, request: IncomingMessage, response: ServerResponse): Promise<boolean> {
  if (fault.kind === 'lose-answer' || fault.kind === 'slow-answer' || fault.kind === 'hold' || fault.kind === 'fail-save') return false;
  if (fault.kind === 'delay') {
    await new Promise((resolve) => setTimeout(resolve, fault.ms));
    return false;
  }
  request.resume();
  if (fault.kind === 'hang') return true;
  if (fault.kind === 'drop') {
    request.socket.destroy();
    return true;
  }
  const headers: Record<string, string> = fault.retryAfter === undefined ? {} : { 'Retry-After': String(fault.retryAfter) };
  const message =
    fault.message ?? (fault.status === 429 ? 'rate limited: please wait and consider throttling your request speed' : 'the service is unavailable');
  write(response, refusal(new HttpFailure(fault.status, [{ code: fault.code ?? (fault.status === 429 ? 971 : 10000 + fault.status), message }], headers)));
  return true;
}

function authenticate(request: IncomingMessage, accepted: EmulatorCredentials[]): void {
  const authorization = header(request, 'authorization');
  const email = header(request, 'x-auth-email');
  const key = header(request, 'x-auth-key');
  if (authorization !== undefined) {
    // The scheme is case-insensitive (RFC 9110 11.1): `bearer` and `BEARER` are `Bearer`.
    const token = /^bearer +(\S+)$/i.exec(authorization)?.[1];
    if (token === undefined) throw fail(400, 6111, 'invalid format for the Authorization header: expected Bearer <token>');
    if (accepted.some((c) => 'token' in c && same(c.token, token))) return;
    throw fail(403, 10000, 'Authentication error: the API token is not valid');
  }
  if (email === undefined && key === undefined) throw fail(401, 9106, 'missing X-Auth-Email and X-Auth-Key headers, or an Authorization header');
  if (email === undefined || key === undefined) throw fail(401, 9106, `missing ${email === undefined ? 'X-Auth-Email' : 'X-Auth-Key'} header`);
  if (accepted.some((c) => 'key' in c && c.email.toLowerCase() === email.toLowerCase() && same(c.key, key))) return;
  throw fail(403, 9103, 'unknown X-Auth-Key or X-Auth-Email');
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function same(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
