// Package explorer is an opening explorer over a database of games.
package explorer
