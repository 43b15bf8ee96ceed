# --- case: basic_init_and_methods
class Counter:
    def __init__(self, start=0):
        self.count = start

    def increment(self, by=1):
        self.count += by
        return self.count

c = Counter()
c.increment()
c.increment(5)
print(c.count, Counter(10).increment())

# --- case: class_and_instance_attributes
class Dog:
    species = "canis"
    count = 0

    def __init__(self, name):
        self.name = name
        Dog.count += 1

a, b = Dog("rex"), Dog("fido")
b.species = "wolf"
print(a.species, b.species, Dog.species, Dog.count, a.count)
print(sorted(vars(b).items()))

# --- case: repr_and_str
class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y

    def __repr__(self):
        return f"Point({self.x!r}, {self.y!r})"

    def __str__(self):
        return f"({self.x}, {self.y})"

p = Point(1, 2.5)
print(p)
print(repr(p), [p], {"p": p}, (p,))
print(f"{p} {p!r} {p!s}", str(p), "%s" % p)

# --- case: repr_only_used_for_str
class Money:
    def __init__(self, cents):
        self.cents = cents

    def __repr__(self):
        return f"Money({self.cents})"

print(Money(5), str(Money(7)), f"{Money(9)}")

# --- case: eq_and_hash_in_sets_and_dicts
class Card:
    def __init__(self, rank, suit):
        self.rank, self.suit = rank, suit

    def __eq__(self, other):
        return isinstance(other, Card) and (self.rank, self.suit) == (other.rank, other.suit)

    def __hash__(self):
        return hash((self.rank, self.suit))

    def __repr__(self):
        return f"{self.rank}{self.suit}"

hand = {Card(1, "s"), Card(1, "s"), Card(2, "h")}
print(len(hand), Card(2, "h") in hand, Card(3, "h") in hand)
prices = {Card(1, "s"): 10}
prices[Card(1, "s")] += 5
print(prices, Card(1, "s") == Card(1, "s"), Card(1, "s") != Card(1, "h"), Card(1, "s") == 5)

# --- case: eq_without_hash_is_unhashable
class V:
    def __init__(self, x):
        self.x = x

    def __eq__(self, other):
        return self.x == other.x

print(V(1) == V(1), V(1) != V(2))
print({V(1)})

# --- case: default_eq_is_identity
class Box:
    pass

a = Box()
b = a
print(a == b, a == Box(), a is b, a != Box(), len({a, b, Box()}))

# --- case: container_protocol
class Deck:
    def __init__(self):
        self.cards = [f"{r}{s}" for s in "sh" for r in "A23"]

    def __len__(self):
        return len(self.cards)

    def __getitem__(self, i):
        return self.cards[i]

    def __contains__(self, card):
        return card in self.cards

d = Deck()
print(len(d), d[0], d[-1], d[1:3], "2h" in d, "Kd" in d)
print([c for c in d][:4], list(reversed(d))[:2], bool(d))

# --- case: iteration_via_getitem
class Squares:
    def __getitem__(self, i):
        if i >= 5:
            raise IndexError(i)
        return i * i

print(list(Squares()), 9 in Squares(), sum(Squares()))

# --- case: iterator_class
class Countdown:
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return self

    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n + 1

print(list(Countdown(3)))
it = Countdown(2)
print(next(it), next(it), next(it, "done"))
for x in Countdown(2):
    print("tick", x)

# --- case: iter_returning_generator
class Tree:
    def __init__(self, *items):
        self.items = items

    def __iter__(self):
        for x in self.items:
            yield x
            yield -x

print(list(Tree(1, 2)), max(Tree(3, 1)), sorted(Tree(2, 1)))

# --- case: arithmetic_dunders
class Vec:
    def __init__(self, x, y):
        self.x, self.y = x, y

    def __add__(self, o):
        return Vec(self.x + o.x, self.y + o.y)

    def __sub__(self, o):
        return Vec(self.x - o.x, self.y - o.y)

    def __mul__(self, k):
        return Vec(self.x * k, self.y * k)

    def __rmul__(self, k):
        return self * k

    def __neg__(self):
        return Vec(-self.x, -self.y)

    def __abs__(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5

    def __matmul__(self, o):
        return self.x * o.x + self.y * o.y

    def __repr__(self):
        return f"Vec({self.x}, {self.y})"

v, w = Vec(1, 2), Vec(3, 4)
print(v + w, w - v, v * 3, 2 * v, -v, abs(w), v @ w)
v += w
print(v)

# --- case: radd_lets_sum_work
class Cost:
    def __init__(self, v):
        self.v = v

    def __add__(self, o):
        return Cost(self.v + (o.v if isinstance(o, Cost) else o))

    __radd__ = __add__

    def __repr__(self):
        return f"Cost({self.v})"

print(sum([Cost(1), Cost(2), Cost(3)]), 10 + Cost(1), Cost(1) + 2)

# --- case: iadd_in_place
class Bag:
    def __init__(self):
        self.items = []

    def __iadd__(self, item):
        self.items.append(item)
        return self

bag = Bag()
alias = bag
bag += "apple"
bag += "pear"
print(alias.items, alias is bag)

# --- case: unsupported_operand
class A:
    pass

print(A() + 1)

# --- case: ordering_dunders_and_sorted
class Version:
    def __init__(self, s):
        self.parts = tuple(int(p) for p in s.split("."))

    def __lt__(self, other):
        return self.parts < other.parts

    def __eq__(self, other):
        return self.parts == other.parts

    def __repr__(self):
        return "v" + ".".join(map(str, self.parts))

vs = [Version("1.10"), Version("1.2"), Version("0.9")]
print(sorted(vs), max(vs), min(vs), Version("2.0") > Version("1.9"))

# --- case: missing_ordering
class A:
    pass

print(A() < A())

# --- case: call_dunder
class Scaler:
    def __init__(self, k):
        self.k = k

    def __call__(self, x):
        return x * self.k

double = Scaler(2)
print(double(21), list(map(double, [1, 2])), callable(double), callable(Scaler), callable(3))

# --- case: bool_and_len_truthiness
class Empty:
    def __len__(self):
        return 0

class Flag:
    def __init__(self, on):
        self.on = on

    def __bool__(self):
        return self.on

print(bool(Empty()), bool(Flag(True)), bool(Flag(False)), bool(object()), "yes" if Flag(1 > 0) else "no")

# --- case: inheritance_and_super
class Animal:
    def __init__(self, name):
        self.name = name

    def speak(self):
        return f"{self.name} makes a sound"

    def describe(self):
        return f"{type(self).__name__}: {self.speak()}"

class Cat(Animal):
    def __init__(self, name, indoor):
        super().__init__(name)
        self.indoor = indoor

    def speak(self):
        return super().speak() + " (meow)"

c = Cat("Tom", True)
print(c.describe(), c.indoor, isinstance(c, Animal), isinstance(c, Cat), isinstance(Animal("x"), Cat))

# --- case: three_level_super_chain
class A:
    def hello(self):
        return ["A"]

class B(A):
    def hello(self):
        return ["B"] + super().hello()

class C(B):
    def hello(self):
        return ["C"] + super().hello()

print(C().hello(), C.__mro__)
print([k.__name__ for k in C.__mro__], C.__bases__, C.__base__.__name__)

# --- case: mixins_and_mro
class Loud:
    def greet(self):
        return super().greet().upper()

class Polite:
    def greet(self):
        return "good day, " + super().greet()

class Base:
    def greet(self):
        return "hello"

class Person(Loud, Polite, Base):
    pass

print(Person().greet(), [k.__name__ for k in Person.__mro__])

# --- case: explicit_super_form
class A:
    def f(self):
        return "A.f"

class B(A):
    def f(self):
        return "B.f+" + super(B, self).f()

print(B().f(), A.f(B()))

# --- case: isinstance_issubclass_builtins
class MyErr(ValueError):
    pass

print(isinstance(3, int), isinstance(True, int), isinstance(3, float), isinstance(3.0, (int, float)))
print(isinstance([], list), isinstance((), tuple), isinstance({}, dict), isinstance("s", str), isinstance(None, type(None)))
print(issubclass(bool, int), issubclass(int, object), issubclass(MyErr, Exception), issubclass(MyErr, (KeyError, ValueError)))
print(isinstance(MyErr(), ValueError), isinstance(int, type), isinstance(len, object), issubclass(list, dict))

# --- case: staticmethod_and_classmethod
class Temperature:
    scale = "C"

    def __init__(self, degrees):
        self.degrees = degrees

    @classmethod
    def from_fahrenheit(cls, f):
        return cls(round((f - 32) * 5 / 9, 1))

    @staticmethod
    def valid(d):
        return d > -273.15

    def __repr__(self):
        return f"{self.degrees}{self.scale}"

t = Temperature.from_fahrenheit(212)
print(t, Temperature.valid(-300), t.valid(20), t.from_fahrenheit(32))

class Kelvin(Temperature):
    scale = "K"

print(Kelvin.from_fahrenheit(32), type(Kelvin.from_fahrenheit(50)).__name__)

# --- case: property_getter_setter
class Account:
    def __init__(self, balance):
        self._balance = 0
        self.balance = balance

    @property
    def balance(self):
        return self._balance

    @balance.setter
    def balance(self, value):
        if value < 0:
            raise ValueError("balance cannot be negative")
        self._balance = value

acct = Account(10)
acct.balance = 25
print(acct.balance)
try:
    acct.balance = -5
except ValueError as e:
    print("refused:", e)
print(acct.balance, type(Account.balance).__name__)

# --- case: read_only_property
class Circle:
    def __init__(self, r):
        self.r = r

    @property
    def area(self):
        return 3 * self.r ** 2

c = Circle(2)
print(c.area)
c.area = 5

# --- case: computed_property_and_deleter
class Temp:
    def __init__(self):
        self._c = 0

    def get_f(self):
        return self._c * 9 / 5 + 32

    def set_f(self, f):
        self._c = (f - 32) * 5 / 9

    def del_f(self):
        print("deleting")
        self._c = 0

    fahrenheit = property(get_f, set_f, del_f)

t = Temp()
t.fahrenheit = 212
print(t._c, t.fahrenheit)
del t.fahrenheit
print(t.fahrenheit)

# --- case: getattr_fallback_and_builtins
class Config:
    def __init__(self, **kw):
        self.__dict__.update(kw)

    def __getattr__(self, name):
        return f"<no {name}>"

cfg = Config(lr=0.1, steps=3)
print(cfg.lr, cfg.steps, cfg.momentum, getattr(cfg, "lr"), hasattr(cfg, "anything"))
setattr(cfg, "lr", 0.5)
print(cfg.lr, vars(cfg))
delattr(cfg, "steps")
print(cfg.steps)

# --- case: missing_attribute
class P:
    def __init__(self):
        self.x = 1

p = P()
print(getattr(p, "y", "default"), hasattr(p, "y"))
print(p.y)

# --- case: wrong_argument_count
class P:
    def __init__(self, x, y):
        self.x = x

P(1)

# --- case: too_many_arguments_to_method
class P:
    def move(self, dx):
        return dx

P().move(1, 2)

# --- case: no_init_takes_no_arguments
class Empty:
    pass

Empty(1)

# --- case: init_must_return_none
class Bad:
    def __init__(self):
        return 5

Bad()

# --- case: custom_exceptions
class AppError(Exception):
    pass

class NotFound(AppError):
    def __init__(self, key):
        super().__init__(f"missing key {key!r}")
        self.key = key

try:
    raise NotFound("x")
except AppError as e:
    print(type(e).__name__, e, e.key, e.args, repr(e))
try:
    raise AppError("plain", 2)
except Exception as e:
    print(e, e.args, isinstance(e, AppError), isinstance(e, NotFound))

# --- case: custom_exception_uncaught
class ValidationError(ValueError):
    def __init__(self, field, problem):
        super().__init__(f"{field}: {problem}")
        self.field = field

def check(age):
    if age < 0:
        raise ValidationError("age", "must be >= 0")

check(-1)

# --- case: exception_with_str_override
class Oops(Exception):
    def __init__(self, code):
        self.code = code

    def __str__(self):
        return f"oops #{self.code}"

try:
    raise Oops(42)
except Oops as e:
    print(e, e.code, e.args)
raise Oops(7)

# --- case: bound_methods_are_values
class Greeter:
    def __init__(self, greeting):
        self.greeting = greeting

    def greet(self, name):
        return f"{self.greeting}, {name}"

g = Greeter("hi")
say = g.greet
print(say("bob"), say.__name__, say.__self__ is g, Greeter.greet(g, "ann"))
print(list(map(Greeter("yo").greet, ["a", "b"])), g.greet == g.greet)

# --- case: class_attribute_mutable_shared
class Registry:
    items = []

    def add(self, x):
        self.items.append(x)

r1, r2 = Registry(), Registry()
r1.add(1)
r2.add(2)
print(r1.items, Registry.items, r1.items is r2.items)

# --- case: nested_class_and_qualname
class Outer:
    class Inner:
        def where(self):
            return type(self).__qualname__

    def make(self):
        return self.Inner()

print(Outer().make().where(), Outer.Inner.__name__, Outer.Inner.__qualname__, Outer.Inner, Outer.make.__qualname__)

def factory():
    class Local:
        pass
    return Local

print(factory().__qualname__, factory())

# --- case: format_dunder
class Celsius:
    def __init__(self, d):
        self.d = d

    def __format__(self, spec):
        return format(self.d, spec) + "C"

print(f"{Celsius(21.456):.1f}", format(Celsius(3), ""), "{:>6}".format(Celsius(5)))

# --- case: class_body_scope
class K:
    base = 10
    doubled = base * 2
    squares = [i * i for i in range(3)]

    def get(self):
        return self.base + K.doubled

print(K.doubled, K.squares, K().get())

# --- case: class_docstring_and_name
class Documented:
    """A documented class."""

    def method(self):
        """Does a thing."""

print(Documented.__doc__, Documented.method.__doc__, Documented.__name__, Documented.__module__)

# --- case: init_subclass_registry
class Plugin:
    registry = []

    def __init_subclass__(cls):
        Plugin.registry.append(cls.__name__)

class Alpha(Plugin):
    pass

class Beta(Plugin):
    pass

print(Plugin.registry)

# --- case: slots_accepted
class Pt:
    __slots__ = ("x", "y")

    def __init__(self, x, y):
        self.x, self.y = x, y

p = Pt(1, 2)
print(p.x + p.y, Pt.__slots__)

# --- case: abstract_base_raises
class Shape:
    def area(self):
        raise NotImplementedError("subclasses implement area")

class Square(Shape):
    def __init__(self, s):
        self.s = s

    def area(self):
        return self.s ** 2

print([s.area() for s in [Square(2), Square(3)]])
Shape().area()

# --- case: setattr_override
class Logged:
    def __setattr__(self, name, value):
        print(f"set {name}={value!r}")
        object.__setattr__(self, name, value)

o = Logged()
o.a = 1
o.b = [2]
print(o.a, o.b)

# --- case: new_singleton
class Single:
    _instance = None

    def __new__(cls):
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

print(Single() is Single(), type(Single()).__name__)

# --- case: type_and_class_attributes
class A:
    def __init__(self):
        pass

a = A()
print(type(a) is A, a.__class__ is A, type(A), type(a).__name__, A.__name__, type(3).__name__, type(None).__name__)
print(type(len).__name__, type(A.__init__).__name__, type(a.__init__).__name__, type([].append).__name__)

# --- case: abstract_base_classes
from abc import ABC, ABCMeta, abstractmethod

class Shape(ABC):
    @abstractmethod
    def area(self):
        ...

    @abstractmethod
    def perimeter(self):
        ...

    def describe(self):
        return f"{type(self).__name__}: area {self.area()}"

class Square(Shape):
    def __init__(self, s):
        self.s = s

    def area(self):
        return self.s ** 2

    def perimeter(self):
        return 4 * self.s

class Half(Shape):
    def area(self):
        return 0

class Meta(metaclass=ABCMeta):
    @abstractmethod
    def run(self):
        pass

print(Square(3).describe(), isinstance(Square(1), Shape))
for cls in (Half, Meta, Shape):
    try:
        cls()
    except TypeError as e:
        print(e)
