// Package players gives each player of a corpus one identity across the
// ways records write the name: titles, places and clubs, traditional and
// simplified script, width, spacing, and romanized names.
//
// # Name forms
//
// Parse reads one name without context:
//
//   - white space around it is trimmed, full-width forms folded;
//   - a bracket at the end or the start is removed, ASCII or full-width,
//     closed or not (胡荣华(上海), 胡荣华（上海）, 何志敏（義大利, 别亦难(月将)):
//     a place, a club, a rank or a server;
//   - a romanized name (two to five words of Latin letters, tone marks,
//     hyphens and apostrophes allowed) drops the title words of
//     RomanTitles (GM, IM, FM, WGM, WIM, IGM, Mr, Dr) and is keyed by its
//     words folded: lower case, no tone marks, hyphens or apostrophes,
//     ü and v written u ("HU Rong-hua" and "Hú Rónghuá" are "hu ronghua");
//   - any other name is keyed by tagnorm.Text (simplified characters,
//     folded width and case, no spacing or punctuation), then one title of
//     Titles is removed from its front or end when two to four Han
//     characters remain: 女子国际特级大师, 国际特级大师, 女子特级大师,
//     女子国际大师, 特级国际大师, 象棋特级大师, 特级大师, 国际大师, 国家大师,
//     象棋大师, 棋协大师, 候补大师, 女子大师, 一级棋士, 二级棋士, 一级棋手,
//     特大 (traditional forms match through tagnorm). The bare 大师 is
//     removed only where the corpus confirms it (below): 武汉大师 is a
//     nickname.
//
// # What is merged without an alias file
//
// Resolver.Resolve merges, over the whole corpus:
//
//  1. names with the same key (Parse): the same name up to titles,
//     brackets, script, width, spacing and punctuation;
//  2. "PLACE NAME" (上海 胡荣华, 中國-上海 葛維) with NAME, where PLACE (two
//     Han characters or more, then white space) is written before two or
//     more names of one event and year (of one file for games without an
//     event): such a PLACE is a place everywhere in the corpus;
//  3. a place found by rule 2 run into a name (廣東呂  欽, 上海胡荣华) with
//     that name, when the name is found on its own (or after a place) in
//     the corpus;
//  4. a name with the bare 大师 before or after it with the name, when
//     the name is found on its own;
//  5. a romanized name with the one Han name of the corpus whose pinyin
//     it spells, surname first or last (Hu Ronghua, Ronghua Hu), when
//     exactly one Han name has that reading, and, for a Han name of two
//     characters (a one-character given name: 胡明, 曹霖, too common to be
//     read from pinyin alone), when their games meet: a shared event, a
//     game copied under both names, or overlapping years. Readings come from
//     github.com/mozillazg/go-pinyin with every reading of every character
//     (曾 zeng and ceng, 单 shan and dan, 强 qiang and jiang), so that a
//     romanized name that could stand for two Han names (ZHANG Jiang: 张江
//     and 张强) is merged with neither.
//
// Nothing else is merged: not two Han names that read alike (杨官璘,
// 杨官麟), not names one character apart, not a romanized name matching two
// Han names, not a club run into a name where the club was never written
// apart (北方队李来群). Those are what Table.Suggest lists, with their
// evidence, for review. The same name is one player, whoever wore it: the
// records have no way to tell two people named 李强 apart, and only an
// alias file (a different spelling per person) can.
//
// # Alias file
//
// A reviewed alias file (Aliases, ReadAliases) decides first: a name
// whose key is listed belongs to that line's player, whatever the rules
// say; lines that share a name are one player, named by the first of
// them, and lines that share none are different players.
//
// # player_id
//
// PlayerID is the first 8 bytes of the SHA-256 of "xqtool-player:" and
// the player's key, in hexadecimal: the same in every run and every shard
// of a corpus for a Han name, a name no rule reads, and an alias-file
// player (the key of its canonical name). A romanized name merged by
// pinyin takes the Han name's id; in a shard without that Han name, or in
// a corpus with two Han names of its reading, it keeps its own.
package players
