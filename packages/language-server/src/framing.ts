/**
 * The base protocol's framing, read with limits: a header of `Name: value` lines ending in a blank
 * line, whose `Content-Length` gives the byte length of the UTF-8 JSON body after it. (In place of
 * the library's reader, which waits forever on a huge or negative length and answers nothing to a
 * body that is not JSON.)
 *
 * A body that is not JSON is answered with -32700, one that is no JSON-RPC message with -32600,
 * and reading goes on with the next frame: the length said where it ends. A header that cannot be
 * trusted (no Content-Length, a length that is not a byte count or is over MAX_MESSAGE_BYTES, no
 * blank line within MAX_HEADER_BYTES) leaves nothing that says where the next message starts, so
 * the reader reports the stream lost and reads no more.
 */
import { AbstractMessageReader, type DataCallback, Disposable, ErrorCodes, Message, type MessageReader, MessageType } from 'vscode-languageserver';
import { classify } from './envelope.js';

/** Far above any document worth opening (the server keeps documents of up to MAX_KEPT_DOCUMENT_LENGTH). */
export const MAX_MESSAGE_BYTES = 32 * 1024 * 1024;
/** A header is one or two short lines. */
export const MAX_HEADER_BYTES = 8 * 1024;
const HEADER_END = Buffer.from('\r\n\r\n');
const DECODER = new TextDecoder('utf-8', { fatal: true });

export interface FramingHooks {
  /** Sends what the reader answers or logs itself, about a frame the connection never sees. */
  send(message: Message): void;
  /** The framing is lost; `reason` says what was wrong, for a person. Nothing more is read. */
  lost(reason: string): void;
  /** A message has arrived: whether it goes on to the connection (false when it was refused). */
  admit(message: Message): boolean;
}

export class FramedMessageReader extends AbstractMessageReader implements MessageReader {
  /** The header read so far, while no blank line has ended it. */
  private header: Buffer = Buffer.alloc(0);
  /** The body's length once its header is read, else -1. */
  private length = -1;
  private body: Buffer[] = [];
  private bodyBytes = 0;
  private stopped = false;
  private callback: DataCallback = () => {};
  private unlisten: Disposable | undefined;

  constructor(
    private readonly input: NodeJS.ReadableStream,
    private readonly hooks: FramingHooks,
  ) {
    super();
  }

  listen(callback: DataCallback): Disposable {
    this.callback = callback;
    const onData = (chunk: Buffer | string) => this.read(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    const onError = (error: Error) => this.fireError(error);
    const onClose = () => this.fireClose();
    this.input.on('data', onData);
    this.input.on('error', onError);
    this.input.on('close', onClose);
    this.unlisten = Disposable.create(() => {
      this.input.off('data', onData);
      this.input.off('error', onError);
      this.input.off('close', onClose);
    });
    return this.unlisten;
  }

  /** Reads no more: the server has stopped. */
  stop(): void {
    this.stopped = true;
    this.unlisten?.dispose();
  }

  private read(chunk: Buffer): void {
    let rest = chunk;
    while (!this.stopped) {
      if (this.length < 0) {
        if (rest.length === 0) return;
        const after = this.readHeader(rest);
        if (after === undefined) return;
        rest = after;
      }
      const part = rest.subarray(0, this.length - this.bodyBytes);
      if (part.length > 0) {
        this.body.push(part);
        this.bodyBytes += part.length;
      }
      rest = rest.subarray(part.length);
      if (this.bodyBytes < this.length) return;
      const body = this.body.length === 1 ? this.body[0] : Buffer.concat(this.body, this.length);
      this.body = [];
      this.bodyBytes = 0;
      this.length = -1;
      this.deliver(body);
    }
  }

  /** Reads up to the blank line that ends a header: what follows it, or undefined while it has not come. */
  private readHeader(chunk: Buffer): Buffer | undefined {
    const seen = this.header.length;
    const header = seen === 0 ? chunk : Buffer.concat([this.header, chunk]);
    // The blank line may have begun in the chunk before.
    const end = header.indexOf(HEADER_END, Math.max(0, seen - HEADER_END.length + 1));
    if (end === -1 || end > MAX_HEADER_BYTES) {
      if (end === -1 && header.length <= MAX_HEADER_BYTES) {
        this.header = Buffer.from(header);
        return undefined;
      }
      return this.lose(`no blank line ends the message header within ${MAX_HEADER_BYTES} bytes (it begins ${quote(header.toString('latin1', 0, 40))})`);
    }
    this.header = Buffer.alloc(0);
    const length = contentLength(header.toString('latin1', 0, end));
    if (typeof length === 'string') return this.lose(length);
    this.length = length;
    return header.subarray(end + HEADER_END.length);
  }

  private lose(reason: string): undefined {
    this.stopped = true;
    this.header = Buffer.alloc(0);
    this.body = [];
    this.hooks.lost(reason);
    return undefined;
  }

  private deliver(body: Buffer): void {
    let value: unknown;
    try {
      value = JSON.parse(DECODER.decode(body));
    } catch (error) {
      const why = error instanceof TypeError ? 'it is not valid UTF-8' : (error as Error).message;
      this.answerError(
        null,
        ErrorCodes.ParseError,
        `Parse error: the body of a ${body.length}-byte message is not JSON (${why}); each frame holds one JSON-RPC message`,
      );
      return;
    }
    const envelope = classify(value);
    if ('problem' in envelope) {
      this.answerError(envelope.id, ErrorCodes.InvalidRequest, `Invalid Request: ${envelope.problem}`);
      return;
    }
    // The error boundary of every message: whatever the checks or the connection throw on one
    // (the connection looks into a few messages as they come: a cancellation's id) is answered
    // or logged, and the next message read as usual.
    const message = envelope.message;
    try {
      if (this.hooks.admit(message)) this.callback(message);
    } catch (error) {
      const why = `${describeMessage(message)} could not be handled: ${(error as Error).message}`;
      if (Message.isRequest(message)) this.answerError(message.id, ErrorCodes.InternalError, `Internal error: ${why}`);
      else this.hooks.send({ jsonrpc: '2.0', method: 'window/logMessage', params: { type: MessageType.Error, message: `${why}; it was dropped` } } as Message);
    }
  }

  private answerError(id: number | string | null, code: number, message: string): void {
    this.hooks.send({ jsonrpc: '2.0', id, error: { code, message } } as Message);
  }
}

function describeMessage(message: Message): string {
  if (Message.isRequest(message)) return `the request ${JSON.stringify(message.method)}`;
  if (Message.isNotification(message)) return `the notification ${JSON.stringify(message.method)}`;
  return 'a response';
}

/** The body's length from a header's text, or what is wrong with it. */
function contentLength(header: string): number | string {
  let value: string | undefined;
  for (const line of header.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon === -1) return `a message header line has no ':' between name and value: ${quote(line)}`;
    if (line.slice(0, colon).trim().toLowerCase() === 'content-length') value = line.slice(colon + 1).trim();
  }
  if (value === undefined) return `a message header has no Content-Length: ${quote(header)}`;
  if (!/^\d+$/.test(value)) return `Content-Length ${quote(value)} is not a byte count (digits only)`;
  const length = Number(value);
  if (length > MAX_MESSAGE_BYTES) return `Content-Length ${value} is over the limit of ${MAX_MESSAGE_BYTES} bytes for one message, so its body is not read`;
  return length;
}

function quote(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}...` : text);
}
