import { processIo } from './io.js';
import { main } from './main.js';
import { quietOnClosedReaders } from './process-streams.js';

quietOnClosedReaders();
void main(process.argv, processIo()).then((code) => {
  process.exitCode = code;
});
