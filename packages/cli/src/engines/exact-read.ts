/**
 * Whether DuckDB reads a log file exactly as the JS engine does. DuckDB's CSV reader, which the
 * DuckDB engine reads lines with, ends a line at a lone `\r` too and drops the `\r` of `\r\n`, cuts
 * a line at the column delimiter (0x01), drops a line that is not valid UTF-8 without a word, and
 * takes compression from the file name. A file free of those (no 0x00, 0x01 or 0x0d byte, valid
 * UTF-8, gzip exactly when named .gz: what Logpush delivers) is read line for line the same; any
 * other file is read by the JS engine's reader, so that both engines mean the same on every input.
 */
import { isUtf8 } from 'node:buffer';
import { openLogs } from './lines.js';
import { type Io, UsageError } from '../io.js';

const NEWLINE = 0x0a;
/** Bytes DuckDB's reader does not keep as they are: NUL, the column delimiter, carriage return. */
const ALTERED = [0x00, 0x01, 0x0d];

export async function readsExactly(io: Io, path: string): Promise<boolean> {
  const { stream, gzip } = await openLogs(io, path);
  if (gzip !== path.endsWith('.gz')) {
    stream.destroy();
    return false;
  }
  let rest: Buffer | undefined;
  try {
    for await (const data of stream as AsyncIterable<Buffer>) {
      if (ALTERED.some((byte) => data.includes(byte))) return false;
      const chunk = rest ? Buffer.concat([rest, data]) : data;
      const last = chunk.lastIndexOf(NEWLINE);
      rest = last === -1 ? chunk : chunk.subarray(last + 1);
      if (last !== -1 && !isUtf8(chunk.subarray(0, last))) return false;
    }
  } catch (error) {
    throw new UsageError(`cannot read ${path}: ${(error as Error).message}`, 'io-error');
  } finally {
    stream.destroy();
  }
  return rest === undefined || isUtf8(rest);
}
