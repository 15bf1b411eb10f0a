#!/usr/bin/env python3
"""An independent reader of px0 V6 training chunks, written from the field
list of tf/chunkparser.py (official-pikafish/lczero-training) and
src/trainingdata/trainingdata_v6.h (official-pikafish/px0), for the tests of
package px0. It uses Python 3 and NumPy only.

usage: readv6.py POLICY_TABLE EXPECT_JSONL CHUNK...

POLICY_TABLE is the trainer's move list (one label a line, line k = index k).
EXPECT_JSONL has one line per record, in the order of the chunks: {"fen":
position FEN, "move": the played move in ICCS, "result": the game's result
"1-0", "0-1" or "1/2-1/2"}. Each record is checked: version 6, input format
1; the pieces of the first history step against the FEN seen from the side
to move (ranks mirrored when Black is to move); one probability 1 on the
played move's index (the label with its ranks mirrored for Black), the
others 0 or -1; played_idx the same; side_to_move; result_q/result_d against
the result from the side to move. Prints the number of records checked.
"""
import gzip
import json
import sys

import numpy as np

RECORD = 10256
V6 = np.dtype([
    ("version", "<u4"), ("input_format", "<u4"),
    ("probs", "<f4", (2062,)), ("planes", "u1", (120, 16)),
    ("side_to_move", "u1"), ("rule50_count", "u1"),
    ("invariance_info", "u1"), ("dummy", "u1"),
    ("root_q", "<f4"), ("best_q", "<f4"), ("root_d", "<f4"), ("best_d", "<f4"),
    ("root_m", "<f4"), ("best_m", "<f4"), ("plies_left", "<f4"),
    ("result_q", "<f4"), ("result_d", "<f4"),
    ("played_q", "<f4"), ("played_d", "<f4"), ("played_m", "<f4"),
    ("orig_q", "<f4"), ("orig_d", "<f4"), ("orig_m", "<f4"),
    ("visits", "<u4"), ("played_idx", "<u2"), ("best_idx", "<u2"),
    ("policy_kld", "<f4"), ("reserved", "<u4"),
])
assert V6.itemsize == RECORD

# Plane order of one side in a history step (px0 encoder): rook, advisor,
# cannon, pawn, horse, elephant, king; the side to move's first.
KINDS = "racpnbk"


def fen_board(fen):
    """{(file, rank): letter} of a FEN's placement, rank 0 = Red's back rank."""
    rows = fen.split()[0].split("/")
    out = {}
    for i, row in enumerate(rows):
        rank, f = 9 - i, 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                ch = {"h": "n", "e": "b", "H": "N", "E": "B"}.get(ch, ch)
                out[(f, rank)] = ch
                f += 1
    return out


def planes_board(planes, black):
    """The pieces of the first history step, in Red's frame."""
    bits = np.unpackbits(planes[:15], axis=1, bitorder="little")[:, :90]
    out = {}
    for p in range(14):
        for sq in np.nonzero(bits[p])[0]:
            f, r = int(sq) % 9, int(sq) // 9
            if black:
                r = 9 - r
            ours = p < 7
            red = ours != black
            k = KINDS[p % 7]
            out[(f, r)] = k.upper() if red else k
    return out


def main():
    labels = [l.strip() for l in open(sys.argv[1]) if l.strip()]
    assert len(labels) == 2062, len(labels)
    expect = [json.loads(l) for l in open(sys.argv[2])]
    data = b"".join(gzip.open(p).read() for p in sys.argv[3:])
    if len(data) % RECORD:
        sys.exit("chunks hold %d bytes, not a multiple of %d" % (len(data), RECORD))
    recs = np.frombuffer(data, dtype=V6)
    if len(recs) != len(expect):
        sys.exit("%d records, %d expected" % (len(recs), len(expect)))
    for i, (r, e) in enumerate(zip(recs, expect)):
        where = "record %d (%s)" % (i, e["fen"])
        black = e["fen"].split()[1] == "b"
        if r["version"] != 6 or r["input_format"] != 1:
            sys.exit("%s: version %d, input format %d" % (where, r["version"], r["input_format"]))
        if r["side_to_move"] != int(black):
            sys.exit("%s: side_to_move %d" % (where, r["side_to_move"]))
        got, want = planes_board(r["planes"], black), fen_board(e["fen"])
        if got != want:
            sys.exit("%s: pieces of the first step differ: %s" % (where, sorted(set(got.items()) ^ set(want.items()))))
        probs = r["probs"]
        ones = np.nonzero(probs == 1.0)[0]
        if len(ones) != 1 or not np.all((probs == 0) | (probs == 1) | (probs == -1)):
            sys.exit("%s: the policy is not one-hot" % where)
        idx = int(ones[0])
        label = labels[idx]
        if black:  # the label is in the side to move's frame: ranks mirrored
            label = label[0] + str(9 - int(label[1])) + label[2] + str(9 - int(label[3]))
        if label != e["move"] or r["played_idx"] != idx:
            sys.exit("%s: policy on %s (index %d, played_idx %d), played %s" % (where, label, idx, r["played_idx"], e["move"]))
        res = {"1-0": 1, "0-1": -1, "1/2-1/2": 0}[e["result"]]
        if black:
            res = -res
        if r["result_q"] != res or r["result_d"] != (1.0 if res == 0 else 0.0):
            sys.exit("%s: result_q %g result_d %g, want %d" % (where, r["result_q"], r["result_d"], res))
        if not (-1 <= r["best_q"] <= 1 and 0 <= r["best_d"] <= 1):
            sys.exit("%s: best_q %g best_d %g out of range" % (where, r["best_q"], r["best_d"]))
    print(len(recs))


if __name__ == "__main__":
    main()
