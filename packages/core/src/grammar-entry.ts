/** `@logfilter/core/grammar`: the grammar as data, for the tooling that draws and snapshots it (grammar/). */
export {
  createValidatingLexer,
  createValidatingParser,
  grammarRuleNames,
  serializedGrammar,
  syntaxDiagramsHtml,
  type DiagramResourceReader,
} from './syntax/grammar.js';
