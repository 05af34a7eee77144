/** Types of textmate.mjs, for the type-checked tests. */
export declare const SCOPE_NAME: string;
export declare const KEYWORD_SCOPE: string;
export declare const NUMBER_SCOPE: string;
export declare const ESCAPE_SCOPE: string;
export declare function textMateGrammar(): Record<string, unknown>;
export declare function textMateGrammarText(): string;
