export { toSql, filterKeys, type SqlOptions } from './to-sql.js';
export { SQL_DIALECTS, type SqlDialectName } from './dialect.js';
