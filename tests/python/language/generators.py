# --- case: simple_generator_in_for
def count_up(n):
    i = 0
    while i < n:
        yield i
        i += 1

for x in count_up(3):
    print(x)
print(list(count_up(4)), sum(count_up(5)), type(count_up(1)).__name__)

# --- case: lazy_execution_order
def noisy():
    print("start")
    yield 1
    print("middle")
    yield 2
    print("end")

g = noisy()
print("created")
print(next(g))
print(next(g))
print(next(g, "exhausted"))

# --- case: stop_iteration_uncaught
def one():
    yield 1

g = one()
print(next(g))
next(g)

# --- case: infinite_generator_with_islice
import itertools

def naturals():
    n = 0
    while True:
        yield n
        n += 1

print(list(itertools.islice(naturals(), 5)))
for n in naturals():
    if n * n > 30:
        break
print(n)

# --- case: fibonacci
def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b

gen = fib()
print([next(gen) for _ in range(10)])
print(next(x for x in fib() if x > 1000))

# --- case: send_accumulator
def averager():
    total, count, avg = 0.0, 0, None
    while True:
        value = yield avg
        total += value
        count += 1
        avg = total / count

a = averager()
next(a)
print(a.send(10), a.send(20), a.send(30))

# --- case: send_to_unstarted_generator
def g():
    x = yield
    print(x)

g().send(1)

# --- case: return_value_in_stop_iteration
def work():
    yield 1
    yield 2
    return "finished"

g = work()
print(list(g))
g = work()
next(g); next(g)
try:
    next(g)
except StopIteration as e:
    print("value:", e.value, e.args)

# --- case: yield_from_delegation
def inner():
    x = yield "a"
    print("inner got", x)
    yield "b"
    return "inner-result"

def outer():
    result = yield from inner()
    print("outer got", result)
    yield from [1, 2]
    yield from range(3, 5)

g = outer()
print(next(g))
print(g.send("hello"))
print(list(g))

# --- case: recursive_yield_from
def flatten(items):
    for x in items:
        if isinstance(x, list):
            yield from flatten(x)
        else:
            yield x

print(list(flatten([1, [2, [3, [4]], 5], [[6]]])))

# --- case: generator_expressions_are_lazy
def traced(xs):
    for x in xs:
        print("produce", x)
        yield x

gen = (x * 10 for x in traced([1, 2, 3]))
print("nothing yet")
print(next(gen))
print(list(gen))
print(list(gen))

# --- case: genexp_in_calls
words = ["apple", "kiwi", "banana"]
print(sum(len(w) for w in words), max(len(w) for w in words), min(w for w in words if "a" in w))
print(sorted((w[::-1] for w in words), key=len), tuple(x * x for x in range(4)), set(x % 2 for x in range(5)) == {0, 1})
print(dict((w, len(w)) for w in words), "-".join(w[0] for w in words), list(x for x in range(3)))

# --- case: any_all_short_circuit
import itertools

def squares():
    for i in itertools.count():
        print("check", i)
        yield i * i

print(any(s > 5 for s in squares()))
print(all(x < 3 for x in [1, 2, 5, 0]), any([]), all([]))

# --- case: nested_genexp
matrix = [[1, 2], [3, 4], [5, 6]]
flat = (x for row in matrix for x in row if x % 2)
print(list(flat), sum(x * y for x in range(3) for y in range(3)))

# --- case: genexp_first_iterable_evaluated_eagerly
try:
    g = (x for x in 5)
except TypeError as e:
    print("eager:", e)

# --- case: close_runs_finally
def managed():
    try:
        yield 1
        yield 2
    finally:
        print("cleanup")

g = managed()
print(next(g))
g.close()
print("closed", next(g, "nothing"))
for x in managed():
    print(x)
    break
print("after break")

# --- case: throw_into_generator
def resilient():
    while True:
        try:
            yield "ok"
        except ValueError as e:
            print("handled", e)
            yield "recovered"

g = resilient()
print(next(g), g.throw(ValueError("bad")), next(g))

# --- case: exception_inside_generator
def parse(items):
    for s in items:
        yield int(s)

results = []
try:
    for v in parse(["1", "2", "x", "4"]):
        results.append(v)
except ValueError as e:
    print("stopped:", e)
print(results)

# --- case: stop_iteration_inside_becomes_runtime_error
def bad():
    yield 1
    raise StopIteration("oops")

print(list(bad()))

# --- case: generator_method_and_class_iter
class Tree:
    def __init__(self, value, children=()):
        self.value, self.children = value, children

    def walk(self):
        yield self.value
        for c in self.children:
            yield from c.walk()

    def __iter__(self):
        return self.walk()

t = Tree(1, [Tree(2, [Tree(3)]), Tree(4)])
print(list(t), [v * 2 for v in t], 3 in t)

# --- case: yield_in_branches_and_loops
def classify(nums):
    for n in nums:
        if n < 0:
            yield "neg"
        elif n == 0:
            continue
        else:
            yield "pos"
            if n > 100:
                return
    yield "end"

print(list(classify([1, -2, 0, 3])), list(classify([5, 500, -1])))

# --- case: yield_inside_try_except
def safe_div(pairs):
    for a, b in pairs:
        try:
            yield a / b
        except ZeroDivisionError:
            yield None

print(list(safe_div([(1, 2), (1, 0), (9, 3)])))

# --- case: pipeline_of_generators
def read(lines):
    for line in lines:
        yield line.strip()

def nonempty(lines):
    return (l for l in lines if l)

def numbers(lines):
    for l in lines:
        yield float(l)

data = [" 1.5", "", "2.5 ", "  ", "3"]
print(sum(numbers(nonempty(read(data)))), list(map(int, numbers(nonempty(read(data))))))

# --- case: enumerate_zip_over_generators
def letters():
    yield from "abc"

print(list(enumerate(letters(), start=1)), list(zip(letters(), range(10))), dict(zip(letters(), letters())))

# --- case: generator_state
def g():
    yield 1

gen = g()
print(iter(gen) is gen, next(gen), list(gen), list(gen))

# --- case: yield_value_expressions
def echo():
    received = []
    while len(received) < 3:
        received.append((yield len(received)))
    return received

g = echo()
print(next(g), g.send("a"), g.send("b"))
try:
    g.send("c")
except StopIteration as e:
    print(e.value)

# --- case: with_finally_and_close_inside_generators
from contextlib import contextmanager
class CM:
    def __init__(self, n): self.n = n
    def __enter__(self):
        print("enter", self.n); return self.n
    def __exit__(self, t, v, tb):
        print("exit", self.n, t.__name__ if t else None); return t is KeyError
def g():
    with CM(1) as a:
        yield a
        yield a + 1
    try:
        yield 10
    finally:
        print("finally")
        yield 11
    with CM(2):
        raise KeyError("swallowed")
    yield "after"
print(list(g()))
def h():
    with CM(3):
        try:
            yield 1
        except ValueError as e:
            print("caught", e)
            yield 2
it = h()
print(next(it), it.throw(ValueError("v")))
it.close()
@contextmanager
def cm():
    print("setup")
    yield [1, 2]
    print("teardown")
def user():
    with cm() as xs:
        for x in xs:
            yield x * 10
print(list(user()))
def counter():
    n = 0
    while True:
        cmd = yield n
        if cmd == "reset":
            n = 0
        elif cmd == "stop":
            return n
        else:
            n += 1
c = counter()
print(next(c), next(c), next(c), c.send("reset"), next(c))
try:
    c.send("stop")
except StopIteration as e:
    print("final", e.value)
