/**
 * The words of a diagnostic the CLI itself finds, from a message table: core's (`MESSAGES`, for a
 * finding such as a file name given as filter text, with advice the presenters say as the CLI's
 * command or flag, advice.ts) or the CLI's own part (cli-messages.ts, words that name its flags).
 */
import { type DiagnosticCode, MESSAGES, type MessageTemplate, type Worded } from '@logfilter/core';
import { CLI_MESSAGES } from './cli-messages.js';

type Core = typeof MESSAGES;
type Cli = typeof CLI_MESSAGES;
type DataOf<T> = T extends { message: (data: infer D) => string } ? D : never;

/** Words from core's table: `tableWords('argument-is-a-file', 'inline', { file, command })`. */
export function tableWords<C extends keyof Core & DiagnosticCode, I extends keyof Core[C] & string>(code: C, id: I, data: DataOf<Core[C][I]>): Worded {
  return worded(code, MESSAGES[code][id] as MessageTemplate<typeof data>, data);
}

/** Words from the CLI's own part: `cliWords('dataset-disagrees', 'tail', { streamed, filtered })`. */
export function cliWords<C extends keyof Cli, I extends keyof Cli[C] & string>(code: C, id: I, data: DataOf<Cli[C][I]>): Worded {
  return worded(code, CLI_MESSAGES[code][id] as MessageTemplate<typeof data>, data);
}

function worded<D>(code: DiagnosticCode, template: MessageTemplate<D>, data: D): Worded {
  const words: Worded = { code, message: template.message(data) };
  const hint = template.hint?.(data);
  if (hint !== undefined) words.hint = hint;
  const advice = template.advice?.(data);
  if (advice !== undefined) words.advice = advice;
  return words;
}
