/**
 * The progress of `logfilter test` over several inputs (engines/progress.ts's RunProgress): one bar
 * for the whole run, so that a run over many files, each of them quick, still shows how far it is.
 */
import { describe, expect, it } from 'vitest';
import { RunProgress } from '../src/engines/progress.js';

describe('the progress of a run over several inputs', () => {
  it('counts the inputs done in full and the current one by where it is', () => {
    // Three files of 100, 300 and 600 bytes.
    const progress = new RunProgress(1000);
    let at = 0;
    progress.reading(() => at);
    at = 50;
    expect(progress.percentage()).toBe(5);
    progress.finished(100);
    expect(progress.percentage()).toBe(10);
    // An input whose place is not known as it is read (gzip, standard input) counts once done.
    expect(progress.percentage()).toBe(10);
    progress.finished(300);
    expect(progress.percentage()).toBe(40);
    at = 300;
    progress.reading(() => at);
    expect(progress.percentage()).toBe(70);
    progress.finished(600);
    expect(progress.percentage()).toBe(100);
  });
});
