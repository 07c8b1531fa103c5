#!/usr/bin/env bash
# Prints the comparison in README's Performance section: throughput and
# allocations of faultline, reviewdog/errorformat, a naive regexp parser and
# a bare line split on the same generated inputs, how the time scales with
# the input, and the CLI's peak RSS while it parses 1 GiB from stdin.
# Takes about a minute on two cores.
set -euo pipefail
cd "$(dirname "$0")"
go test -count=1 -run '^TestTable$' -v -timeout 30m . -table -rss | grep -v -e '^=== ' -e '^--- ' -e '^PASS' -e '^ok '
