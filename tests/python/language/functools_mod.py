# --- case: partial
from functools import partial

def power(base, exp, mod=None):
    return pow(base, exp, mod) if mod else base ** exp

square = partial(power, exp=2)
cube_mod = partial(power, exp=3, mod=5)
two_to = partial(power, 2)
print(square(7), cube_mod(4), two_to(10), square.func is power, square.keywords, two_to.args)
print(list(map(partial(int, base=2), ["101", "11"])))

# --- case: reduce
from functools import reduce
import operator

print(reduce(operator.add, [1, 2, 3, 4]), reduce(lambda a, b: a * b, range(1, 6)), reduce(operator.add, [], 0), reduce(max, [3, 9, 2]))
print(reduce(lambda acc, x: acc + [x * 2], [1, 2], []))
reduce(operator.add, [])

# --- case: wraps_keeps_name
import functools

def logged(func):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        print("calling", func.__name__)
        return func(*args, **kwargs)
    return wrapper

@logged
def add(a, b):
    """Adds."""
    return a + b

print(add(2, 3), add.__name__, add.__doc__, add.__wrapped__(1, 1))

# --- case: decorator_with_arguments
def repeat(times):
    def decorate(func):
        def wrapper(*args):
            return [func(*args) for _ in range(times)]
        return wrapper
    return decorate

@repeat(3)
def hello(name):
    return "hi " + name

print(hello("x"), hello.__name__)

# --- case: lru_cache
from functools import lru_cache

calls = []

@lru_cache(maxsize=None)
def fib(n):
    calls.append(n)
    return n if n < 2 else fib(n - 1) + fib(n - 2)

print(fib(30), len(calls), fib.cache_info())
fib.cache_clear()
print(fib.cache_info())

@lru_cache(maxsize=2)
def sq(x):
    print("compute", x)
    return x * x

print(sq(1), sq(2), sq(1), sq(3), sq(2), sq.cache_info())

# --- case: cache_and_method_cache
from functools import cache, lru_cache

@cache
def slow_square(n):
    print("computing", n)
    return n * n

print(slow_square(4), slow_square(4), slow_square(5))

class Model:
    @lru_cache
    def predict(self, x):
        print("predict", x)
        return x + 1

m = Model()
print(m.predict(1), m.predict(1), m.predict(2))

# --- case: total_ordering
from functools import total_ordering

@total_ordering
class Grade:
    def __init__(self, score):
        self.score = score

    def __eq__(self, other):
        return self.score == other.score

    def __lt__(self, other):
        return self.score < other.score

a, b = Grade(80), Grade(90)
print(a < b, a <= b, a > b, a >= b, a >= Grade(80), sorted([b, a])[0].score)

# --- case: cmp_to_key
from functools import cmp_to_key

def by_length_then_alpha(a, b):
    if len(a) != len(b):
        return len(a) - len(b)
    return -1 if a < b else (1 if a > b else 0)

print(sorted(["ccc", "a", "bb", "aa", "b"], key=cmp_to_key(by_length_then_alpha)))
