/** A time written as text where a timestamp is compared with a number: the Unix time to write instead. */
import { describe, expect, it } from 'vitest';
import { compile, evaluate } from '../src/index.js';
import { unixSeconds } from '../src/language/logged-values.js';

describe('unixSeconds', () => {
  it('reads RFC 3339 dates and times, a time without a zone as UTC', () => {
    expect(unixSeconds('2024-01-01')).toBe(1_704_067_200);
    expect(unixSeconds('2024-01-01T00:00:00Z')).toBe(1_704_067_200);
    expect(unixSeconds('2024-01-01t00:00:00z')).toBe(1_704_067_200);
    expect(unixSeconds('2024-01-01 10:00')).toBe(1_704_067_200 + 36_000);
    expect(unixSeconds('2024-01-01T10:00:00+02:00')).toBe(1_704_067_200 + 28_800);
    expect(unixSeconds('2024-01-01T10:00:00-0130')).toBe(1_704_067_200 + 41_400);
    expect(unixSeconds('2024-02-29T00:00:00.000Z')).toBe(1_709_164_800);
    expect(unixSeconds('1969-12-31T23:59:59Z')).toBe(-1);
  });

  it('gives nothing for other text, a date no calendar has, or a time between two seconds', () => {
    for (const text of ['yesterday', '1704067200', '2024-02-30', '2023-02-29', '2024-13-01', '2024-01-01T00:00:00.5Z', '2024-1-1', '0050-01-01']) {
      expect(unixSeconds(text), text).toBeUndefined();
    }
  });
});

describe('a timestamp compared with a time written as text', () => {
  it('is told the Unix time to write, in seconds and nanoseconds', () => {
    const [diagnostic] = compile('EdgeStartTimestamp gt 2024-01-01').diagnostics;
    expect(diagnostic.code).toBe('operator-not-allowed');
    expect(diagnostic.message).toBe("'gt' compares 'EdgeStartTimestamp' with a number, and 2024-01-01 is a time written as text");
    expect(diagnostic.hint).toBe(
      "write it as a Unix time, in the unit of the job's timestamps option: 1704067200 in seconds, 1704067200000000000 in nanoseconds",
    );
  });

  it('whose hint, written, passes the records after that time', () => {
    const seconds = compile('EdgeStartTimestamp geq 1704067200');
    expect(seconds.ok).toBe(true);
    expect(evaluate(seconds.filter!, { EdgeStartTimestamp: 1_704_067_200 })).toBe(true);
    expect(evaluate(seconds.filter!, { EdgeStartTimestamp: 1_704_067_199 })).toBe(false);
  });

  it('keeps the words of other text and of a number compared as text', () => {
    for (const text of ['EdgeStartTimestamp gt yesterday', 'EdgeStartTimestamp gt 2024-02-30', 'EdgeStartTimestamp gt "1704067200"']) {
      const [diagnostic] = compile(text).diagnostics;
      expect(diagnostic?.message ?? '', text).not.toContain('a time written as text');
    }
    expect(compile('EdgeStartTimestamp startsWith 2024-01').ok).toBe(true);
  });
});
