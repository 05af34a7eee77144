/**
 * The service's shapes on the wire, declared once: what the client reads and what the emulator answers
 * (the emulator checks its answers against these with `satisfies`). Members beyond the ones named are
 * kept as they come, since the service may add some.
 */

/** One entry of an envelope's `errors` (or `messages`). */
export interface ServiceMessage {
  code: number | string;
  message: string;
  /** The rulesets and jobs APIs point at the offending member: `{"pointer": "/rules/0/action"}`. */
  source?: { pointer?: string };
}

/** The response envelope (spec 2.1) around every answer. */
export interface Envelope<T> {
  result: T;
  success: boolean;
  errors: ServiceMessage[];
  messages: ServiceMessage[];
  result_info?: unknown;
}

/** A log delivery job as the service returns it (spec 2.5). */
export interface Job {
  id: number;
  name?: string | null;
  dataset?: string | null;
  destination_conf: string;
  logpull_options?: string | null;
  filter?: string | null;
  enabled?: boolean;
  output_options?: Record<string, unknown> | null;
  kind?: string | null;
  last_complete?: string | null;
  last_error?: string | null;
  error_message?: string | null;
  [member: string]: unknown;
}

/** Where jobs live: a zone id (a plain string is a zone), or an account. */
export type ScopeRef = string | { zone: string } | { account: string };

/** The first path segment of each kind of scope: `/zones/{id}`, `/accounts/{id}`. */
export const SCOPE_SEGMENTS = { zone: 'zones', account: 'accounts' } as const;

/** An Instant Logs session as the service answers it. */
export interface InstantLogsSession {
  /** The session's own `wss://` address (the emulator's is `ws://127.0.0.1:PORT/...`). */
  destination_conf: string;
  session_id: string;
  /** The field names, comma-separated. */
  fields: string;
  /** The compiled filter as a JSON string; '' for none. */
  filter: string;
  /** One in `sample` records is streamed. */
  sample: number;
  /** `instant-logs`. */
  kind: string;
  [member: string]: unknown;
}

/** The close code with which a session that has expired ends its WebSocket: create a new session. */
export const SESSION_GONE_CODE = 4404;
