/**
 * Where the worker script of `logfilter test` is: beside this module when run as compiled; the CLI
 * bundle replaces this module with the path of its own worker bundle (dist/test-worker.cjs).
 */
export const workerFile: URL | string = new URL('./worker.js', import.meta.url);
