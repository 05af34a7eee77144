/** A progress bar on a terminal for long engine runs: shown only once a run has lasted a while. */
import type { Output } from '../io.js';

/** Runs shorter than this never show a bar. */
const SHOW_AFTER_MS = 2000;
const WIDTH = 30;

/** Starts polling `percentage` (0-100, or negative when unknown); the returned function stops and clears the bar. */
export function startProgress(stream: Output, percentage: () => number): () => void {
  const started = Date.now();
  let shown = false;
  const timer = setInterval(() => {
    if (Date.now() - started < SHOW_AFTER_MS) return;
    const done = Math.max(0, Math.min(100, percentage()));
    const filled = Math.round((done / 100) * WIDTH);
    stream.write(`\r[${'#'.repeat(filled)}${' '.repeat(WIDTH - filled)}] ${done.toFixed(0).padStart(3)}%`);
    shown = true;
  }, 250);
  timer.unref();
  return () => {
    clearInterval(timer);
    if (shown) stream.write(`\r${' '.repeat(WIDTH + 8)}\r`);
  };
}
