/**
 * Opening the logs of `logfilter test`: a file or standard input, gunzipped when it starts with
 * gzip's magic bytes (or a file's name ends in .gz), with a regular file's size. Used on the main
 * thread and in the worker threads.
 */
import { closeSync, createReadStream, fstatSync, openSync, readSync } from 'node:fs';
import { pipeline, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { UsageError } from '../io.js';

/** The log stream (`-`: the given standard input, the process's by default, as in a worker), gunzipped when it starts with the gzip magic bytes (or a file's name ends in .gz); a regular file's size. */
export async function openLogs(path: string, stdin: Readable = process.stdin): Promise<{ stream: Readable; gzip: boolean; size?: number }> {
  if (path === '-') {
    const head = await peek(stdin);
    return isGzip(head) ? { stream: gunzip(stdin), gzip: true } : { stream: stdin, gzip: false };
  }
  const { gzip, size } = inspectLogs(path);
  const stream = createReadStream(path, { highWaterMark: 512 * 1024 });
  return gzip ? { stream: gunzip(stream), gzip, size } : { stream, gzip, size };
}

/** Whether a log file is gzip (its magic bytes, or a name ending in .gz), and its size when it is a regular file. */
export function inspectLogs(path: string): { gzip: boolean; size?: number } {
  try {
    const fd = openSync(path, 'r');
    try {
      const stat = fstatSync(fd);
      const head = Buffer.alloc(2);
      const read = readSync(fd, head, 0, 2, 0);
      return { gzip: isGzip(head.subarray(0, read)) || path.endsWith('.gz'), size: stat.isFile() ? stat.size : undefined };
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      `cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (code ?? (error as Error).message)}`,
      'io-error',
    );
  }
}

/** The decompressed stream; an error of the source (or of the data) surfaces on it. */
function gunzip(source: Readable): Readable {
  const output = createGunzip();
  pipeline(source, output, () => {});
  return output;
}

function isGzip(head: Buffer): boolean {
  return head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
}

/** The first bytes of a stream, put back so that the reader still sees them. */
function peek(stream: Readable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const finish = (head: Buffer) => {
      stream.off('readable', onReadable).off('end', onEnd).off('error', onError);
      resolve(head);
    };
    const onReadable = () => {
      const chunk = stream.read() as Buffer | null;
      if (chunk !== null) {
        stream.unshift(chunk);
        finish(chunk);
      }
    };
    const onEnd = () => finish(Buffer.alloc(0));
    const onError = (error: Error) => reject(new UsageError(`cannot read standard input: ${error.message}`, 'io-error'));
    stream.on('readable', onReadable).on('end', onEnd).on('error', onError);
  });
}
