#!/usr/bin/python3
"""The JSON reader behind tap.sh's jq_, one per test script.

A test asks hundreds of questions of JSON files; a python3 started for each
cost about 70 ms of CPU (100+ under load), a third of what make check spent
outside drivedash.  This process answers them all for the script that
started it.  Protocol, over files in DIR (the script's $tmp/.jq):

  the shell writes DIR/file (an absolute path) and DIR/expr (a Python
  expression over the file's JSON as `j`, with json and sys at hand), then
  writes a line to the FIFO DIR/req;
  this process reads the file afresh (tests rewrite their JSON), evaluates
  the expression, writes what print() would to DIR/out and any traceback to
  DIR/err, and writes the exit status (0, or 1 when it raised) as a line to
  the FIFO DIR/ack.

It exits when the script's shell (PARENT_PID) is gone, whatever ended it.
"""
import contextlib
import io
import json
import os
import sys
import threading
import time
import traceback


def watch(parent):
    """End this process once the test script's shell has gone."""
    while True:
        try:
            os.kill(parent, 0)
        except ProcessLookupError:
            os._exit(0)
        except PermissionError:
            pass
        time.sleep(0.2)


def answer(d):
    with open(os.path.join(d, 'file')) as f:
        path = f.read()
    with open(os.path.join(d, 'expr')) as f:
        expr = f.read()
    out, err, rc = io.StringIO(), '', 0
    try:
        with open(path) as f:
            j = json.load(f)
        # print(EXPR) as the shell's python3 -c ran it: "a, b" prints
        # two values, not a tuple
        with contextlib.redirect_stdout(out):
            exec('print(%s)' % expr, {'json': json, 'sys': sys, 'j': j})
    except Exception:  # the shell's python3 -c printed this and exited 1
        err, rc = traceback.format_exc(), 1
    with open(os.path.join(d, 'out'), 'w') as f:
        f.write(out.getvalue())
    with open(os.path.join(d, 'err'), 'w') as f:
        f.write(err)
    return rc


def main():
    d, parent = sys.argv[1], int(sys.argv[2])
    # Nothing of the script's stays open here: a pipe it reads (the TAP
    # stream, a command substitution) must end when the script's side does.
    os.closerange(3, 65536)
    threading.Thread(target=watch, args=(parent,), daemon=True).start()
    while True:
        with open(os.path.join(d, 'req')) as req:
            for _ in req:
                rc = answer(d)
                with open(os.path.join(d, 'ack'), 'w') as ack:
                    ack.write('%d\n' % rc)


if __name__ == '__main__':
    main()
