/** What each entry of the CLI (bin.ts, bin-plain.ts) sets up on the process before it runs. */

// A reader that stops early (`logfilter fields x | head`) is not an error. The handler is added when
// a stream is first made: Node makes them on first use, and a compile that writes its output
// straight to the descriptor and has nothing to report never needs either (their set-up is a tenth of its start).
function onStreamError(error: NodeJS.ErrnoException): void {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
}
/** Makes a write to a closed reader end the run quietly, on stdout and on stderr. */
export function quietOnClosedReaders(): void {
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
}
