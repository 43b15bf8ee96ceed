# --- case: basic_dataclass
from dataclasses import dataclass

@dataclass
class Point:
    x: float
    y: float = 0.0

p = Point(1.5)
print(p, Point(1, 2), p == Point(1.5, 0.0), p == Point(2), p.x, Point(y=3, x=4))
p.x = 10
print(p)

# --- case: default_factory
from dataclasses import dataclass, field

@dataclass
class Inventory:
    owner: str
    items: list = field(default_factory=list)
    counts: dict = field(default_factory=dict)

a, b = Inventory("ann"), Inventory("bob")
a.items.append("sword")
a.counts["gold"] = 3
print(a, b, a.items is b.items)

# --- case: frozen_and_hashable
import dataclasses
from dataclasses import dataclass

@dataclass(frozen=True)
class Coord:
    lat: float
    lon: float

c = Coord(1.0, 2.0)
seen = {c, Coord(1.0, 2.0), Coord(0.0, 0.0)}
print(len(seen), c in seen, hash(c) == hash(Coord(1.0, 2.0)))
try:
    c.lat = 5.0
except dataclasses.FrozenInstanceError as e:
    print(type(e).__name__, e, isinstance(e, AttributeError))
print(c)

# --- case: frozen_assignment_uncaught
from dataclasses import dataclass

@dataclass(frozen=True)
class Cfg:
    lr: float = 0.1

Cfg().lr = 0.2

# --- case: unfrozen_eq_is_unhashable
from dataclasses import dataclass

@dataclass
class Item:
    name: str

print(Item("a") == Item("a"))
print({Item("a")})

# --- case: order_true
from dataclasses import dataclass

@dataclass(order=True)
class Version:
    major: int
    minor: int = 0

vs = [Version(1, 2), Version(0, 9), Version(1, 0)]
print(sorted(vs), max(vs), Version(1) < Version(1, 1), Version(2) >= Version(1, 9))

# --- case: post_init_and_init_false
from dataclasses import dataclass, field

@dataclass
class Rect:
    w: float
    h: float
    area: float = field(init=False)

    def __post_init__(self):
        self.area = self.w * self.h

r = Rect(2, 3)
print(r, r.area)

# --- case: inheritance
from dataclasses import dataclass

@dataclass
class Base:
    id: int
    name: str = "?"

@dataclass
class Employee(Base):
    salary: float = 0.0

e = Employee(7, "kim", 100.0)
print(e, Employee(1), isinstance(e, Base), e == Employee(7, "kim", 100.0))

# --- case: helpers
from dataclasses import dataclass, field, asdict, astuple, replace, fields, is_dataclass

@dataclass
class Inner:
    v: int

@dataclass
class Outer:
    name: str
    inner: Inner
    tags: list = field(default_factory=list)

o = Outer("o", Inner(1), ["t"])
print(asdict(o))
print(astuple(o))
print(replace(o, name="p"), o.name)
print([f.name for f in fields(Outer)], is_dataclass(o), is_dataclass(Outer), is_dataclass(3))

# --- case: methods_and_properties
from dataclasses import dataclass

@dataclass
class Account:
    owner: str
    balance: float = 0.0

    def deposit(self, amount):
        self.balance += amount
        return self

    @property
    def rich(self):
        return self.balance > 100

a = Account("z").deposit(50).deposit(60)
print(a, a.rich)

# --- case: class_variables_are_not_fields
from dataclasses import dataclass, fields
from typing import ClassVar

@dataclass
class Counter:
    total: ClassVar[int] = 0
    name: str = "c"

print([f.name for f in fields(Counter)], Counter(), Counter.total)

# --- case: mutable_default_refused
from dataclasses import dataclass

@dataclass
class Bad:
    items: list = []

# --- case: non_default_after_default
from dataclasses import dataclass

@dataclass
class Bad:
    a: int = 0
    b: int

# --- case: missing_argument
from dataclasses import dataclass

@dataclass
class P:
    x: int
    y: int

P(1)

# --- case: too_many_arguments
from dataclasses import dataclass

@dataclass
class P:
    x: int
    y: int = 0

P(1, 2, 3)

# --- case: eq_false_keeps_identity
from dataclasses import dataclass

@dataclass(eq=False)
class Node:
    v: int

n = Node(1)
print(n == Node(1), n == n, len({n, Node(1)}))

# --- case: kw_only
from dataclasses import dataclass, field

@dataclass(kw_only=True)
class Opts:
    verbose: bool = False
    level: int = 1

print(Opts(level=3), Opts())
Opts(True)

# --- case: repr_false_field_and_custom_repr_kept
from dataclasses import dataclass, field

@dataclass
class User:
    name: str
    password: str = field(repr=False, default="")

@dataclass
class Tag:
    label: str

    def __repr__(self):
        return f"#{self.label}"

print(User("ann", "secret"), Tag("x"), [Tag("a"), Tag("b")])
