# --- case: enumerate_and_zip
names = ["a", "b", "c"]
print(list(enumerate(names)), list(enumerate(names, start=1)), list(enumerate("xy", 10)))
print(list(zip(names, [1, 2])), list(zip()), list(zip("ab", "cd", "ef")), dict(zip(names, range(3))))
for i, (n, v) in enumerate(zip(names, [9, 8, 7])):
    print(i, n, v)

# --- case: zip_strict
print(list(zip([1, 2], "ab", strict=True)))
list(zip([1, 2, 3], [1, 2], strict=True))

# --- case: zip_strict_longer_second
list(zip([1], [1, 2], strict=True))

# --- case: map_filter_lazy
def loud(x):
    print("map", x)
    return x * 2

m = map(loud, [1, 2, 3])
print("before")
print(next(m))
print(list(m))
print(list(map(pow, [2, 3], [3, 2])), list(filter(None, [0, 1, "", "a", None])), list(filter(lambda v: v % 2, range(6))))
print(list(map(str.upper, ["x", "y"])), list(map(len, ["", "ab"])), type(map(len, [])).__name__)

# --- case: reversed_sequences
print(list(reversed([1, 2, 3])), "".join(reversed("abc")), list(reversed(range(4))), list(reversed((1, 2))), list(reversed({"a": 1, "b": 2})))

# --- case: reversed_not_reversible
reversed({1, 2})

# --- case: all_any
print(all([1, 2]), all([1, 0]), any([0, 0]), any([0, 3]), all([]), any([]), all("abc"), any(x > 2 for x in [1, 2, 3]))

# --- case: min_max
print(min(3, 1, 2), max([3, 1, 2]), max("apple", "pie", key=len), min([], default="empty"), max([(1, "b"), (1, "a")]))
print(min([-3, 2, -1], key=abs), max({"a": 3, "b": 5}.items(), key=lambda kv: kv[1]), max([2, 2.0, 1]), min("hello"))

# --- case: max_of_empty
max([])

# --- case: max_default_with_several
max(1, 2, default=0)

# --- case: sum_variants
print(sum([1, 2, 3]), sum([1, 2], 10), sum([0.1] * 10), sum([[1], [2, 3]], []), sum(range(101)), sum([], start=5), sum([True, True, False]))

# --- case: sum_of_strings
sum(["a", "b"], "")

# --- case: getattr_setattr_hasattr
class O:
    pass

o = O()
setattr(o, "x", 5)
print(getattr(o, "x"), getattr(o, "y", None), hasattr(o, "x"), hasattr(o, "y"), hasattr([], "append"), getattr("s", "upper")())

# --- case: iter_and_next
it = iter([1, 2])
print(next(it), next(it), next(it, "end"), next(iter("ab")), list(iter(range(3))))
counter = iter([3, 2, 1, 0, 5])
print(list(iter(lambda: next(counter), 0)))

# --- case: next_on_non_iterator
next([1, 2])

# --- case: iter_of_non_iterable
iter(5)

# --- case: callable_and_types
print(callable(len), callable(lambda: 0), callable(int), callable("s"), callable(None))
print(type(1).__name__, type(1.0).__name__, type("s").__name__, type([]).__name__, type(()).__name__, type({}).__name__, type(set()).__name__, type(None).__name__, type(True).__name__, type(range(1)).__name__, type(len).__name__)
print(type(lambda: 0).__name__, type(print), type(int), type(type), type(2 ** 70).__name__, type(frozenset()).__name__, type(...).__name__)

# --- case: chr_ord
print(chr(65), ord("a"), chr(0x1F600) == "\U0001F600", ord("€"), [chr(ord("a") + i) for i in range(3)])

# --- case: ord_of_long_string
ord("ab")

# --- case: divmod_pow_abs
print(divmod(17, 5), divmod(-17, 5), divmod(17.5, 5), pow(2, -2), pow(-2, 3), abs(-7.25), abs(0))

# --- case: repr_of_containers
print(repr("it's"), repr('say "hi"'), repr("both ' and \""), repr("tab\there"), repr("new\nline"), repr("back\\slash"))
print([1, "a", None, True, 2.0, (1,), [], {}], (), (1,), {"k": [1, {"n": None}]}, [[]], repr([""]))

# --- case: range_behaviour
r = range(2, 20, 3)
print(r, list(r), len(r), r[1], r[-1], r[1:3], 5 in r, 6 in r, list(range(5, 0, -2)), range(0), len(range(10, 0)))

# --- case: slices_and_slice_objects
xs = list(range(10))
s = slice(1, 8, 3)
print(xs[s], xs[slice(3)], "hello"[slice(1, None)], s.start, s.stop, s.step, s, s.indices(5))
print(xs[::-3], xs[-3:], xs[:-7:-2], "abcdef"[::2], (1, 2, 3)[::-1])
del xs[::3]
print(xs)
del xs[1:3]
print(xs)

# --- case: str_methods
s = "  Hello, World  "
print(s.strip(), s.lstrip(), s.rstrip() + "|", s.strip().lower(), s.upper().strip(), s.strip().swapcase())
print("a,b,,c".split(","), "a b  c".split(), "a b c d".split(" ", 2), "a b c d".rsplit(" ", 1), "k=v=w".partition("="), "k=v=w".rpartition("="))
print("banana".find("an"), "banana".rfind("an"), "banana".find("x"), "banana".count("a"), "banana".replace("a", "o", 2), "banana".index("n", 3))
print("-42".zfill(6), "title case words".title(), "ABC".isupper(), "abc".islower(), "123".isdigit(), "a1".isalnum(), " ".isspace(), "abc".startswith(("x", "a")))
print("x".join(["1", "2", "3"]), "report.pdf".removesuffix(".pdf"), "v1.2".removeprefix("v"), "ab\ncd\n".splitlines(), "%d items at %.2f" % (3, 1.5))

# --- case: str_join_error
", ".join(["a", 1])

# --- case: list_methods
xs = [3, 1, 2]
xs.append(4)
xs.extend([5, 6])
xs.insert(0, 0)
xs.insert(-1, 9)
print(xs, xs.index(2), xs.count(1), xs.pop(), xs.pop(0), xs)
xs.remove(9)
xs.reverse()
print(xs, xs.copy() == xs, xs.copy() is xs, [1, 2, 1].index(1, 1))
xs.clear()
print(xs)

# --- case: list_remove_missing
[1, 2].remove(3)

# --- case: list_index_missing
[1, 2].index(3)

# --- case: print_sep_end
print("a", "b", sep="-")
print("no newline", end="")
print(" continued")
print(1, 2, 3, sep="")
print()
print("x", end="!\n")

# --- case: vars_and_id
class A:
    def __init__(self):
        self.a = 1

x = A()
print(vars(x), id(x) == id(x), id(x) != id(A()), x.__dict__ is vars(x))

# --- case: isinstance_errors
isinstance(3, "int")

# --- case: unpacking_forms
a, *rest = [1, 2, 3, 4]
*init, last = "abc"
(x, y), z = (1, 2), 3
first, *_, final = range(10)
print(a, rest, init, last, x, y, z, first, final)
print(*[1, 2], *"ab", sep=",")
def f(*args, **kwargs):
    return args, sorted(kwargs.items())
print(f(*range(3), **{"k": 1}, j=2))
