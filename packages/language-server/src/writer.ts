/**
 * The connection's writer, which knows when the messages given to it have all been written: the
 * library writes each one a turn or two later, so an `exit` that came right after a `shutdown`
 * would end the process before the shutdown's answer left, and `exit` waits for `flushed()` first.
 */
import { type Message, type MessageWriter, StreamMessageWriter } from 'vscode-languageserver/node';

export class FlushingWriter implements MessageWriter {
  private readonly writer: StreamMessageWriter;
  private pending = 0;
  private waiting: (() => void)[] = [];

  constructor(output: NodeJS.WritableStream) {
    this.writer = new StreamMessageWriter(output);
  }

  get onError() {
    return this.writer.onError;
  }

  get onClose() {
    return this.writer.onClose;
  }

  write(message: Message): Promise<void> {
    this.pending++;
    return this.writer.write(message).finally(() => {
      this.pending--;
      if (this.pending === 0) for (const resolve of this.waiting.splice(0)) resolve();
    });
  }

  /** Resolves once every message given so far has been written (or failed to be). */
  flushed(): Promise<void> {
    return this.pending === 0 ? Promise.resolve() : new Promise((resolve) => this.waiting.push(resolve));
  }

  end(): void {
    this.writer.end();
  }

  dispose(): void {
    this.writer.dispose();
  }
}
