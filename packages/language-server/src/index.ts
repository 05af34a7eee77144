/**
 * @logfilter/language-server: the Language Server Protocol server for `.lf` files, over any pair of
 * streams (`startServer`) or this process's standard input and output (`runStdioServer`).
 */
export { type LanguageServer, type LanguageServerOptions, type ServerStop, startServer } from './server.js';
export { runStdioServer, type StdioServerOptions } from './stdio.js';
export { type DocumentLimits, MAX_DOCUMENT_LENGTH, MAX_KEPT_DOCUMENT_LENGTH, MAX_KEPT_TOTAL_LENGTH } from './documents.js';
export { MAX_HEADER_BYTES, MAX_MESSAGE_BYTES } from './framing.js';
