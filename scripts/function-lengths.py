#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Lists the longest functions of the C++ sources (a brace-matching heuristic, not a parser): a function starts
at a line that closes a parameter list and opens a brace outside any other function.
Usage: scripts/function-lengths.py [FOLDER...] [--top N] [--over LINES]"""
import re
import sys
from pathlib import Path

CONTROL = re.compile(r"^(if|for|while|switch|else|do|catch|try|namespace|struct|class|enum|union|return|case)\b")


def functions(path):
    lines = path.read_text(errors="replace").split("\n")
    depth, start, found = 0, None, []
    for number, line in enumerate(lines):
        # Literals first: a brace in '{' or "{" is not a block.
        code = re.sub(r"'(\\.|[^'\\])'", "''", line)
        code = re.sub(r'"(\\.|[^"\\])*"', '""', code)
        code = re.sub(r"//.*", "", code).rstrip()
        stripped = code.strip()
        opens = start is None and stripped.endswith("{") and ")" in stripped and not CONTROL.match(stripped)
        opens = opens and not stripped.startswith(("[", "}", "=")) and "= [" not in stripped and "](" not in stripped
        if opens:
            start, name, base = number, stripped[:70], depth
        depth += code.count("{") - code.count("}")
        if start is not None and depth <= base:
            found.append((number - start + 1, f"{path}:{start + 1}", name))
            start = None
    return found


def main():
    args = sys.argv[1:]
    top = int(args[args.index("--top") + 1]) if "--top" in args else 15
    over = int(args[args.index("--over") + 1]) if "--over" in args else 0
    folders = [a for i, a in enumerate(args) if not a.startswith("--") and (i == 0 or args[i - 1] not in ("--top", "--over"))]
    rows = []
    for folder in folders or ["src"]:
        for path in sorted(Path(folder).rglob("*.cpp")):
            rows += functions(path)
    rows.sort(reverse=True)
    for length, where, name in rows[:top] if not over else [r for r in rows if r[0] > over]:
        print(f"{length:5d} {where}  {name}")
    print(f"{len(rows)} functions; {sum(1 for r in rows if r[0] > 80)} over 80 lines", file=sys.stderr)


if __name__ == "__main__":
    main()
