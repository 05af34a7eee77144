/**
 * One HTTP exchange with the service: headers, a time-out per attempt, retries with back-off for reads,
 * and the envelope read into a result or an ApiError. A write (POST, PUT, DELETE) is sent once: a PUT
 * body is merged from a read, and sent again later it would overwrite what others wrote meanwhile, so
 * the write paths (job-update.ts, converge.ts, jobs.ts) retry by reading again. A dry run sends reads
 * only: every other request, a validating POST too, is described and not sent.
 */
import { missingCredentials, type ClientOptions, type Credentials, type RequestDescription, type ResolvedConfig } from './config.js';
import { ApiError, NetworkError } from './errors.js';
import type { Envelope, ServiceMessage } from './wire.js';

export type { Envelope } from './wire.js';
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Per request: a time-out shorter than the configured one (a PUT sent while its read is fresh). */
export interface RequestOptions {
  timeoutMs?: number;
  /** Told the time (performance.now()) just before each attempt is sent: a read's age counts from the attempt answered. */
  onSend?: (at: number) => void;
}
const REDACTED = '[redacted]';

export class Transport {
  private readonly fetch: typeof fetch;

  constructor(
    readonly config: ResolvedConfig,
    private readonly options: Pick<ClientOptions, 'dryRun' | 'onRequest' | 'fetch'>,
  ) {
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  get dryRun(): boolean {
    return this.options.dryRun === true;
  }

  /**
   * Sends the request and returns the envelope of a successful answer. In a dry run anything but a GET
   * is only described, and `undefined` comes back.
   */
  async request<T>(method: Method, path: string, body?: unknown, options: RequestOptions = {}): Promise<Envelope<T> | undefined> {
    const url = this.config.baseUrl + path;
    const write = method !== 'GET';
    this.options.onRequest?.(this.describe(method, url, body, write && this.dryRun));
    if (write && this.dryRun) return undefined;
    const credentials = this.config.credentials;
    if (!credentials) throw missingCredentials();
    const init: RequestInit = { method, headers: this.headers(credentials, body !== undefined) };
    if (body !== undefined) init.body = JSON.stringify(body);
    const attempts = 1 + (write ? 0 : this.config.retries);
    const timeoutMs = Math.min(this.config.timeoutMs, options.timeoutMs ?? Number.POSITIVE_INFINITY);
    let unanswered = false;
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= attempts;
      let response: Response;
      let text: string;
      try {
        options.onSend?.(performance.now());
        response = await this.fetch(url, { ...init, signal: AbortSignal.timeout(Math.max(1, Math.ceil(timeoutMs))) });
        text = await response.text();
      } catch (error) {
        const failure = this.networkError(method, path, error, timeoutMs);
        if (last) throw failure;
        unanswered = true;
        await sleep(this.backoff(attempt));
        continue;
      }
      if (!last && (response.status === 429 || response.status >= 500)) {
        const wait = this.retryAfter(response) ?? this.backoff(attempt);
        if (wait <= this.config.maxRetryAfterMs) {
          if (response.status >= 500) unanswered = true;
          await sleep(wait);
          continue;
        }
      }
      return this.read<T>(method, path, response, text, unanswered);
    }
  }

  /** The request as shown to people: credentials replaced, the e-mail kept. */
  describe(method: Method, url: string, body: unknown, dryRun: boolean): RequestDescription {
    const headers: Record<string, string> = {};
    const credentials = this.config.credentials;
    if (credentials && 'token' in credentials) headers.Authorization = `Bearer ${REDACTED}`;
    else if (credentials) Object.assign(headers, { 'X-Auth-Email': credentials.email, 'X-Auth-Key': REDACTED });
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const description: RequestDescription = { method, url, headers, dryRun };
    if (body !== undefined) description.body = body;
    return description;
  }

  private headers(credentials: Credentials, hasBody: boolean): Record<string, string> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if ('token' in credentials) headers.Authorization = `Bearer ${credentials.token}`;
    else Object.assign(headers, { 'X-Auth-Email': credentials.email, 'X-Auth-Key': credentials.key });
    if (hasBody) headers['Content-Type'] = 'application/json';
    return headers;
  }

  private read<T>(method: Method, path: string, response: Response, text: string, unanswered: boolean): Envelope<T> {
    const status = response.status;
    let envelope: Partial<Envelope<T>>;
    try {
      envelope = JSON.parse(text) as Partial<Envelope<T>>;
    } catch {
      const what = text.trim() === '' ? 'an empty body' : 'a body that is not JSON';
      throw new NetworkError('unreadable', method, path, `${method} ${path}: the service answered HTTP ${status} with ${what}`, status);
    }
    const errors = Array.isArray(envelope?.errors) ? envelope.errors.map(serviceMessage) : [];
    if (status >= 400 || envelope?.success !== true) {
      const wait = status === 429 || status >= 500 ? this.retryAfter(response) : undefined;
      throw new ApiError(method, path, status, errors, unanswered, wait);
    }
    return {
      result: envelope.result as T,
      success: true,
      errors,
      messages: Array.isArray(envelope.messages) ? envelope.messages.map(serviceMessage) : [],
      result_info: envelope.result_info,
    };
  }

  private networkError(method: Method, path: string, error: unknown, timeoutMs: number): NetworkError {
    const where = new URL(this.config.baseUrl).origin;
    const name = (error as Error)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      return new NetworkError('timeout', method, path, `${method} ${path}: no answer from ${where} within ${formatSeconds(timeoutMs)}`);
    }
    const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
    const code = cause?.code;
    const why =
      code === 'ECONNREFUSED'
        ? 'the connection was refused (is the server running?)'
        : code === 'ENOTFOUND'
          ? 'the host name does not resolve'
          : code === 'UND_ERR_SOCKET' || code === 'ECONNRESET'
            ? 'the server closed the connection without answering'
            : (cause?.message ?? (error as Error)?.message ?? String(error));
    return new NetworkError('connection', method, path, `${method} ${path}: cannot reach ${where}: ${this.redact(why)}`);
  }

  /** A message from below (fetch, the socket) with any credential in it replaced. */
  private redact(text: string): string {
    const credentials = this.config.credentials;
    const secrets = !credentials ? [] : 'token' in credentials ? [credentials.token] : [credentials.key];
    return secrets.filter((secret) => secret !== '').reduce((result, secret) => result.split(secret).join(REDACTED), text);
  }

  /** `Retry-After` in milliseconds: delay-seconds or an HTTP date (RFC 9110 10.2.3). */
  private retryAfter(response: Response): number | undefined {
    const header = response.headers.get('retry-after');
    if (header === null) return undefined;
    if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
    const date = Date.parse(header);
    return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
  }

  private backoff(attempt: number): number {
    const base = this.config.retryBaseMs * 2 ** (attempt - 1);
    return base + Math.random() * base * 0.25;
  }
}

function serviceMessage(entry: unknown): ServiceMessage {
  if (typeof entry === 'object' && entry !== null) {
    const { code, message, source } = entry as { code?: unknown; message?: unknown; source?: { pointer?: unknown } };
    const result: ServiceMessage = {
      code: typeof code === 'number' || typeof code === 'string' ? code : 'unknown',
      message: typeof message === 'string' ? message : JSON.stringify(entry),
    };
    if (source && typeof source.pointer === 'string') result.source = { pointer: source.pointer };
    return result;
  }
  return { code: 'unknown', message: String(entry) };
}

function formatSeconds(ms: number): string {
  const rounded = Math.round(ms);
  return rounded % 1000 === 0 ? `${rounded / 1000} s` : `${(rounded / 1000).toFixed(rounded < 1000 ? 2 : 1).replace(/0$/, '')} s`;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
