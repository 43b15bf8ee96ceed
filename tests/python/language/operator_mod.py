# --- case: operator_functions
import operator

print(operator.add(2, 3), operator.mul("ab", 2), operator.sub(5, 7), operator.truediv(7, 2), operator.floordiv(7, 2), operator.mod(7, 3), operator.pow(2, 5))
print(operator.neg(4), operator.not_(0), operator.eq(1, 1.0), operator.lt(2, 1), operator.contains([1, 2], 2), operator.getitem("abc", 1), operator.abs(-2), operator.truth([]))

# --- case: itemgetter_attrgetter_methodcaller
from operator import itemgetter, attrgetter, methodcaller

row = ("a", "b", "c")
print(itemgetter(0)(row), itemgetter(2, 0)(row), itemgetter("k")({"k": 9}))

class A:
    def __init__(self):
        self.b = type("B", (), {})() if False else None
        self.name = "outer"

print(attrgetter("name")(A()), methodcaller("upper")("x"), methodcaller("split", ",")("a,b"), methodcaller("replace", "a", "o")("banana"))

# --- case: operator_with_reduce_and_map
from functools import reduce
import operator

print(reduce(operator.mul, range(1, 6)), list(map(operator.add, [1, 2], [10, 20])), sorted([("b", 2), ("a", 9)], key=operator.itemgetter(1)))
