/**
 * Standard input and output kept in memory (never a terminal, never full), for a run of
 * `main(argv, io)` in this process: the documentation's examples (docs/run-example.ts) and the tests' runs.
 */
import { Writable } from 'node:stream';
import { type Input, InputOverLimit, type Output } from './io.js';

/**
 * Standard input from bytes held in memory: read whole as from a pipe (past the limit it is refused
 * without its size), or as the stream `stream` makes of them.
 */
export class MemoryInput implements Input {
  constructor(
    private readonly input: Buffer,
    readonly stream: () => NodeJS.ReadableStream,
  ) {}

  readAll(limit: number): Buffer {
    if (this.input.length > limit) throw new InputOverLimit(undefined);
    return this.input;
  }
}

export class MemoryOutput implements Output {
  readonly isTTY = false;
  readonly columns = undefined;
  private readonly chunks: Buffer[] = [];
  private readonly waiting: Array<{ text: string; then: () => void }> = [];

  write(text: string | Uint8Array): boolean {
    this.add(Buffer.from(text));
    return true;
  }

  /** Calls `then` once the output holds `text`. */
  onText(text: string, then: () => void): void {
    this.waiting.push({ text, then });
    this.add(Buffer.alloc(0));
  }

  once(): this {
    return this;
  }

  stream(): NodeJS.WritableStream {
    return new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        this.add(Buffer.from(chunk));
        done();
      },
    });
  }

  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }

  private add(chunk: Buffer): void {
    this.chunks.push(chunk);
    if (this.waiting.length === 0) return;
    const all = this.text();
    for (const wait of this.waiting.splice(0)) {
      if (all.includes(wait.text)) wait.then();
      else this.waiting.push(wait);
    }
  }
}
