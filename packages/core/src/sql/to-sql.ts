/**
 * toSql: a compiled filter as an SQL boolean expression with evaluate's meaning, over a table whose
 * columns are the dataset's fields (typed as the catalog says) or over one JSON column holding the
 * raw log line. Browser-safe: it writes text and runs nothing.
 *
 * The expression is TRUE exactly when evaluate lets the record through; otherwise FALSE or NULL, so
 * negate it as NOT COALESCE(expression, FALSE).
 */
import { parseJsonExact } from '../base/exact-json.js';
import type { Dataset } from '../language/catalog.js';
import type { FilterJson, FilterObject, FilterValue } from '../output/serialize.js';
import { criterionSql } from './criteria.js';
import type { SqlDialect, SqlDialectName } from './dialect.js';
import { sqlDialect } from './dialects.js';
import { columnView, jsonView, type ValueView } from './views.js';

export interface SqlOptions {
  dialect: SqlDialectName;
  /** The dataset whose catalog types the columns have (needed for columns, not for a JSON column). */
  dataset?: Dataset;
  /** Test the members of this JSON column (the raw log line) instead of typed columns. */
  jsonColumn?: string;
  /** The JSON value of each field as an SQL expression, for a caller that extracts the members once (overrides jsonColumn). */
  jsonMember?: (key: string) => string;
  /** Write a whole `SELECT * FROM table WHERE ...`. */
  table?: string;
}

/**
 * The filter (compiled JSON, as an object or its text) as SQL. Throws TypeError on a malformed
 * filter. Numbers are written exactly as evaluate reads them: give the JSON text (or an object
 * read by parseJsonExact) for integers past 2^53, which an object from JSON.parse has rounded.
 */
export function toSql(filter: FilterJson | string, options: SqlOptions): string {
  const root = typeof filter === 'string' ? (parseJsonExact(filter) as FilterJson) : filter;
  if (typeof root !== 'object' || root === null || !('where' in root)) throw new TypeError('not a compiled filter: expected {"where": ...}');
  const dialect = sqlDialect(options.dialect);
  if (!dialect) throw new TypeError(`unknown SQL dialect '${options.dialect}'`);
  const json = options.jsonMember === undefined && options.jsonColumn !== undefined;
  const column = json ? dialect.quoteIdentifier(options.jsonColumn!) : '';
  // Each member extracted once, where the dialect can: the condition then reads names.
  const members = json ? dialect.jsonMembersOnce?.(column, filterKeys(root)) : undefined;
  const viewOf = members ? (key: string) => jsonView(dialect, members.names.get(key)!) : fieldViews(dialect, options);
  const guard = json && !members ? dialect.jsonRecordGuard?.(column) : undefined;
  const tree = nodeSql(root.where, dialect, viewOf, true);
  const condition = members
    ? members.bind(tree)
    : guard === undefined
      ? tree
      : `${guard}\n  AND ${'or' in root.where && root.where.or.length > 1 ? `(${tree})` : tree}`;
  if (options.table === undefined) return condition;
  const settings = json && dialect.jsonQuerySettings ? `\n${dialect.jsonQuerySettings}` : '';
  return `SELECT *\nFROM ${quoteTable(dialect, options.table)}\nWHERE ${condition}${settings}`;
}

function fieldViews(dialect: SqlDialect, options: SqlOptions): (key: string) => ValueView {
  const { jsonColumn, dataset, jsonMember } = options;
  if (jsonMember) return (key) => jsonView(dialect, jsonMember(key));
  if (jsonColumn !== undefined) {
    const column = dialect.quoteIdentifier(jsonColumn);
    return (key) => jsonView(dialect, dialect.jsonMember(column, key));
  }
  return (key) => columnView(dialect, dialect.quoteIdentifier(key), dataset?.field(key));
}

/** A table name, qualified names (`db.schema.table`) quoted part by part. */
function quoteTable(dialect: SqlDialect, table: string): string {
  return table
    .split('.')
    .map((part) => dialect.quoteIdentifier(part))
    .join('.');
}

/** The fields a compiled filter names, each once, in order of first use. */
export function filterKeys(filter: FilterJson): string[] {
  const keys = new Set<string>();
  const visit = (node: FilterObject): void => {
    if ('and' in node) node.and.forEach(visit);
    else if ('or' in node) node.or.forEach(visit);
    else keys.add(node.key);
  };
  visit(filter.where);
  return [...keys];
}

function nodeSql(node: FilterObject, dialect: SqlDialect, viewOf: (key: string) => ValueView, top: boolean): string {
  if ('and' in node || 'or' in node) {
    const isAnd = 'and' in node;
    const members = isAnd ? (node as { and: FilterObject[] }).and : (node as { or: FilterObject[] }).or;
    if (!Array.isArray(members) || members.length === 0) throw new TypeError('not a compiled filter: a group holds a non-empty array');
    if (members.length === 1) return nodeSql(members[0], dialect, viewOf, top);
    const parts = members.map((member) => nodeSql(member, dialect, viewOf, false));
    const joined = parts.join(isAnd ? '\n  AND ' : '\n  OR ');
    return top ? joined : `(${parts.join(isAnd ? ' AND ' : ' OR ')})`;
  }
  const { key, operator, value } = node as { key: unknown; operator: unknown; value: unknown };
  if (typeof key !== 'string' || typeof operator !== 'string') throw new TypeError('not a compiled filter: a criterion has a string key and operator');
  return criterionSql(dialect, viewOf(key), operator, value as FilterValue);
}
