// Package parquetw is the engine that writes the Parquet files of xqtool's
// tables: a Table is written column chunk by column chunk (numbers and
// plain strings batch by batch, dictionary and list columns as indices
// over the row group) and encoded on a goroutine of its own; NewFileWriter
// starts the small tables built as Arrow records. Config says how (the
// allocator, Recycler by default; the row-group bounds; the codec).
//
// It knows no table: the schemas, their columns and what goes in them
// belong to the packages that own the tables (dataset, tournament,
// training, …). Reading is package table's.
package parquetw
