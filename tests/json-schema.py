#!/usr/bin/env python3
#
# json-schema.py SCHEMA FILE...: validate each JSON FILE against the
# JSON Schema (draft 2020-12) in SCHEMA with python3-jsonschema
# (scripts/install-deps.sh), as tests/archive.sh and tests/browser.sh
# do for every games/G*.json of their sites against
# docs/schema/game.schema.json.  Prints a line for each error, "FILE:
# /players/0/id: 'x' is not valid under any of the given schemas", and
# exits 1 if there was one, 2 if the schema itself is wrong or a file
# cannot be read.

import json
import sys

import jsonschema


def main():
    if len(sys.argv) < 2:
        print("usage: json-schema.py SCHEMA FILE...", file=sys.stderr)
        return 2
    try:
        with open(sys.argv[1], encoding="utf-8") as f:
            schema = json.load(f)
        jsonschema.Draft202012Validator.check_schema(schema)
    except (OSError, ValueError, jsonschema.SchemaError) as e:
        print(f"{sys.argv[1]}: {e}", file=sys.stderr)
        return 2
    validator = jsonschema.Draft202012Validator(schema)
    bad = 0
    for name in sys.argv[2:]:
        try:
            with open(name, encoding="utf-8") as f:
                data = json.load(f)
        except (OSError, ValueError) as e:
            print(f"{name}: {e}")
            bad = 1
            continue
        for e in sorted(validator.iter_errors(data),
                        key=lambda e: list(e.absolute_path)):
            where = "/" + "/".join(str(p) for p in e.absolute_path)
            print(f"{name}: {where}: {e.message}")
            bad = 1
    return bad


if __name__ == "__main__":
    sys.exit(main())
