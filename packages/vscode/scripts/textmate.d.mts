/** Types of textmate.mjs, for the type-checked tests. */
export declare const SCOPE_NAME: string;
export declare function textMateGrammarText(): string;
