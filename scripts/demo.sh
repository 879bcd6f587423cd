#!/bin/bash
# Install the dependencies, build mupbem in the source tree and run the
# main job: a two-player velox game with a fixed seed, printing the
# record and the board after the layout.
set -euo pipefail

cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
./autogen.sh
./configure
make
./mupbem demo
