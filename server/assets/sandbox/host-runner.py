# The host engine's program inside bubblewrap: reads one request (JSON on stdin: the code and the files to put in
# /mnt/data, base64), runs the code with driver.py, and writes one JSON result to the stdout it was started with.
# The code's own output goes to a file in the sandbox's /tmp, read back within the output limit.
import base64
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import driver  # noqa: E402


def main():
    request = json.loads(sys.stdin.buffer.read())
    limits = request['limits']
    result_fd = os.dup(1)
    os.makedirs(driver.DATA, exist_ok=True)
    for f in request['files']:
        path = os.path.join(driver.DATA, f['name'])
        with open(path, 'wb') as out:
            out.write(base64.b64decode(f['data']))
    before = driver._snapshot()
    log = os.open('/tmp/output', os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.dup2(log, 1)
    os.dup2(log, 2)
    sys.stdout = open(1, 'w', buffering=1, closefd=False, errors='replace')
    sys.stderr = open(2, 'w', buffering=1, closefd=False, errors='replace')
    sys.stdin = open(os.devnull)
    error = driver.run(request['code'])
    with open('/tmp/output', 'rb') as f:
        output = f.read(limits['outputBytes'] + 1)
    files = []
    total = 0
    for path in driver.produced_files(before):
        size = os.path.getsize(path)
        name = os.path.relpath(path, driver.DATA)
        if len(files) >= limits['maxFiles'] or size > limits['fileBytes'] or total + size > limits['totalFileBytes']:
            files.append({'name': name, 'data': None, 'size': size})
            continue
        total += size
        with open(path, 'rb') as f:
            files.append({'name': name, 'data': base64.b64encode(f.read()).decode(), 'size': size})
    result = {
        'output': output[: limits['outputBytes']].decode('utf-8', 'replace'),
        'outputTruncated': len(output) > limits['outputBytes'],
        'error': error,
        'files': files,
    }
    with os.fdopen(result_fd, 'w') as out:
        json.dump(result, out)


main()
