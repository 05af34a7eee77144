/**
 * `make`'s result, made on the first call and kept. For what a short run (a CLI start) seldom needs
 * and would otherwise build as its module loads: a part of the message table most runs word nothing
 * from (filter-messages.ts, input-messages.ts, the CLI's part), a list only hints ask for.
 */
export function madeOnFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}
