# --- case: annotations_are_accepted
from typing import List, Dict, Optional, Tuple, Callable, Union, Any

def mean(xs: List[float], weights: Optional[List[float]] = None) -> float:
    total: float = 0.0
    if weights is None:
        weights = [1.0] * len(xs)
    for x, w in zip(xs, weights):
        total += x * w
    return total / sum(weights)

def apply(f: Callable[[int], int], v: int) -> int:
    return f(v)

count: int = 3
names: Dict[str, int] = {"a": 1}
pair: Tuple[int, str] = (1, "x")
maybe: Union[int, None] = None
anything: Any
print(mean([1.0, 2.0, 3.0]), mean([1, 3], [3, 1]), apply(lambda v: v * 2, 4), count, names, pair, maybe)

# --- case: builtin_generics_and_pep604_in_annotations
def f(xs: list[int], m: dict[str, float] | None = None) -> tuple[int, ...]:
    return tuple(xs)

print(f([1, 2]))

# --- case: type_aliases_print
from typing import List, Dict, Optional

Vector = List[float]
Table = Dict[str, Optional[int]]
print(Vector, Table)

def scale(v: Vector, k: float) -> Vector:
    return [k * x for x in v]

print(scale([1.0, 2.0], 2))

# --- case: typevar_and_generic
from typing import TypeVar, Generic, List

T = TypeVar("T")

class Stack(Generic[T]):
    def __init__(self) -> None:
        self.items: List[T] = []

    def push(self, item: T) -> None:
        self.items.append(item)

    def pop(self) -> T:
        return self.items.pop()

s = Stack()
s.push(1)
s.push(2)
print(s.pop(), s.items, T)

# --- case: namedtuple_class_syntax
from typing import NamedTuple

class Employee(NamedTuple):
    name: str
    dept: str = "eng"

    def badge(self):
        return f"{self.name}@{self.dept}"

e = Employee("ann")
print(e, e.badge(), e._replace(dept="ops"), e[0], isinstance(e, tuple))

# --- case: cast_and_type_checking
from typing import cast, TYPE_CHECKING

if TYPE_CHECKING:
    import does_not_exist
x = cast(int, "3")
print(x, TYPE_CHECKING)

# --- case: builtin_generic_aliases
from typing import TypeVar, Generic

T = TypeVar("T")

class Box(Generic[T]):
    def __init__(self, v: T):
        self.v = v

Vec = list[float]
Pair = tuple[int, ...]
print(Vec, Pair, dict[str, list[int]], Box[int], Box[int](3).v, list[int]("ab"))
int[3]
