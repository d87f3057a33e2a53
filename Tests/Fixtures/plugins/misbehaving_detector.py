#!/usr/bin/python3
"""A FaceBench exec-protocol detector that misbehaves on purpose, for the harness's failure
tests. It answers every image with the faces listed for it in --replay (a JSON object:
image name -> list of {"box", "score"}), except the image named by one of:

  --crash-on NAME     exit with status 3 instead of answering
  --crash-for-good FLAG
                      with --crash-on: also create FLAG, and refuse to start (status 5)
                      while FLAG exists
  --hang-on NAME      never answer (sleep)
  --garbage-on NAME   answer with a line that is not JSON
  --error-on NAME     answer with a protocol error message (the program keeps running)
  --await-kill-on NAME --pid-file FILE
                      write its pid to FILE and wait to be killed by the test
  --nonfinite-on NAME answer with a face whose score is 1e999 (infinite once read) and
                      whose box starts at 1e308

and, for every image:

  --name NAME         call itself NAME in the handshake (default "misbehaving")
  --stderr-flood N    write N bytes to stderr before each answer

FaceBench goes on with the next image after a failure, so a restarted process does not
meet the same image again. Standard library only.
"""
import argparse
import json
import os
import sys
import time

parser = argparse.ArgumentParser()
parser.add_argument("--replay", required=True)
for option in ("--crash-on", "--hang-on", "--garbage-on", "--error-on", "--await-kill-on", "--nonfinite-on"):
    parser.add_argument(option)
parser.add_argument("--name", default="misbehaving")
parser.add_argument("--stderr-flood", type=int, default=0)
parser.add_argument("--pid-file")
parser.add_argument("--crash-for-good")
options = parser.parse_args()
if options.crash_for_good and os.path.exists(options.crash_for_good):
    print("misbehaving: refusing to start after a crash", file=sys.stderr, flush=True)
    sys.exit(5)
with open(options.replay) as file:
    replay = json.load(file)

print(json.dumps({"protocol": "facebench.exec/1", "name": options.name, "version": "1",
                  "parameters": {"replay": os.path.basename(options.replay)}, "input": "path",
                  "score": "replayed"}), flush=True)
print("misbehaving: started as pid %d" % os.getpid(), file=sys.stderr, flush=True)

for line in sys.stdin:
    request = json.loads(line)
    name = request["name"]
    if name == options.crash_on:
        print("misbehaving: crashing on %s" % name, file=sys.stderr, flush=True)
        if options.crash_for_good:
            open(options.crash_for_good, "w").close()
        sys.exit(3)
    if name == options.hang_on:
        time.sleep(3600)
    if name == options.garbage_on:
        print("this is not JSON", flush=True)
        continue
    if name == options.error_on:
        print(json.dumps({"id": request["id"], "error": "cannot handle %s" % name}), flush=True)
        continue
    if options.stderr_flood:
        line_text = ("misbehaving: flood line for %s " % name).ljust(99, ".") + "\n"
        sys.stderr.write(line_text * (options.stderr_flood // len(line_text)))
        sys.stderr.flush()
    if name == options.nonfinite_on:
        print('{"id": %d, "faces": [{"box": [1e308, 10, 20, 20], "score": 0.9}, {"box": [1, 2, 3, 4], "score": 1e999}]}' % request["id"], flush=True)
        continue
    if name == options.await_kill_on:
        with open(options.pid_file + ".tmp", "w") as file:
            file.write(str(os.getpid()))
        os.rename(options.pid_file + ".tmp", options.pid_file)
        time.sleep(3600)
    print(json.dumps({"id": request["id"], "faces": replay.get(name, []), "inference_ms": 0.5}), flush=True)
