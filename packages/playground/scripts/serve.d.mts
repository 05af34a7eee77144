import type { Server } from 'node:http';

/** The built playground folder. */
export const DIST: string;
/** The cross-origin isolation headers (COOP same-origin, COEP require-corp) Z3's threads need. */
export const ISOLATION_HEADERS: Record<string, string>;
/** Serves `root` on 127.0.0.1:`port` (0: a free port); resolves once listening. `isolated: false` leaves out ISOLATION_HEADERS. */
export function serveStatic(root?: string, port?: number, options?: { isolated?: boolean }): Promise<Server>;
