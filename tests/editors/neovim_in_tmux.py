#!/usr/bin/env python3
"""A finding as a person sees it in Neovim: Neovim (Debian's 0.7.2) in tmux (a private server),
with ironlog's syntax file and `ironlog lsp` attached as docs/editors.md says, opens a copy of
the Ironclads sample with one wrong claim; the screen is read with capture-pane once the
finding shows. The capture is kept as a test artefact (ARTEFACTS/neovim-finding.txt), the one
docs/editors.md shows.

Usage: neovim_in_tmux.py IRONLOG SOURCE_DIR ARTEFACTS
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time

INIT = r"""
vim.opt.runtimepath:append(os.getenv("IRONLOG_EDITORS") .. "/vim")
vim.cmd("syntax on")
vim.cmd("filetype plugin on")
vim.opt.number = true
vim.opt.signcolumn = "yes"
vim.opt.laststatus = 0
vim.opt.shortmess:append("I")
vim.api.nvim_create_autocmd("FileType", {
  pattern = "ngn",
  callback = function()
    local id = vim.lsp.start_client({ name = "ironlog", cmd = { os.getenv("IRONLOG_BINARY"), "lsp" } })
    vim.lsp.buf_attach_client(0, id)
  end,
})
"""


def main():
    ironlog, source, artefacts = sys.argv[1], sys.argv[2], sys.argv[3]
    for tool in ("tmux", "nvim"):
        if not shutil.which(tool):
            print(f"FAIL: {tool} is not installed (.ci/run installs it)")
            return 1
    work = tempfile.mkdtemp(prefix="ironlog-nvim-")
    sample = open(os.path.join(source, "fixtures/games/ironclads-lissa-sample.ngn"), encoding="utf-8").read()
    wrong = sample.replace("ITA roll d6: 2 => calm", "ITA roll d6: 2 => rough", 1)
    if wrong == sample:
        print("FAIL: the sample no longer has its sea-state line")
        return 1
    os.makedirs(os.path.join(work, "games"))
    shutil.copytree(os.path.join(source, "fixtures/ships"), os.path.join(work, "ships"))  # [Library "../ships/..."]
    record = os.path.join(work, "games", "lissa.ngn")
    with open(record, "w", encoding="utf-8") as f:
        f.write(wrong)
    init = os.path.join(work, "init.lua")
    with open(init, "w", encoding="utf-8") as f:
        f.write(INIT)
    row = next(i for i, l in enumerate(wrong.splitlines(), 1) if "=> rough" in l)
    socket = f"ironlog-nvim-{os.getpid()}"
    tmux = ["tmux", "-L", socket]
    env = dict(os.environ, TERM="screen", IRONLOG_BINARY=ironlog, IRONLOG_EDITORS=os.path.join(source, "editors"))
    subprocess.run(tmux + ["new-session", "-d", "-x", "150", "-y", "20", "-c", work,
                           f"nvim --clean -u {init} +{row} +'normal zz' {record}"], env=env, check=True)
    screen = ""
    try:
        deadline = time.time() + 30
        while time.time() < deadline:
            time.sleep(0.3)
            screen = subprocess.run(tmux + ["capture-pane", "-p", "-t", "0"], capture_output=True, text=True).stdout
            if "expected: calm" in screen and "recorded: rough" in screen:
                break
        time.sleep(0.5)  # the signs and the virtual text drawn
        screen = subprocess.run(tmux + ["capture-pane", "-p", "-t", "0"], capture_output=True, text=True).stdout
    finally:
        subprocess.run(tmux + ["kill-server"], capture_output=True)
    os.makedirs(artefacts, exist_ok=True)
    with open(os.path.join(artefacts, "neovim-finding.txt"), "w", encoding="utf-8") as f:
        f.write(screen)
    print(screen)
    problems = []
    if "ITA roll d6: 2 => rough" not in screen:
        problems.append("the record's line is not on the screen")
    if "expected: calm" not in screen or "recorded: rough" not in screen:
        problems.append("the finding (expected calm, recorded rough) is not shown beside it")
    shutil.rmtree(work, ignore_errors=True)
    for p in problems:
        print("FAIL:", p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
