import { main } from './main.js';

// A reader that stops early (`logfilter fields x | head`) is not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

void main(process.argv).then((code) => {
  process.exitCode = code;
});
