// Finds the tables a TypeScript source names in SQL (used by check-table-owners.mjs): Kysely's builder calls
// (`selectFrom('x')`, `insertInto`, `updateTable`, `deleteFrom`, `mergeInto`, the joins, `using`, `from`,
// `sql.table`) and the text of raw `sql` templates (comments, quoted strings, `alias.column` and `AS alias`
// left out). A use is a write when the statement changes the table: `insertInto`, `updateTable`, `deleteFrom`,
// `mergeInto`, or raw INSERT INTO, UPDATE, DELETE FROM, MERGE INTO, TRUNCATE.

const BUILDER =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto|innerJoin|leftJoin|rightJoin|fullJoin|innerJoinLateral|leftJoinLateral|crossJoin|using|from|table)\(\s*(\[[^\]]*\]|'[^']*'|"[^"]*")/g;
const BUILDER_WRITES = new Set(['insertInto', 'updateTable', 'deleteFrom', 'mergeInto', 'replaceInto']);
const RAW_WRITE =
  /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM|MERGE\s+INTO|TRUNCATE(?:\s+TABLE)?)\s+(?:ONLY\s+)?([a-z_][a-z_0-9]*)/gi;

/** The line (1-based) of an offset. */
function lineOf(source, offset) {
  let line = 1;
  for (let i = 0; i < offset; i++) if (source.charCodeAt(i) === 10) line++;
  return line;
}

/**
 * The literal text of the template literal whose opening backtick is at `start` (its `${...}` expressions left
 * out, nested templates and strings inside them skipped), and the offset after its closing backtick.
 */
function templateText(source, start) {
  let text = '';
  let i = start + 1;
  while (i < source.length) {
    const c = source[i];
    if (c === '\\') {
      text += source.slice(i, i + 2);
      i += 2;
    } else if (c === '`') {
      return { text, end: i + 1 };
    } else if (c === '$' && source[i + 1] === '{') {
      i = skipExpression(source, i + 2);
      text += ' ';
    } else {
      text += c;
      i++;
    }
  }
  return { text, end: i };
}

/** The offset after the `}` closing an expression that starts at `i`. */
function skipExpression(source, i) {
  let depth = 1;
  while (i < source.length) {
    const c = source[i];
    if (c === '`') {
      i = templateText(source, i).end;
      continue;
    }
    if (c === "'" || c === '"') {
      const close = source.indexOf(c, i + 1);
      i = close < 0 ? source.length : close + 1;
      continue;
    }
    if (c === '{') depth++;
    if (c === '}' && --depth === 0) return i + 1;
    i++;
  }
  return i;
}

/** Every table of `tables` (a Set of names) the source names in SQL: `{ table, write, line }`. */
export function tableUses(source, tables) {
  const uses = [];
  for (const match of source.matchAll(BUILDER)) {
    const [, call, argument] = match;
    // `.from(` and `.using(` and `.table(` name a table only as a builder's or `sql.table`'s argument.
    for (const name of argument.matchAll(/['"]([a-z_][a-z_0-9]*)(?:\s+as\s+\w+)?['"]/g)) {
      if (tables.has(name[1])) {
        uses.push({ table: name[1], write: BUILDER_WRITES.has(call), line: lineOf(source, match.index) });
      }
    }
  }
  for (const tag of source.matchAll(/\bsql(?:<[^`]*?>)?`/g)) {
    const start = tag.index + tag[0].length - 1;
    const { text } = templateText(source, start);
    const sqlText = text
      .replace(/--[^\n]*/g, ' ')
      .replace(/\/\*[\s\S]*?\*\//g, ' ')
      .replace(/'(?:[^']|'')*'/g, "''")
      .replace(/"([a-z_][a-z_0-9]*)"/g, '$1');
    const line = lineOf(source, start);
    const written = new Set();
    for (const write of sqlText.matchAll(RAW_WRITE)) {
      if (tables.has(write[1])) written.add(write[1]);
    }
    for (const word of sqlText.matchAll(/(?<![.\w])([a-z_][a-z_0-9]*)\b/g)) {
      const name = word[1];
      if (!tables.has(name)) continue;
      // `AS name` is an alias, not the table.
      if (/\bAS\s+$/i.test(sqlText.slice(Math.max(0, word.index - 8), word.index))) continue;
      uses.push({ table: name, write: written.has(name), line });
    }
  }
  return uses;
}
