/** The service's answers: the envelope of spec 2.1, with errors `{code, message, source?}`. */
import type { ServerResponse } from 'node:http';
import type { ServiceMessage } from '@logfilter/api';

/** An entry of an error envelope's `errors`: the service's shape, declared in @logfilter/api's wire types. */
export type EnvelopeError = ServiceMessage;

/** A refusal that a handler throws; the server turns it into an error envelope. */
export class HttpFailure extends Error {
  constructor(
    readonly status: number,
    readonly errors: EnvelopeError[],
    readonly headers: Record<string, string> = {},
  ) {
    super(errors.map((e) => `${e.code}: ${e.message}`).join('; '));
  }
}

export function fail(status: number, code: number, message: string, pointer?: string): HttpFailure {
  return new HttpFailure(status, [pointer === undefined ? { code, message } : { code, message, source: { pointer } }]);
}

export function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), ...headers });
  response.end(text);
}
