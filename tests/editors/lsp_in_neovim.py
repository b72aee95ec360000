#!/usr/bin/env python3
"""Drives Debian's neovim (0.7.2) headless as a real LSP client of `ironlog lsp` on a copy of a
clean sample game (lsp_in_neovim.lua does the editing) and asserts on the results it writes.

Usage: lsp_in_neovim.py IRONLOG_BINARY SOURCE_DIR WORK_DIR
"""
import os
import shutil
import subprocess
import sys


def main():
    binary, source, work = sys.argv[1:4]
    shutil.rmtree(work, ignore_errors=True)
    # the sample names its ship library as ../ships/lissa-1866.ngn
    os.makedirs(os.path.join(work, "games"))
    os.makedirs(os.path.join(work, "ships"))
    shutil.copy(os.path.join(source, "fixtures/ships/lissa-1866.ngn"), os.path.join(work, "ships"))
    record = os.path.join(work, "games", "sample.ngn")
    shutil.copy(os.path.join(source, "fixtures/games/ironclads-lissa-sample.ngn"), record)
    results = os.path.join(work, "results.txt")
    env = dict(os.environ, IRONLOG_BINARY=binary, IRONLOG_RESULTS=results, HOME=work, XDG_STATE_HOME=work, XDG_DATA_HOME=work)
    script = os.path.join(source, "tests/editors/lsp_in_neovim.lua")
    run = subprocess.run(["timeout", "60", "nvim", "--headless", "--clean", "-c", "luafile " + script, record],
                         env=env, cwd=work, stdin=subprocess.DEVNULL, capture_output=True, text=True)
    if not os.path.exists(results):
        sys.exit(f"neovim wrote no results (exit {run.returncode}):\n{run.stdout}\n{run.stderr}")
    got = {}
    with open(results, encoding="utf-8") as f:
        for line in f:
            key, _, value = line.rstrip("\n").partition("=")
            got[key] = value
    print("\n".join(f"{k}={v}" for k, v in got.items()))
    expect = {
        "ok": "true",
        "client": "true",
        "published_on_open": "true",
        "clean_diagnostics": "0",
        "found_lines": "true",
        "finding_appeared": "true",
        "finding_count": "1",
        "finding_code": "ironclads Sea state",
        "action_title": "Replace 'rough' with 'calm'",
        "line_after_action": "  ITA roll d6: 2 => calm",
        "finding_gone": "true",
    }
    failed = [f"{k}: expected {v!r}, got {got.get(k)!r}" for k, v in expect.items() if got.get(k) != v]
    message = got.get("finding_message", "")
    if "expected: calm" not in message or "recorded: rough" not in message:
        failed.append(f"finding_message lacks expected/recorded: {message!r}")
    completion = got.get("completion", "").split()
    if "FM" not in completion or "RdI" not in completion:
        failed.append(f"completion lacks the ships: {completion}")
    hover = got.get("hover", "")
    if "Erzherzog Ferdinand Max" not in hover or "at (" not in hover:
        failed.append(f"hover lacks FM's name and place: {hover!r}")
    if failed:
        sys.exit("lsp_in_neovim failed:\n  " + "\n  ".join(failed))
    print("lsp_in_neovim: all checks passed")


if __name__ == "__main__":
    main()
