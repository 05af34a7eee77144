/**
 * Whether a parsed frame is a JSON-RPC 2.0 message the connection can take: a request (a string
 * `method` and a number or string `id`), a notification (a `method` and no `id`) or a response
 * (an `id` with a `result` or an `error`). Anything else is an Invalid Request, answered with the
 * message's id when it has a usable one, else null. A batch is refused: the Language Server
 * Protocol sends one message per frame.
 */
import type { Message } from 'vscode-languageserver';

export type Envelope = { message: Message } | { problem: string; id: number | string | null };

export function classify(value: unknown): Envelope {
  if (Array.isArray(value)) return { problem: 'a batch (a JSON array): the Language Server Protocol sends one message per frame', id: null };
  if (typeof value !== 'object' || value === null)
    return { problem: `a JSON ${value === null ? 'null' : typeof value} is not a JSON-RPC message (an object)`, id: null };
  const fields = value as Record<string, unknown>;
  const problem = problemOf(fields);
  if (problem !== undefined) return { problem, id: idOf(fields.id) ?? null };
  // `"params": null` means none, as some clients send it for `shutdown` and `exit`.
  if (fields.params === null) delete fields.params;
  return { message: value as Message };
}

function problemOf(fields: Record<string, unknown>): string | undefined {
  if (fields.jsonrpc !== '2.0') return `"jsonrpc" must be "2.0", not ${fields.jsonrpc === undefined ? 'missing' : JSON.stringify(fields.jsonrpc).slice(0, 40)}`;
  if ('method' in fields) {
    if (typeof fields.method !== 'string') return '"method" must be a string';
    if ('id' in fields && idOf(fields.id) === undefined) return '"id" must be a number or a string (a notification has none)';
    if (fields.params !== undefined && fields.params !== null && typeof fields.params !== 'object')
      return `"params" of ${fields.method} must be an object or an array`;
    return undefined;
  }
  if ('id' in fields && ('result' in fields || 'error' in fields)) return undefined;
  return 'a message needs a "method" (a request or a notification), or an "id" with a "result" or an "error" (a response)';
}

function idOf(id: unknown): number | string | undefined {
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : undefined;
}
