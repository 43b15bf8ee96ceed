# --- case: namedtuple_basics
from collections import namedtuple

Point = namedtuple("Point", ["x", "y"])
p = Point(3, y=4)
x, y = p
print(p, p.x, p[1], x + y, len(p), p == (3, 4), isinstance(p, tuple), p._fields, tuple(p))
print(p._asdict(), p._replace(x=0), Point._make([5, 6]), Point(*range(2)), hash(p) == hash((3, 4)))

# --- case: namedtuple_defaults_and_string_fields
from collections import namedtuple

Color = namedtuple("Color", "r g b alpha", defaults=[1.0])
c = Color(1, 2, 3)
print(c, Color(0, 0, 0, 0.5), Color._field_defaults, sorted([Color(2, 0, 0), Color(1, 9, 9)]))

# --- case: namedtuple_is_immutable
from collections import namedtuple

P = namedtuple("P", "x y")
p = P(1, 2)
p.x = 5

# --- case: namedtuple_missing_field
from collections import namedtuple

P = namedtuple("P", "x y")
P(1)

# --- case: namedtuple_subclass_with_methods
from collections import namedtuple

class Vector(namedtuple("Vector", "x y")):
    def norm(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5

    def __add__(self, o):
        return Vector(self.x + o.x, self.y + o.y)

v = Vector(3, 4)
print(v.norm(), v + Vector(1, 1), isinstance(v, tuple), type(v).__name__)

# --- case: defaultdict
from collections import defaultdict

groups = defaultdict(list)
for name, team in [("a", "red"), ("b", "blue"), ("c", "red")]:
    groups[team].append(name)
counts = defaultdict(int)
for ch in "hello":
    counts[ch] += 1
print(groups, dict(counts), counts["zz"], "zz" in counts, groups.default_factory)
nested = defaultdict(lambda: defaultdict(int))
nested["a"]["b"] += 2
print(nested["a"]["b"], len(nested))

# --- case: defaultdict_without_factory
from collections import defaultdict

d = defaultdict(None, {"a": 1})
print(d, d["a"])
d["b"]

# --- case: counter
from collections import Counter

c = Counter("mississippi")
print(c, c.most_common(2), c["s"], c["z"], sum(c.values()), c.total())
c.update("ss")
c.subtract({"i": 4})
print(c, sorted(c.elements()), Counter(a=2, b=1) + Counter(a=1, c=5), Counter(a=3) - Counter(a=1, b=2))
print(Counter([1, 1, 2]) == {1: 2, 2: 1}, Counter(), list(Counter("abca")), Counter({"x": 3}).most_common())

# --- case: ordered_dict
from collections import OrderedDict

od = OrderedDict()
od["b"] = 1
od["a"] = 2
od["c"] = 3
od.move_to_end("b")
print(od, list(od), od.popitem(), od.popitem(last=False), od)
od.move_to_end("a", last=False)
print(od, OrderedDict(), isinstance(od, dict))

# --- case: deque
from collections import deque

d = deque([1, 2, 3])
d.append(4)
d.appendleft(0)
print(d, d.pop(), d.popleft(), d, len(d), d[0], d[-1], 2 in d)
d.rotate(1)
print(d)
d.extend([7, 8])
d.extendleft([-1, -2])
print(d, list(d), d.count(7))
window = deque(maxlen=3)
for i in range(5):
    window.append(i)
print(window, window.maxlen, sum(window) / len(window))

# --- case: deque_pop_empty
from collections import deque

deque().popleft()
