/** The entry of dist/plain.cjs, from which bin/logfilter.cjs runs the plain `compile FILTER` and `check FILTER` lines (plain-line.ts). */
import { processIo } from './io.js';
import { plainLine } from './plain-line.js';
import { quietOnClosedReaders } from './process-streams.js';
import { WARM_UP_FILTER, warmUp } from './warm-up.js';

quietOnClosedReaders();
void plainLine(process.argv, processIo()).then((code) => {
  // Success is Node's own exit code: its exitCode setter checks a value with a function of its own,
  // compiled on its first call (a fiftieth of a plain compile's start-up beyond Node's).
  if (code !== 0) process.exitCode = code;
});

/** Run by bin/logfilter.cjs before it takes this bundle's code cache (warm-up.ts): a plain compile. */
export const warmUpCodeCache = (): Promise<void> => warmUp(plainLine, [['compile', WARM_UP_FILTER]]);
