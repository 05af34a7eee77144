import { processIo } from './io.js';
import { main } from './main.js';

// A reader that stops early (`logfilter fields x | head`) is not an error. The handler is added when
// a stream is first made: Node makes them on first use, and a compile that writes its output with
// straight to the descriptor and has nothing to report never needs either (their set-up is a tenth of its start).
function onStreamError(error: NodeJS.ErrnoException): void {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
}
for (const name of ['stdout', 'stderr'] as const) {
  const made = Object.getOwnPropertyDescriptor(process, name);
  if (!made?.get || !made.configurable) {
    process[name].on('error', onStreamError);
    continue;
  }
  Object.defineProperty(process, name, {
    configurable: true,
    enumerable: made.enumerable,
    get() {
      const stream = made.get!.call(process) as NodeJS.WriteStream;
      stream.on('error', onStreamError);
      Object.defineProperty(process, name, { configurable: true, enumerable: made.enumerable, writable: false, value: stream });
      return stream;
    },
  });
}

void main(process.argv, processIo()).then((code) => {
  process.exitCode = code;
});
