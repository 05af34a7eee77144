/**
 * Runs deferred work (the diagnostics of changed documents) once no message is waiting: a burst of
 * edits is analysed once, after its last edit, and a request that came with the burst is answered
 * first, on the latest text. No timer: the connection handles one queued message per turn of the
 * event loop (setImmediate), so work that finds, one turn later, that no message has arrived or
 * been handled since is work that nothing is waiting behind. A single edit, with nothing after
 * it, is analysed two turns later, well under a millisecond.
 */
export class WhenQuiet {
  /** Messages arrived or handled so far. */
  private stirs = 0;
  /** `stirs` when the work last looked; -1 forces one more turn. */
  private seen = -1;
  private pending = false;

  constructor(private readonly work: () => void) {}

  /** A message arrived or was handled: pending work waits another turn. */
  stir(): void {
    this.stirs++;
  }

  /** Asks for the work to run once nothing is waiting; asking again before it runs changes nothing. */
  request(): void {
    if (this.pending) return;
    this.pending = true;
    this.seen = -1;
    setImmediate(this.look);
  }

  private readonly look = (): void => {
    if (this.stirs !== this.seen) {
      this.seen = this.stirs;
      setImmediate(this.look);
      return;
    }
    this.pending = false;
    this.work();
  };
}
