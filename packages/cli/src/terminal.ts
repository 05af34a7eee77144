/** Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org). */
export function useColor(stream: NodeJS.WriteStream, option?: boolean): boolean {
  if (option === false) return false;
  if (process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== '') return false;
  if (process.env.FORCE_COLOR !== undefined && process.env.FORCE_COLOR !== '0') return true;
  return stream.isTTY === true;
}
