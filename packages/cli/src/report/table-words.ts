/**
 * The words of a diagnostic the CLI itself finds, from a message table: core's (`MESSAGES`, for a
 * finding such as a file name given as filter text, with advice the presenters say as the CLI's
 * command or flag, advice.ts) or the CLI's own part (cli-messages.ts, words that name its flags).
 */
import { MESSAGES, wordingOf } from '@logfilter/core';
import { CLI_MESSAGES } from './cli-messages.js';

/** Words from core's table: `tableWords('argument-is-a-file', 'inline', { file, command })`. */
export const tableWords = wordingOf(MESSAGES);

/** Words from the CLI's own part: `cliWords('dataset-disagrees', 'tail', { streamed, filtered })`. */
export const cliWords = wordingOf(CLI_MESSAGES);
