/**
 * The words of a diagnostic the CLI itself finds from the CLI's own part of the message table
 * (cli-messages.ts, words that name its flags). Findings about filter text are worded by core's
 * input part (`inputMessage`), with advice the presenters say as the CLI's command or flag (advice.ts).
 */
import { wordingOfMade } from '@logfilter/core';
import { cliMessages } from './cli-messages.js';

/** Words from the CLI's own part: `cliWords('dataset-disagrees', 'tail', { streamed, filtered })`. */
export const cliWords = wordingOfMade(cliMessages);
