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

keyring_data_home="$(mktemp -d "${TMPDIR:-/tmp}/tillbase-keyring.XXXXXX")"
trap 'rm -rf "$keyring_data_home"' EXIT

# --unlock reads the login keyring's password on stdin and creates that keyring when it is new.
printf '%s' tillbase-ci |
  XDG_DATA_HOME="$keyring_data_home" gnome-keyring-daemon --unlock --components=secrets >/dev/null

# Not exec: the trap must remove the throwaway keyring once the command is done.
unset "$private_session_marker"
status=0
"$@" || status=$?
exit "$status"
