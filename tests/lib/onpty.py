#!/usr/bin/python3
"""What a terminal shows of a command, for tests/cli/width.sh.

  onpty.py COLS CMD...     CMD's stdout and stderr as a pseudo-terminal of
                           COLS columns shows them: each "\\r" a line break,
                           the terminal's control sequences taken out.
  onpty.py --widest FILE   the widest line of FILE in display columns.
  onpty.py --batch DIR     for each stdin line "COLS<TAB>NAME<TAB>CMD..."
                           (COLS 0: a pipe) writes DIR/NAME with what CMD
                           printed and DIR/NAME.w with its widest line; one
                           process for many commands (its start-up is most
                           of their CPU).
"""
import fcntl
import os
import pty
import re
import struct
import subprocess
import sys
import termios
import unicodedata


def width(s):
    """Display columns of s: combining marks 0, wide and full-width 2."""
    return sum(0 if unicodedata.combining(c) else
               2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)


def widest(text):
    return max([width(l) for l in text.split("\n")] or [0])


def run(cols, argv):
    """What argv prints on a COLS-column terminal (0: to a pipe)."""
    if cols == 0:
        out = subprocess.run(argv, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT).stdout
        return out.decode("utf-8", "replace")
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(1, termios.TIOCSWINSZ, struct.pack("HHHH", 24, cols, 0, 0))
        os.execvp(argv[0], argv)
    out = b""
    while True:
        try:
            d = os.read(fd, 65536)
        except OSError:
            break
        if not d:
            break
        out += d
    os.waitpid(pid, 0)
    os.close(fd)
    text = out.decode("utf-8", "replace").replace("\r\n", "\n")
    return re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", text).replace("\r", "\n")


def main():
    if sys.argv[1] == "--widest":
        with open(sys.argv[2], encoding="utf-8") as f:
            print(widest(f.read().rstrip("\n")))
    elif sys.argv[1] == "--batch":
        for spec in sys.stdin.read().splitlines():
            cols, name, *argv = spec.split("\t")
            text = run(int(cols), argv)
            path = os.path.join(sys.argv[2], name)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            with open(path + ".w", "w") as f:
                f.write("%d\n" % widest(text))
    else:
        sys.stdout.write(run(int(sys.argv[1]), sys.argv[2:]))


if __name__ == "__main__":
    main()
