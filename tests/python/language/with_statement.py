# --- case: enter_exit_order
class Resource:
    def __init__(self, name):
        self.name = name

    def __enter__(self):
        print("open", self.name)
        return self

    def __exit__(self, exc_type, exc, tb):
        print("close", self.name, exc_type)
        return False

with Resource("a") as r:
    print("using", r.name)
print("after")

# --- case: exception_propagates_after_exit
class Guard:
    def __enter__(self):
        return "guarded"

    def __exit__(self, exc_type, exc, tb):
        print("exit saw", exc_type.__name__, exc)

try:
    with Guard() as g:
        print(g)
        raise KeyError("k")
    print("not reached")
except KeyError as e:
    print("caught", repr(e))

# --- case: exit_suppresses
class Ignore:
    def __init__(self, *types):
        self.types = types

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        return exc_type is not None and issubclass(exc_type, self.types)

with Ignore(ZeroDivisionError):
    print(1 / 0)
print("continued")
with Ignore(KeyError):
    raise ValueError("not ignored")

# --- case: multiple_items
class CM:
    def __init__(self, n):
        self.n = n

    def __enter__(self):
        print("enter", self.n)
        return self.n

    def __exit__(self, *exc):
        print("exit", self.n)

with CM(1) as a, CM(2) as b:
    print("body", a + b)

# --- case: return_and_break_inside_with
class CM:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        print("exit")

def f():
    with CM():
        return "returned"

print(f())
for i in range(3):
    with CM():
        if i == 1:
            break
        print("loop", i)

# --- case: enter_failure_skips_exit
class Broken:
    def __enter__(self):
        raise RuntimeError("cannot enter")

    def __exit__(self, *exc):
        print("never")

try:
    with Broken():
        print("never either")
except RuntimeError as e:
    print("caught", e)

# --- case: not_a_context_manager
with 42:
    pass

# --- case: contextmanager_decorator
from contextlib import contextmanager

@contextmanager
def tag(name):
    print(f"<{name}>")
    try:
        yield name.upper()
    finally:
        print(f"</{name}>")

with tag("b") as t:
    print("inside", t)
try:
    with tag("i"):
        raise ValueError("boom")
except ValueError as e:
    print("caught", e)

# --- case: contextmanager_suppressing
from contextlib import contextmanager

@contextmanager
def ignoring(kind):
    try:
        yield
    except kind as e:
        print("ignored", type(e).__name__)

with ignoring(KeyError):
    {}["missing"]
print("still running")

# --- case: contextmanager_timer_pattern
import time
from contextlib import contextmanager

@contextmanager
def timer(label, log):
    start = time.perf_counter()
    yield
    log.append((label, time.perf_counter() - start >= 0))

log = []
with timer("work", log):
    total = sum(range(1000))
print(total, log)

# --- case: suppress_and_nullcontext
from contextlib import suppress, nullcontext

with suppress(KeyError, IndexError):
    [][1]
print("ok")
with nullcontext(5) as n:
    print(n)
with suppress(KeyError):
    int("x")

# --- case: with_in_method_and_state
class Transaction:
    def __init__(self):
        self.log = []

    def __enter__(self):
        self.log.append("begin")
        return self

    def __exit__(self, exc_type, exc, tb):
        self.log.append("rollback" if exc_type else "commit")
        return True

t = Transaction()
with t:
    t.log.append("write")
with t:
    raise RuntimeError
print(t.log)
