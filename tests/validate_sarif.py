#!/usr/bin/env python3
"""Runs `ironlog check --format sarif` on the fixtures and validates the output against the
schema of SARIF 2.1.0's structure in tests/. Exit 0 when valid, 1 when not."""
import json
import subprocess
import sys

import jsonschema

binary, source = sys.argv[1], sys.argv[2]
files = [f"{source}/fixtures/errors/play-mistakes.ngn", f"{source}/fixtures/errors/syntax-mistakes.ngn",
         f"{source}/fixtures/games/ironclads-lissa-sample.ngn", f"{source}/fixtures/games/no file.ngn"]
run = subprocess.run([binary, "check", "--format", "sarif", *files], capture_output=True, text=True)
if run.returncode != 2:  # one file does not exist
    print(f"unexpected exit status {run.returncode}", file=sys.stderr)
    sys.exit(1)
log = json.loads(run.stdout)
with open(f"{source}/tests/sarif-2.1.0-subset.schema.json") as f:
    schema = json.load(f)
validator = jsonschema.Draft7Validator(schema, format_checker=jsonschema.FormatChecker())
errors = sorted(validator.iter_errors(log), key=lambda e: list(e.path))
for e in errors:
    print(f"{'/'.join(map(str, e.path))}: {e.message}", file=sys.stderr)
uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in log["runs"][0]["results"]}
if not any("no%20file.ngn" in u for u in uris):
    print("the unreadable file should be reported with its URI escaped", file=sys.stderr)
    sys.exit(1)
driver = log["runs"][0]["tool"]["driver"]
if not driver["rules"] or any(not r.get("helpUri") for r in driver["rules"]):
    print("every rule should carry its helpUri", file=sys.stderr)
    sys.exit(1)
invocations = log["runs"][0].get("invocations", [])
if len(invocations) != 1 or invocations[0].get("exitCode") != 2 or invocations[0].get("executionSuccessful") is not False:
    print(f"one invocation, exit 2 and not successful (a file is missing), expected: {invocations}", file=sys.stderr)
    sys.exit(1)
sys.exit(1 if errors else 0)
