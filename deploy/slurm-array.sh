#!/bin/sh
# A Slurm job array that exports a corpus as 8 shards, one task each:
#
#   sbatch deploy/slurm-array.sh /shared/games /shared/out
#
# Slurm gives task I the variables SLURM_ARRAY_TASK_ID=I and
# SLURM_ARRAY_TASK_COUNT=8; with --shard-from-env xqtool reads the files of
# shard I/8 and writes OUT/shard=I-of-8/ (from SLURM_ARRAY_TASK_MIN, so
# --array=1-8 works too). Export exits 0 once its shard is written, so a
# failed task is a real failure. xqtool must be on PATH of the nodes (make
# build: bin/xqtool), or set XQTOOL to its path.
# (cmd/xqtool/deploy_test.go runs this script as each task would.)
#SBATCH --job-name=xqtool-export
#SBATCH --array=0-7
#SBATCH --cpus-per-task=2
#SBATCH --mem=1G
#SBATCH --output=xqtool-export-%A_%a.log
set -eu
if [ $# -ne 2 ]; then
	echo "usage: sbatch $0 RECORDS OUT" >&2
	exit 2
fi
exec "${XQTOOL:-xqtool}" export --quiet --shard-from-env -o "$2" "$1"
