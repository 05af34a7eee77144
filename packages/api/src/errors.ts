/**
 * What can go wrong talking to the service, each kind its own class so callers can map them to exit
 * codes. No message ever holds a credential: messages are built from the method, the path, the status
 * and the service's own `errors`, never from request headers.
 */
import type { Diagnostic } from '@logfilter/core';
import type { ServiceMessage } from './wire.js';

export type { ServiceMessage } from './wire.js';

/** `code: message`, the way the service's errors are shown. */
export function formatServiceMessage(error: ServiceMessage): string {
  return `${error.code}: ${error.message}`;
}

/** The service answered, and said no (HTTP status >= 400, or `success: false`). */
export class ApiError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly errors: ServiceMessage[],
    /**
     * An earlier attempt of this same request went unanswered (a dropped connection, a time-out, a 5xx):
     * the service may have applied it, even though this last answer is a refusal.
     */
    readonly earlierAttemptMayHaveApplied = false,
    /** The wait the service asked for with `Retry-After` (a 429 or 5xx), in milliseconds. */
    readonly retryAfterMs?: number,
  ) {
    const detail = errors.length > 0 ? errors.map(formatServiceMessage).join('; ') : 'no error details in the answer';
    super(`${method} ${path} failed with HTTP ${status}: ${detail}`);
    this.name = 'ApiError';
  }

  /** 401 and 403: the credentials are missing, wrong, or lack a permission. */
  get isAuthFailure(): boolean {
    return this.status === 401 || this.status === 403;
  }
}

export type NetworkFailure = 'timeout' | 'connection' | 'unreadable';

/** No usable answer came back: a time-out, a refused or dropped connection, or a body that is not JSON. */
export class NetworkError extends Error {
  constructor(
    readonly kind: NetworkFailure,
    readonly method: string,
    readonly path: string,
    message: string,
    /** For `unreadable`: the HTTP status that came with the body. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'NetworkError';
  }
}

/** The client is not set up to talk to the service: no credentials, a bad base URL, and so on. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** The client refused to send something the service would reject (or that would lose data). */
export class ValidationError extends Error {
  constructor(
    message: string,
    readonly diagnostics: Diagnostic[],
  ) {
    super(message);
    this.name = 'ValidationError';
  }
}

/**
 * Writes kept being overwritten by other writers: after every round allowed, some of the fields this
 * call meant to add (or put back) were still not in the ruleset. Nothing is reported as added.
 */
export class ConvergenceError extends Error {
  constructor(
    message: string,
    /** The fields still missing, as `list: name`. */
    readonly missing: Array<{ list: string; name: string }>,
    /** What happened round by round. */
    readonly rounds: string[],
  ) {
    super(message);
    this.name = 'ConvergenceError';
  }
}

/**
 * What a re-read after a failed write found: `applied` (the change is in place), `not-applied` (it is
 * not), `partly-applied` (some of it is), or `unknown` (the re-read failed too).
 */
export type WriteState = 'applied' | 'not-applied' | 'partly-applied' | 'unknown';

/**
 * A write path failed after a write was sent whose outcome the answer did not settle (a lost answer, a
 * time-out, a 5xx), or after its check could not be finished. Before this is thrown the state is read
 * again, and the message says what that read found: whether the change landed, not only what failed.
 */
export class UnconfirmedWriteError extends Error {
  constructor(
    message: string,
    /** The failure that ended the command. */
    readonly failure: Error,
    readonly written: WriteState,
    /** What the re-read found, item by item (e.g. `request_fields: user-agent: in place`). */
    readonly details: string[] = [],
  ) {
    super(message);
    this.name = 'UnconfirmedWriteError';
  }
}
