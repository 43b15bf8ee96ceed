# --- case: constants_and_basics
import math

print(math.pi, math.e, math.tau, math.inf, -math.inf, math.isnan(math.nan))
print(math.sqrt(16), math.sqrt(2), math.exp(0), math.exp(1), math.log(math.e), math.log(8, 2), math.log(100, 10), math.log2(1024), math.log10(0.001))
print(math.floor(2.7), math.floor(-2.7), math.ceil(2.1), math.ceil(-2.1), math.trunc(-2.7), type(math.floor(2.5)).__name__, math.floor(5))

# --- case: trig_and_angles
import math

print(math.sin(0), math.cos(0), math.tan(0), math.atan2(1, 1), math.degrees(math.pi), math.radians(180), math.hypot(3, 4), math.dist((0, 0), (6, 8)))
print(round(math.sin(math.pi / 6), 12), round(math.acos(0.5), 12), math.asin(1) == math.pi / 2, math.atan(1) * 4 == math.pi)

# --- case: integer_functions
import math

print(math.factorial(0), math.factorial(20), math.factorial(25), math.comb(10, 3), math.comb(50, 25), math.perm(5, 2), math.perm(4))
print(math.gcd(12, 18), math.gcd(0, 5), math.gcd(12, 18, 27), math.lcm(4, 6), math.lcm(3, 5, 7), math.isqrt(17), math.isqrt(10 ** 20))

# --- case: float_helpers
import math

print(math.isclose(0.1 + 0.2, 0.3), math.isclose(1.0, 1.1), math.isclose(1e-10, 0, abs_tol=1e-9), math.isfinite(1e308), math.isinf(-math.inf))
print(math.fabs(-3), math.copysign(2, -0.0), math.fmod(7, 3), math.fmod(-7, 3), math.modf(2.5), math.frexp(8), math.ldexp(0.5, 4))
print(math.fsum([0.1] * 10), sum([0.1] * 10), math.prod([1, 2, 3, 4]), math.prod([]), math.pow(2, 10), math.expm1(0), math.log1p(0))

# --- case: domain_error
import math

try:
    math.log(0)
except ValueError as e:
    print("log:", e)
math.sqrt(-1)

# --- case: factorial_of_negative
import math

math.factorial(-1)

# --- case: math_range_error
import math

math.exp(1000)
