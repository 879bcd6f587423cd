#!/usr/bin/env python3
# png-colours.py FILE: prints how many colours of an indexed PNG's
# palette (its PLTE chunk) are not greys, 0 for a PNG without one: a
# picture drawn in the grey palette has none (tests/picture.sh,
# tests/picture-mail.sh).
import struct
import sys

data = open(sys.argv[1], "rb").read()
pos, n = 8, 0
while pos + 8 <= len(data):
    size, kind = struct.unpack(">I4s", data[pos:pos + 8])
    if kind == b"PLTE":
        p = data[pos + 8:pos + 8 + size]
        n = sum(1 for i in range(0, size, 3)
                if not p[i] == p[i + 1] == p[i + 2])
    pos += 12 + size
print(n)
