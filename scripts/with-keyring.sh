#!/usr/bin/env bash
# Runs a command with a working Secret Service (the OS keychain on Linux), for CI:
#   scripts/with-keyring.sh <command...>
# A Secret Service already answering on the session bus is used as it is. Otherwise the script
# re-runs itself in a private D-Bus session (dbus-run-session) and starts gnome-keyring-daemon
# there with a throwaway, unlocked login keyring in a temporary directory, so neither the
# user's own keyrings nor a keyring left by an earlier run (with another password) are touched.
set -euo pipefail

if [[ $# -eq 0 ]]; then
  echo "usage: $0 <command...>" >&2
  exit 2
fi

# Set only inside the private session this script starts for itself.
readonly private_session_marker=TILLBASE_KEYRING_PRIVATE_SESSION

secret_service_answers() {
  [[ -n "${DBUS_SESSION_BUS_ADDRESS:-}" ]] &&
    dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
      org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null |
      grep -q 'boolean true'
}

if [[ -z "${!private_session_marker:-}" ]]; then
  if secret_service_answers; then
    exec "$@"
  fi
  export "$private_session_marker=1"
  exec dbus-run-session -- "$0" "$@"
fi
unset "$private_session_marker"

keyring_home="$(mktemp -d "${TMPDIR:-/tmp}/tillbase-keyring.XXXXXX")"
keyring_pid=""
stop_keyring() {
  if [[ -n "$keyring_pid" ]]; then
    kill "$keyring_pid" 2>/dev/null || true
    wait "$keyring_pid" 2>/dev/null || true
  fi
  rm -rf "$keyring_home"
}
trap stop_keyring EXIT
mkdir -m 700 "$keyring_home/data" "$keyring_home/runtime"

# --foreground so that this script knows the daemon's pid and stops it: a daemonized one can
# outlive the private bus. --unlock reads the login keyring's password on stdin and creates the
# keyring when it is new. XDG_RUNTIME_DIR keeps its control socket out of ~/.cache and away from
# any daemon the user runs.
printf '%s' tillbase-ci |
  XDG_DATA_HOME="$keyring_home/data" XDG_RUNTIME_DIR="$keyring_home/runtime" \
    gnome-keyring-daemon --foreground --unlock --components=secrets >/dev/null &
keyring_pid=$!

for _ in $(seq 100); do
  secret_service_answers && break
  sleep 0.1
done
if ! secret_service_answers; then
  echo "$0: gnome-keyring-daemon did not start a Secret Service within 10 s" >&2
  exit 1
fi

# Not exec: the daemon must be stopped and the throwaway keyring removed once the command is done.
status=0
"$@" || status=$?
exit "$status"
