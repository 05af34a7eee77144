/** The entry of dist/compile.cjs, from which bin/logfilter.cjs runs the plain `logfilter compile FILTER` line (plain-compile.ts). */
import { processIo } from './io.js';
import { plainCompile } from './plain-compile.js';
import { quietOnClosedReaders } from './process-streams.js';

quietOnClosedReaders();
void plainCompile(process.argv, processIo()).then((code) => {
  process.exitCode = code;
});
