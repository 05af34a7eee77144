/** The entry of dist/plain.cjs, from which bin/logfilter.cjs runs the plain `compile FILTER` and `check FILTER` lines (plain-line.ts). */
import { processIo } from './io.js';
import { plainLine } from './plain-line.js';
import { quietOnClosedReaders } from './process-streams.js';

quietOnClosedReaders();
void plainLine(process.argv, processIo()).then((code) => {
  process.exitCode = code;
});
