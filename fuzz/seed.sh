#!/usr/bin/env bash
# Fills fuzz/corpus/<target>/ with the seeds each target starts from: the records of the
# rules crate's tests and of the newest upgrade fixture (target `record`), each of their
# turn lines (target `notation`), and the chat lines of fuzz/chat-lines.txt (target `chat`).
# The corpus grows as the fuzzer runs; it is not committed.
set -euo pipefail
cd "$(dirname "$0")"
mkdir -p corpus/record corpus/notation corpus/chat
records=(../crates/gipf/tests/data/*.gipf)
newest=$(ls -d ../tests/fixtures/upgrade/schema-*/ | sort -t- -k2 -n | tail -1)
records+=("$newest"*.gipf)
n=0
for record in "${records[@]}"; do
    cp "$record" "corpus/record/$(basename "$(dirname "$record")")-$(basename "$record")"
    while IFS= read -r line; do
        case "$line" in ''|'['*|'#'*) continue ;; esac
        n=$((n + 1))
        printf '%s' "$line" > "corpus/notation/line-$n"
    done < "$record"
done
n=0
while IFS= read -r line; do
    n=$((n + 1))
    printf '%s' "$line" > "corpus/chat/line-$n"
done < chat-lines.txt
echo "seeded: $(ls corpus/record | wc -l) records, $(ls corpus/notation | wc -l) turns, $(ls corpus/chat | wc -l) chat lines"
