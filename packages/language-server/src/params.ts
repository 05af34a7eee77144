/**
 * The params of each method the server handles, checked before any handler sees them: the parts
 * the server reads, with the protocol's types. `paramsProblem` names the first param that is
 * wrong (`params.position.line must be a non-negative integer, not -1`); a request gets it back
 * as -32602 Invalid Params, a notification is logged and dropped.
 */

/** What is wrong with the value at `path`, or undefined when it is right. */
type Check = (value: unknown, path: string) => string | undefined;

/** What a wrong value is, after "must be ...". */
function describe(value: unknown): string {
  if (value === undefined) return ' (it is missing)';
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return `, not ${value}`;
  if (typeof value === 'string') return `, not the string ${JSON.stringify(value.length > 30 ? `${value.slice(0, 30)}...` : value)}`;
  return Array.isArray(value) ? ', not an array' : ', not an object';
}

const expect =
  (what: string, test: (value: unknown) => boolean): Check =>
  (value, path) =>
    test(value) ? undefined : `${path} must be ${what}${describe(value)}`;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const string = expect('a string', (value) => typeof value === 'string');
const integer = expect('an integer', Number.isSafeInteger);
const uinteger = expect('a non-negative integer', (value) => Number.isSafeInteger(value) && (value as number) >= 0);
const object = expect('an object', isObject);

function shape(fields: Record<string, Check>): Check {
  return (value, path) => {
    if (!isObject(value)) return object(value, path);
    for (const [name, check] of Object.entries(fields)) {
      const problem = check(value[name], `${path}.${name}`);
      if (problem !== undefined) return problem;
    }
    return undefined;
  };
}

const optional =
  (check: Check): Check =>
  (value, path) =>
    value === undefined ? undefined : check(value, path);

function arrayOf(check: Check): Check {
  return (value, path) => {
    if (!Array.isArray(value)) return `${path} must be an array${describe(value)}`;
    for (let index = 0; index < value.length; index++) {
      const problem = check(value[index], `${path}[${index}]`);
      if (problem !== undefined) return problem;
    }
    return undefined;
  };
}

const position = shape({ line: uinteger, character: uinteger });
const range = shape({ start: position, end: position });
const documentId = shape({ uri: string });
const atPosition = shape({ textDocument: documentId, position });
const onDocument = shape({ textDocument: documentId });
/** A change is the whole text, or a range and the text that replaces it. */
const change: Check = (value, path) => (isObject(value) && value.range !== undefined ? shape({ range, text: string }) : shape({ text: string }))(value, path);

/**
 * By method, in a Map: a lookup by a client's method name finds only these, never a property every
 * object inherits (`__proto__`, `constructor`, `toString`).
 */
const PARAMS = new Map<string, Check>(
  Object.entries({
    '$/cancelRequest': shape({ id: expect('a number or a string', (value) => typeof value === 'string' || Number.isSafeInteger(value)) }),
    initialize: shape({ processId: optional((value, path) => (value === null ? undefined : integer(value, path))), capabilities: object }),
    'workspace/didChangeConfiguration': object,
    'textDocument/didOpen': shape({ textDocument: shape({ uri: string, languageId: string, version: integer, text: string }) }),
    'textDocument/didChange': shape({ textDocument: shape({ uri: string, version: integer }), contentChanges: arrayOf(change) }),
    'textDocument/didClose': onDocument,
    'textDocument/completion': atPosition,
    'textDocument/hover': atPosition,
    'textDocument/formatting': onDocument,
    'textDocument/rangeFormatting': shape({ textDocument: documentId, range }),
    'textDocument/codeAction': shape({ textDocument: documentId, range, context: shape({ diagnostics: arrayOf(shape({ range })) }) }),
    'textDocument/semanticTokens/full': onDocument,
  }),
);

/** The first wrong param of a message to `method`, or undefined (also for methods the server does not check). */
export function paramsProblem(method: string, params: unknown): string | undefined {
  return PARAMS.get(method)?.(params, 'params');
}
