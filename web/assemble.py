# SPDX-License-Identifier: MIT
"""Writes the page's folder: index.html with its scripts, the module and three.js beside it (for a static
host), and bonebridge.html, the same page as one file (every script and the .wasm inlined) for file://.

Usage: assemble.py SOURCE_DIR MODULE_DIR THREE_DIR OUT_DIR
"""
import base64
import shutil
import sys
from pathlib import Path

SCRIPTS = ["zip.js", "viewer.js", "app.js"]  # the page's own scripts, in the order index.html loads them
THREE = ["three.min.js", "examples/js/loaders/GLTFLoader.js", "examples/js/controls/OrbitControls.js"]
LICENCES_LINK = '<a href="THIRD-PARTY.txt">Licences of what this page bundles</a>'


def inline(name: str, text: str) -> str:
    """A resource as a text/plain script element that app.js reads; "</script" must not end it early."""
    if "</script" in text.lower():
        raise SystemExit(f"assemble.py: {name} contains </script and cannot be inlined")
    return f'<script type="text/plain" data-file="{name}">{text}</script>\n'


def licences(source: Path) -> str:
    """THIRD-PARTY.md as the plain text that ships beside the page (the same words, without the heading marks)."""
    return "\n".join(line.lstrip("# ") if line.startswith("#") else line
                     for line in (source / "THIRD-PARTY.md").read_text().splitlines()) + "\n"


def script(name: str, text: str) -> str:
    """A script of the page inlined as a script element; "</script" must not end it early."""
    if "</script" in text.lower():
        raise SystemExit(f"assemble.py: {name} contains </script and cannot be inlined")
    return f"<script>{text}</script>"


def main() -> None:
    source, module, three, out = (Path(argument) for argument in sys.argv[1:5])
    out.mkdir(parents=True, exist_ok=True)
    for name in ["index.html", *SCRIPTS, "worker.js"]:
        shutil.copyfile(source / name, out / name)
    for name in ["bonebridge.js", "bonebridge.wasm"]:
        shutil.copyfile(module / name, out / name)
    for relative in THREE:
        (out / "three" / relative).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(three / relative, out / "three" / relative)
    text = licences(source)
    (out / "THIRD-PARTY.txt").write_text(text)

    # The single-file page: the worker's sources and the .wasm as text/plain resources app.js reads, the page's
    # own scripts (three.js first) inlined where index.html loads them.
    page = (source / "index.html").read_text()
    resources = inline("bonebridge.js", (module / "bonebridge.js").read_text())
    resources += inline("worker.js", (source / "worker.js").read_text())
    resources += inline("bonebridge.wasm", base64.b64encode((module / "bonebridge.wasm").read_bytes()).decode())
    for relative in THREE:
        tag = f'<script src="three/{relative}"></script>'
        if tag not in page:
            raise SystemExit(f"assemble.py: index.html does not load three/{relative}")
        page = page.replace(tag, script(relative, (three / relative).read_text()))
    for name in SCRIPTS:
        tag = f'<script src="{name}"></script>'
        if tag not in page:
            raise SystemExit(f"assemble.py: index.html does not load {name}")
        page = page.replace(tag, (resources if name == "app.js" else "") + script(name, (source / name).read_text()))
    escaped = text.replace("&", "&amp;").replace("<", "&lt;")
    page = page.replace(LICENCES_LINK, f"<details><summary>Licences of what this page bundles</summary><pre>"
                                       f"{escaped}</pre></details>")
    (out / "bonebridge.html").write_text(page)


if __name__ == "__main__":
    main()
