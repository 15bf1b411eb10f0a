// Package htmlreport renders the report of a validate run as one
// self-contained HTML page for a person to look at: the run's counts and a
// bar chart of games per flag code, a filterable table of every flagged and
// unreadable game, and for each flagged game (up to a limit) its tags, its
// main line in the record's own notation and in Chinese notation, and a
// board diagram (package svgboard) of the position before the flagged
// move, with the move drawn as an arrow.
//
// The page needs nothing outside itself: inline CSS, inline SVG and a
// little inline script for the filters (without script the table is still
// complete). It is built from Game values, which are the lines of a
// validate --report file written with --with-moves, so a saved report
// renders the same page as the run that wrote it. Games are added in input
// order to a Builder, which keeps every table row but the details of only
// the games that may get a diagram, so memory stays bounded for any run.
package htmlreport

import "github.com/xqtool/xqtool/report"

// Game is what the page shows of one game: a report line (package
// report), as a run builds it or as a saved --report file holds it.
type Game = report.Game
