import { processIo } from './io.js';
import { main } from './main.js';
import { quietOnClosedReaders } from './process-streams.js';
import { WARM_UP_FILTER, warmUp } from './warm-up.js';

quietOnClosedReaders();
void main(process.argv, processIo()).then((code) => {
  // Success is Node's own exit code: its exitCode setter checks a value with a function of its own,
  // compiled on its first call (a fiftieth of a plain compile's start-up beyond Node's).
  if (code !== 0) process.exitCode = code;
});

/**
 * Run by bin/logfilter.cjs before it takes this bundle's code cache (warm-up.ts): the language
 * bundle's commonest line, whose parts (commander, core's compile, the presenter) most of the full
 * bundle's commands run too.
 */
export const warmUpCodeCache = (): Promise<void> => warmUp(main, [['compile', '-o', 'pretty', WARM_UP_FILTER]]);
