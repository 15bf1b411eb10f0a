// Package htmlreport renders the report of a validate run as one
// self-contained HTML page for a person to look at: the run's counts and a
// bar chart of games per flag code, a table of every game with an error
// or a warning, and for each such game (up to a limit) its tags, its
// flags, its main line in the record's own notation and in Chinese
// notation, and a board diagram (package svgboard) of the position before
// the flagged move, with the move drawn as an arrow (the moves of a
// repetition cycle as numbered arrows).
//
// The table starts with the games with an error, then those with a
// warning, each in input order; it sorts by any column, filters by status,
// code and text, pages through any number of rows, and downloads the rows
// shown as CSV. Sources are shown after the directory they all share,
// which the page names once (each row's whole path is its tooltip and is
// in the CSV).
//
// Words: a flag says where it is once ("at ply 3 (move 2, Red)", counted
// from the start position), its code's meaning (package flags) is the
// code's tooltip, and a repetition verdict is told in plain language:
// which side, which of its pieces attack which enemy piece (the pieces
// that could capture a chased piece after the chasing moves, found by
// replaying), over which plies, under which rules, and what follows; the
// analyzer's detail stays as the flag's tooltip. A game's title leaves out
// empty players, event and date, and empty tags are not listed.
//
// The page needs nothing outside itself: inline CSS, inline SVG, the
// board font as data: URLs (svgboard.FontFaceCSS) and a little inline
// script for the table (without script the page says so). It has no
// horizontal scroll at phone widths. It is built from Game values, which
// are the lines of a validate --report file written with --with-moves, so
// a saved report renders the same page as the run that wrote it; from a
// report written without --with-moves the page lists and describes the
// games but says that it has no moves to draw diagrams from. Games are
// added in input order to a Builder, which keeps every table row but the
// details of only the games that may get a diagram, so memory stays
// bounded for any run.
package htmlreport

import "github.com/xqtool/xqtool/report"

// Game is what the page shows of one game: a report line (package
// report), as a run builds it or as a saved --report file holds it.
type Game = report.Game
