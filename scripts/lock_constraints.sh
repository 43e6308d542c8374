#!/usr/bin/env bash
# Refresh constraints.txt: resolve every runtime, test, tool and word-list source
# dependency afresh in a throw-away virtual environment and pin what pip chose.
# Run it on purpose (a new release we want), then run the whole suite before committing.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 -m venv "$tmp/venv"
"$tmp/venv/bin/pip" install -q --disable-pip-version-check -e '.[test,sources,corpus]'
{
    echo "# Pinned versions of every dependency (runtime, test, tools, word-list and corpus sources)."
    echo "# Used by .ci/run and the README's test command: pip install -c constraints.txt ..."
    echo "# Refresh on purpose with: bash scripts/lock_constraints.sh"
    "$tmp/venv/bin/pip" freeze --exclude-editable --disable-pip-version-check
} > constraints.txt
echo "constraints.txt: $(grep -vc '^#' constraints.txt) pinned packages"
