#!/bin/bash
# Install what building and testing mupbem need on Debian 12: the
# build tools and libraries, the real mail servers (Dovecot, Postfix)
# and clients (swaks, curl) the end-to-end tests start on loopback
# (tests/mailhost.sh), the PostgreSQL server the store is tested on
# (tests/pg-lib.sh), the headless Chromium and Node.js the web
# archive is tested with (tests/browser.sh), and python3-jsonschema,
# which checks its JSON against docs/schema/game.schema.json.  Run as
# root.  Quick and quiet when everything is already installed.
set -euo pipefail

packages=(
	autoconf automake libtool pkg-config make gcc
	libcurl4-gnutls-dev libetpan-dev libsqlite3-dev
	check libdpkg-perl libinih-dev nettle-dev libgnutls28-dev
	libcairo2-dev libdeflate-dev libfontconfig-dev fonts-dejavu-core
	dovecot-imapd dovecot-lmtpd postfix openssl
	swaks libnet-ssleay-perl curl tzdata sqlite3 python3 strace
	libpq-dev postgresql
	chromium python3-jsonschema
)
# Node.js and npm drive Chromium.  A machine may have them from
# elsewhere (NodeSource's nodejs, which holds npm): then Debian's npm
# would fight it, so they come from Debian only if missing.
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
	packages+=(nodejs npm)
fi

missing=()
for p in "${packages[@]}"; do
	# dpkg -s also succeeds for removed-but-configured packages, so
	# look at the status itself.
	status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
	if [ "$status" != "install ok installed" ]; then
		missing+=("$p")
	fi
done

if [ ${#missing[@]} -eq 0 ]; then
	echo "install-deps: all ${#packages[@]} packages already installed"
	exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
	echo "install-deps: missing ${missing[*]}; run as root" >&2
	exit 1
fi

echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
# Postfix must not configure itself as the machine's mailer: the tests
# run their own instance.
echo "postfix postfix/main_mailer_type select No configuration" |
    debconf-set-selections
apt-get update
apt-get install -y --no-install-recommends "${packages[@]}"
