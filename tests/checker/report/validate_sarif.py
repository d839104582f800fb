#!/usr/bin/env python3
"""Validates SARIF logs against the vendored SARIF 2.1.0 JSON schema.

Usage: validate_sarif.py SCHEMA FILE...   (FILE "-" reads standard input)

Exit status 0 when every log is valid, 1 when one is not (each error is
printed), 77 when the Python package `jsonschema` is missing (the CTest
test maps 77 to "skipped"; Debian package python3-jsonschema).
"""
import json
import sys


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    try:
        import jsonschema
    except ImportError:
        print("skipped: the Python package jsonschema is not installed (apt-get install python3-jsonschema)")
        return 77
    with open(argv[1], encoding="utf-8") as f:
        schema = json.load(f)
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    # Formats (uri, date-time) are checked where jsonschema has a checker for them.
    validator = validator_class(schema, format_checker=validator_class.FORMAT_CHECKER)
    failed = False
    for path in argv[2:]:
        if path == "-":
            log = json.load(sys.stdin)
        else:
            with open(path, encoding="utf-8") as f:
                log = json.load(f)
        errors = sorted(validator.iter_errors(log), key=lambda e: list(e.absolute_path))
        for e in errors:
            where = "/".join(str(p) for p in e.absolute_path) or "(root)"
            print(f"{path}: {where}: {e.message}")
        if errors:
            failed = True
        else:
            print(f"{path}: valid SARIF 2.1.0")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
