import type { Io, Output } from './io.js';

/** Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org). */
export function useColor(io: Io, stream: Output, option?: boolean): boolean {
  if (option === false) return false;
  if (io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== '') return false;
  if (io.env.FORCE_COLOR !== undefined && io.env.FORCE_COLOR !== '0') return true;
  return stream.isTTY === true;
}
