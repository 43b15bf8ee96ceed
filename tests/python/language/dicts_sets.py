# --- case: int_keys_keep_insertion_order
d = {}
for k in [10, 2, 33, 1]:
    d[k] = k * k
print(d, list(d), len(d), d[2], 33 in d, 5 in d)
d[2] = "two"
del d[10]
d[10] = "back"
print(d)

# --- case: equal_numbers_are_one_key
d = {1: "int", 1.0: "float", True: "bool"}
print(d, d[1], d[1.0], d[True], len(d))
s = {0, 0.0, False, 1}
print(len(s), sorted(s))
print({1.5: "a"}[1.5], {-0.0: "z"}[0], {2 ** 60: "big"}[2.0 ** 60], len({2 ** 64, 2.0 ** 64}))

# --- case: tuple_frozenset_none_keys
grid = {(0, 0): "origin", (1, 2): "p"}
grid[(1, 2)] = "q"
print(grid, grid[0, 0], (1, 2) in grid)
fs = {frozenset({1, 2}): "pair", None: "nothing"}
print(fs[frozenset([2, 1])], fs[None], frozenset({1, 2}) == frozenset({2, 1}))
nested = {((1, 2), "x"): 1}
print(nested[((1, 2), "x")])

# --- case: mixed_key_types
d = {"a": 1, 2: "b", (3,): [4], None: None, 2.5: True}
print(d, sorted(str(k) for k in d), d.get(2), d.get("missing"), d.get(9, "default"))

# --- case: unhashable_list_key
d = {}
d[[1, 2]] = 3

# --- case: unhashable_in_set
s = {1, 2}
s.add({"a": 1})

# --- case: unhashable_lookup
print([1] in {1: 2})

# --- case: missing_key_error
d = {1: "one", "two": 2}
try:
    d[3]
except KeyError as e:
    print("KeyError", e, repr(e), e.args)
d["three"]

# --- case: dict_methods
d = {"a": 1}
print(d.setdefault("a", 9), d.setdefault("b", 2), d)
print(d.pop("a"), d.pop("zz", "none"), d)
d.update({"c": 3}, d=4)
d.update([("e", 5)])
print(d, d.popitem(), d)
c = d.copy()
c["x"] = 0
print(d, c, dict.fromkeys("ab", 0), dict.fromkeys(range(2)))
d.clear()
print(d, len(d))

# --- case: views_are_live
d = {"x": 1, "y": 2}
ks, vs, items = d.keys(), d.values(), d.items()
d["z"] = 3
print(ks, vs, items)
print(len(ks), "z" in ks, 3 in vs, ("x", 1) in items, list(items)[0])
print(ks & {"x", "w"}, sorted(ks | {"w"}), ks - {"x"} == {"y", "z"})

# --- case: view_not_subscriptable
d = {"a": 1}
print(d.keys()[0])

# --- case: changed_size_during_iteration
d = {1: 1, 2: 2}
for k in d:
    d[k + 10] = 0

# --- case: comprehensions_with_any_keys
squares = {n: n * n for n in range(5)}
inverse = {v: k for k, v in squares.items()}
pairs = {(i, j): i * j for i in range(2) for j in range(2)}
print(squares, inverse[9], pairs)
print({x % 3 for x in range(10)} == {0, 1, 2}, sorted({(x, -x) for x in range(3)}))

# --- case: merge_and_equality
a = {"x": 1, "y": 2}
b = {"y": 20, "z": 30}
print({**a, **b}, a | b, b | a)
a |= {"w": 0}
print(a, {1: 2, 3: 4} == {3: 4, 1: 2}, {1: 2} == {1: 3}, {1: [1]} == {1.0: [1.0]})

# --- case: counting_and_grouping
words = "the cat and the hat and the bat".split()
counts = {}
for w in words:
    counts[w] = counts.get(w, 0) + 1
by_len = {}
for w in words:
    by_len.setdefault(len(w), []).append(w)
print(counts, by_len)
print(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))

# --- case: nested_dicts
config = {"model": {"layers": [64, 32], "act": "relu"}, "lr": 0.01}
config["model"]["layers"].append(16)
print(config, config["model"]["layers"][-1], list(config["model"].keys()))

# --- case: set_operations
a = {1, 2, 3, 4}
b = {3, 4, 5}
print(sorted(a | b), sorted(a & b), sorted(a - b), sorted(a ^ b), a <= {1, 2, 3, 4, 5}, {1} < a, a.isdisjoint({9}))
a.add(9)
a.discard(100)
a.remove(1)
print(sorted(a), len(a), 9 in a)
a -= {9}
print(sorted(a), sorted(set([3, 1, 3, 2])), sorted(frozenset("abca")))

# --- case: set_remove_missing
s = {1, 2}
s.remove(3)

# --- case: set_of_tuples_and_instances
class P:
    def __init__(self, x):
        self.x = x

    def __eq__(self, o):
        return isinstance(o, P) and self.x == o.x

    def __hash__(self):
        return hash(self.x)

points = {(0, 1), (0, 1), (2, 3)}
ps = {P(1), P(1), P(2)}
print(sorted(points), len(ps), P(2) in ps, P(3) in ps)
ps.discard(P(1))
print(len(ps), [p.x for p in ps])

# --- case: hash_values
print(hash(1) == hash(1.0) == hash(True), hash(0) == hash(0.0), hash(-1), hash(2 ** 61), hash((1, 2)), hash(()), hash((1, (2, 3))))
print(hash(1.5), hash(-2.5), hash(1e100), hash(frozenset()) == hash(frozenset()))
print(hash("abc") == hash("abc"), hash((1, "a")) == hash((1, "a")))

# --- case: dict_iteration_orders
d = dict(b=2, a=1, c=3)
print(list(d), list(d.values()), list(d.items()), sorted(d), sorted(d.items(), key=lambda kv: kv[1], reverse=True))
print(list(reversed(d)), dict(zip("xyz", range(3))), dict([(1, "a"), (2, "b")]), dict({"k": 1}, extra=2))

# --- case: dict_constructor_errors
dict([1, 2])
