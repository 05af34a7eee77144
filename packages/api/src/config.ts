/** Where the client talks to and as whom: from options first, then from the environment. */
import { ConfigError } from './errors.js';

export const DEFAULT_BASE_URL = 'https://api.cloudflare.com/client/v4';
/** The job path's product segment; the spec writes `logexport` for it. */
export const DEFAULT_PRODUCT_SEGMENT = 'logpush';
export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_RETRIES = 3;

/** The environment variables read, by name, so that help texts and errors can name them. */
export const ENV = {
  baseUrl: 'CLOUDFLARE_BASE_URL',
  email: 'CLOUDFLARE_EMAIL',
  key: 'CLOUDFLARE_API_KEY',
  token: 'CLOUDFLARE_API_TOKEN',
  productSegment: 'LOGFILTER_PRODUCT_SEGMENT',
} as const;

/** `X-Auth-Email` + `X-Auth-Key` as the spec shows (section 5), or an API token sent as a bearer token. */
export type Credentials = { email: string; key: string } | { token: string };

export interface ClientOptions {
  /** Default: env CLOUDFLARE_BASE_URL, else https://api.cloudflare.com/client/v4. */
  baseUrl?: string;
  /** Default: env CLOUDFLARE_API_TOKEN, else CLOUDFLARE_EMAIL + CLOUDFLARE_API_KEY. */
  credentials?: Credentials;
  /** Default: env LOGFILTER_PRODUCT_SEGMENT, else `logpush`. */
  productSegment?: string;
  /** Time allowed for one attempt, answer body included (default 30 s). */
  timeoutMs?: number;
  /** Further attempts after the first, for GET and PUT (default 3). */
  retries?: number;
  /** First back-off delay; it doubles with each retry (default 500 ms). */
  retryBaseMs?: number;
  /** The longest `Retry-After` honoured; a longer one ends the retries (default 60 s). */
  maxRetryAfterMs?: number;
  /** Writes (POST, PUT, DELETE) are described to `onRequest` and not sent; GETs are sent. */
  dryRun?: boolean;
  /** Sees every request before it is sent (or, in a dry run, instead of a write), credentials redacted. */
  onRequest?: (request: RequestDescription) => void;
  /** Default: `process.env` where there is one. */
  env?: Record<string, string | undefined>;
  /** Default: the global fetch. */
  fetch?: typeof fetch;
}

/** A request as it is shown to people: never with a credential in it. */
export interface RequestDescription {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: unknown;
  /** True when the request is only described, not sent. */
  dryRun: boolean;
}

export interface ResolvedConfig {
  baseUrl: string;
  productSegment: string;
  /** Undefined when none are configured: an error as soon as a request has to be sent. */
  credentials: Credentials | undefined;
  timeoutMs: number;
  retries: number;
  retryBaseMs: number;
  maxRetryAfterMs: number;
}

export function resolveConfig(options: ClientOptions): ResolvedConfig {
  const env = options.env ?? (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
  const value = (name: string) => (env[name] === '' ? undefined : env[name]);
  return {
    baseUrl: checkBaseUrl(options.baseUrl ?? value(ENV.baseUrl) ?? DEFAULT_BASE_URL),
    productSegment: checkSegment(options.productSegment ?? value(ENV.productSegment) ?? DEFAULT_PRODUCT_SEGMENT),
    credentials: checkCredentials(options.credentials ?? credentialsFrom(value)),
    timeoutMs: positive(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, 'timeoutMs'),
    retries: nonNegative(options.retries ?? DEFAULT_RETRIES, 'retries'),
    retryBaseMs: nonNegative(options.retryBaseMs ?? 500, 'retryBaseMs'),
    maxRetryAfterMs: nonNegative(options.maxRetryAfterMs ?? 60_000, 'maxRetryAfterMs'),
  };
}

function credentialsFrom(value: (name: string) => string | undefined): Credentials | undefined {
  const token = value(ENV.token);
  if (token !== undefined) return { token };
  const email = value(ENV.email);
  const key = value(ENV.key);
  if (email !== undefined && key !== undefined) return { email, key };
  if (email !== undefined) throw new ConfigError(`${ENV.email} is set but ${ENV.key} is not: set both, or set ${ENV.token} instead`);
  if (key !== undefined) throw new ConfigError(`${ENV.key} is set but ${ENV.email} is not: set both, or set ${ENV.token} instead`);
  return undefined;
}

/** A header can carry visible ASCII only; say which credential is unusable, never what it holds. */
function checkCredentials(credentials: Credentials | undefined): Credentials | undefined {
  if (!credentials) return undefined;
  const usable = (text: string) => /^[\x21-\x7e]+$/.test(text);
  if ('token' in credentials && !usable(credentials.token))
    throw new ConfigError(`the API token (${ENV.token}) holds characters a request header cannot carry, such as spaces or line breaks`);
  if ('key' in credentials && !usable(credentials.key))
    throw new ConfigError(`the API key (${ENV.key}) holds characters a request header cannot carry, such as spaces or line breaks`);
  if ('email' in credentials && !usable(credentials.email)) throw new ConfigError(`the e-mail (${ENV.email}) holds characters a request header cannot carry`);
  return credentials;
}

export function missingCredentials(): ConfigError {
  return new ConfigError(`no credentials: set ${ENV.token}, or ${ENV.email} and ${ENV.key}, in the environment`);
}

function checkBaseUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(`the base URL '${text}' is not a URL (expected e.g. ${DEFAULT_BASE_URL})`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ConfigError(`the base URL must be http or https, not '${url.protocol}'`);
  if (url.username || url.password) throw new ConfigError('the base URL must not hold a user name or password; credentials come from the environment');
  return text.replace(/\/+$/, '');
}

function checkSegment(segment: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(segment))
    throw new ConfigError(`the product segment '${segment}' must be one path segment of letters, digits, '-' and '_' (e.g. ${DEFAULT_PRODUCT_SEGMENT})`);
  return segment;
}

function positive(value: number, name: string): number {
  if (!(Number.isFinite(value) && value > 0)) throw new ConfigError(`${name} must be a positive number, not ${value}`);
  return value;
}

function nonNegative(value: number, name: string): number {
  if (!(Number.isFinite(value) && value >= 0)) throw new ConfigError(`${name} must be zero or more, not ${value}`);
  return value;
}
