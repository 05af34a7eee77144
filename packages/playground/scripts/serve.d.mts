import type { Server } from 'node:http';

/** The built playground folder. */
export const DIST: string;
/** Serves `root` on 127.0.0.1:`port` (0: a free port); resolves once listening. */
export function serveStatic(root?: string, port?: number): Promise<Server>;
