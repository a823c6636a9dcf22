# Runs one piece of the model's Python code the way a notebook cell does: the value of a last bare expression is
# printed, a traceback shows only the code's own frames, and figures left open by matplotlib are saved as PNG
# files in /mnt/data (the Agg backend draws nothing on screen). Shared by both sandbox engines (Pyodide and the
# host's python3 under bubblewrap); it is not the sandbox itself: everything it does, the code could undo.
import ast
import os
import sys
import traceback

DATA = '/mnt/data'


def _snapshot():
    seen = {}
    for root, _dirs, names in os.walk(DATA):
        for name in names:
            path = os.path.join(root, name)
            try:
                st = os.stat(path)
                seen[path] = (st.st_size, st.st_mtime_ns)
            except OSError:
                pass
    return seen


def _save_open_figures(before):
    plt = sys.modules.get('matplotlib.pyplot')
    if plt is None:
        return
    nums = plt.get_fignums()
    # a chart the code saved itself is not saved twice
    if not nums or any(p.lower().endswith(('.png', '.jpg', '.jpeg', '.svg')) for p in _snapshot().keys() - before.keys()):
        plt.close('all')
        return
    for i, num in enumerate(nums, start=1):
        plt.figure(num).savefig(os.path.join(DATA, f'figure-{i}.png' if len(nums) > 1 else 'figure.png'), dpi=100, bbox_inches='tight')
    plt.close('all')


def run(code):
    """Runs `code`; returns the error text (traceback) or None."""
    before = _snapshot()
    try:
        tree = ast.parse(code, '<code>', 'exec')
    except SyntaxError:
        return ''.join(traceback.format_exception_only(*sys.exc_info()[:2]))
    last = None
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        last = ast.Expression(tree.body.pop().value)
    scope = {'__name__': '__main__', '__builtins__': __builtins__}
    os.chdir(DATA)
    try:
        exec(compile(tree, '<code>', 'exec'), scope)
        if last is not None:
            value = eval(compile(last, '<code>', 'eval'), scope)
            if value is not None:
                print(repr(value))
        _save_open_figures(before)
    except SystemExit as e:
        if e.code not in (None, 0):
            return f'SystemExit: {e.code}\n'
    except BaseException as e:
        tb = traceback.TracebackException.from_exception(e)
        tb.stack = traceback.StackSummary.from_list([f for f in tb.stack if f.filename == '<code>'])
        return ''.join(tb.format())
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
    return None


def produced_files(before):
    """The files under /mnt/data that are new or changed since `before` (a _snapshot())."""
    after = _snapshot()
    return sorted(p for p, stamp in after.items() if before.get(p) != stamp)
