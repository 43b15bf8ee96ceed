# --- case: sorted_key_and_reverse_are_stable
people = [("ann", 30), ("bob", 25), ("cid", 30), ("dee", 25), ("eve", 35)]
print(sorted(people, key=lambda p: p[1]))
print(sorted(people, key=lambda p: p[1], reverse=True))
print(sorted(["bb", "a", "cc", "d"], key=len, reverse=True))
print(sorted([3, 1, 2], reverse=True), sorted("banana"), sorted({3: "c", 1: "a"}), sorted((2, 1)))

# --- case: unbound_methods_as_keys
words = ["banana", "Apple", "cherry", "apple"]
print(sorted(words), sorted(words, key=str.lower), sorted(words, key=str.lower, reverse=True), max(words, key=str.upper))
print(list(map(str.strip, [" a ", "b "])), sorted([[3, 1], [1]], key=list.__len__ if False else len))

# --- case: list_sort_in_place
xs = [5, 2, 8, 1]
ret = xs.sort()
print(ret, xs)
xs.sort(key=lambda v: -v)
print(xs)
records = [{"n": "x", "s": 2}, {"n": "y", "s": 1}, {"n": "z", "s": 2}]
records.sort(key=lambda r: r["s"], reverse=True)
print([r["n"] for r in records])

# --- case: sort_by_multiple_keys
data = [("b", 2), ("a", 2), ("c", 1), ("a", 1)]
print(sorted(data), sorted(data, key=lambda t: (t[1], t[0])), sorted(data, key=lambda t: (-t[1], t[0])))
by_second = sorted(data, key=lambda t: t[0])
print(sorted(by_second, key=lambda t: t[1]))

# --- case: sort_mixed_types_fails
sorted([1, "a", 2])

# --- case: sort_positional_key_fails
sorted([3, 1], len)

# --- case: sort_with_operator_helpers
from operator import itemgetter, attrgetter

class P:
    def __init__(self, name, age):
        self.name, self.age = name, age

    def __repr__(self):
        return self.name

rows = [("x", 3, "c"), ("y", 1, "a"), ("z", 3, "b")]
print(sorted(rows, key=itemgetter(1)), sorted(rows, key=itemgetter(1, 2)))
ps = [P("al", 40), P("bo", 20), P("cy", 40)]
print(sorted(ps, key=attrgetter("age")), sorted(ps, key=attrgetter("age", "name"), reverse=True))

# --- case: sorted_tuples_and_none_key
print(sorted([(2, "b"), (1, "z"), (2, "a")]), sorted([[2], [1, 5], [1]]), sorted([0.5, -1, 2, True]))
