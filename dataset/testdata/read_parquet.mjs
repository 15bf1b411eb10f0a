// Reads Parquet files with hyparquet, a Parquet reader independent of
// arrow-go, and prints one JSON line per file: the row count from the
// footer, the number of rows actually decoded, the column names, the
// number of row groups and the rows asked for with --rows=N (default 3,
// values converted to plain JSON: BigInt as number, Date as YYYY-MM-DD).
//
// Usage: node read_parquet.mjs [--rows=N] FILE...
// The packages are installed in ./node (npm ci --prefix dataset/testdata/node).
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import path from 'node:path'

const here = path.dirname(fileURLToPath(import.meta.url))
const require = createRequire(path.join(here, 'node', 'package.json'))
const hyparquet = await import(require.resolve('hyparquet'))
const { compressors } = await import(require.resolve('hyparquet-compressors'))

let nrows = 3
const files = []
for (const a of process.argv.slice(2)) {
  if (a.startsWith('--rows=')) nrows = Number(a.slice(7))
  else files.push(a)
}

function plain(v) {
  if (typeof v === 'bigint') return Number(v)
  if (v instanceof Date) return v.toISOString().slice(0, 10)
  if (Array.isArray(v)) return v.map(plain)
  if (v && typeof v === 'object') {
    const o = {}
    for (const [k, x] of Object.entries(v)) o[k] = plain(x)
    return o
  }
  return v
}

for (const f of files) {
  const file = await hyparquet.asyncBufferFromFile(f)
  const meta = await hyparquet.parquetMetadataAsync(file)
  const rows = await hyparquet.parquetReadObjects({ file, metadata: meta, compressors })
  const columns = meta.schema.slice(1).filter(s => s.num_children === undefined || s.num_children === 0 ? false : true).length
  console.log(JSON.stringify({
    file: f,
    num_rows: Number(meta.num_rows),
    decoded: rows.length,
    row_groups: meta.row_groups.length,
    columns: rows.length ? Object.keys(rows[0]) : [],
    rows: rows.slice(0, nrows).map(plain),
    created_by: meta.created_by,
  }))
}
