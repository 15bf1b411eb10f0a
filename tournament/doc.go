// Package tournament groups the games of a run into events, builds each
// event's crosstable and checks what a tournament record must hold
// together: a player in one game per round, one result per game, dates
// inside the event, each pair meeting as often as the format allows, one
// spelling per player.
//
// # Events
//
// A game belongs to the event its Event tag names, after tagnorm.Text
// (script, width, spacing and punctuation folded), in one year: the first
// year written in the Event tag itself (a four-digit number from 1900 to
// 2099 not inside a longer number: "1984年全國象棋團體賽", "China National
// Xiangqi League 2004"), else the year of the game's Date tag, else none.
// The year in the name wins so that an event played across a new year
// ("2006年第26屆五羊杯…", a game dated 2005-12-28) stays one event. A game
// without an Event tag (or one of only punctuation) has no event.
//
// The event_id is 16 hexadecimal digits: the first 8 bytes of the SHA-256
// of the normalized name, a zero byte and the year in decimal ("0" when
// none). It depends on nothing else: the same event gets the same id in
// every run, shard and dataset.
//
// # Players
//
// Players are told apart by an Identity (the players package's, once
// wired); without one, a player is his name after tagnorm.Text (the
// red_norm of games.parquet), shown as written in his first game of the
// event (an Identity's name otherwise: the first game's). A game
// whose player has no name takes part in no crosstable nor pairing check.
//
// # Games counted
//
// Copies of one game (one duplicate cluster, pipeline.Dup.ClusterID) are
// counted once: the crosstable and the pairing checks take, of each
// cluster, the kept copy when it is in the event, else the event's first
// copy in input order. Every copy still belongs to the event (its games,
// spellings and date span, its flags).
//
// # Format
//
// An event is a round robin when it has at least three players and every
// pair of its players met the same number of times k ≥ 1 in the counted
// games (k = 2: a double round robin); its crosstable is then a players ×
// players table. Any other event (a Swiss, a knockout, a round robin whose
// records are incomplete) is listed by round: its counted games grouped by
// Round tag (in the order of the round's first number, then its text),
// games without a Round tag last, by date.
//
// Points are 1 for a win, ½ for a draw (results "1-0", "0-1", "1/2-1/2";
// "*" scores nothing); players rank by points, ties sharing a rank.
//
// # Checks
//
// Flags raised on the games (package flags), and counted per event:
//
//   - pairing_conflict (warning): in one round of an event (Round tags
//     equal after tagnorm.Text, "-" and "?" being no round), a player has
//     counted games against two or more different opponents. Several games
//     against the same opponent in a round are a match (rapid play-offs),
//     not a conflict.
//   - repeated_pairing (info): a pair of players meets with the same
//     colours (the same player on Red) in two different meetings. Single
//     and double round robins, leagues (home and away) and two-game matches
//     with colours swapped (knockouts, computer championships) never do
//     that; a Swiss never pairs a pair twice at all. A meeting is a round
//     (games of a pair in one round are one match: play-offs), else,
//     without a Round tag, a day (games on one day are one match); a game
//     with neither is not checked (a knockout match of several games over
//     unknown days cannot be told from a rematch). The meetings after the
//     first are flagged.
//   - result_conflict (warning): copies of one game (one cluster, across the
//     whole run) declare different results among "1-0", "0-1" and
//     "1/2-1/2"; every copy is flagged.
//   - date_outside_event (warning): see Span.
//   - name_variants (info): one player (one Identity id) is written in more
//     than one way inside one event (the names as written, spaces trimmed);
//     the games written in a spelling other than the player's most frequent
//     one in the event are flagged.
package tournament
