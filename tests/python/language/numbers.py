# --- case: power_operator
print(2 ** 10, 2 ** -1, (-2) ** 3, 2 ** 0.5, 0 ** 0, 10 ** 20, 4 ** 0.5, (-8) ** 2, 2.0 ** 3, 10 ** -2)
print(2 ** 100, 3 ** 40, -(2 ** 64), 7 ** 23, pow(2, 10), pow(2.5, 2), pow(3, 4, 5), pow(7, 128, 13))

# --- case: big_integers
f = 1
for i in range(1, 31):
    f *= i
print(f, f // 10 ** 20, f % 1000007, len(str(f)), f > 2 ** 100, -f < 0)
big = 2 ** 64 - 1
print(big, big + 1, big * big, big // 3, -big // 7, -big % 7, divmod(big, 10 ** 9), big - big, type(big).__name__)
print(int("123456789012345678901234567890") + 1, str(10 ** 25), abs(-(10 ** 30)), 10 ** 18 == 10 ** 18, 2 ** 53 + 1)

# --- case: floor_division_and_modulo
print(7 // 2, -7 // 2, 7 // -2, -7 // -2, 7 % 3, -7 % 3, 7 % -3, -7 % -3)
print(7.5 // 2, -7.5 // 2, 7.5 % 2, -7.5 % 2, 5 % 2.5, -0.5 % 1, divmod(-7, 2), divmod(7.5, -2))

# --- case: true_division
print(7 / 2, 6 / 3, 1 / 3, 2 / 3, -1 / 4, 10 ** 20 / 10 ** 10, 0.1 + 0.2, 2 * 0.1, 1e16 + 1, 3 * 1.1)

# --- case: round_half_even
print(round(0.5), round(1.5), round(2.5), round(-0.5), round(-1.5), round(3.7), round(-3.7), round(7))
print(round(2.675, 2), round(1.25, 1), round(1.35, 1), round(0.125, 2), round(0.375, 2), round(3.14159, 3), round(2.5, 0))
print(round(1234, -2), round(1250, -2), round(1350, -2), round(-1250, -2), round(1234.5, -1), round(5, 2), type(round(2.5)).__name__, type(round(2.5, 1)).__name__)

# --- case: bin_hex_oct
print(bin(10), hex(255), oct(8), bin(-5), hex(-255), bin(0), hex(2 ** 70), oct(2 ** 40))
print(int("ff", 16), int("0x1f", 16), int("0b101", 0), int("0o17", 0), int("z", 36), int("1_000"), int(" -42 "), int("+7"))

# --- case: int_conversions
print(int(3.9), int(-3.9), int(True), int(1e20), int("007"), float(7), float("1e3"), float(" 2.5 "), float("-inf"), float("nan"))
print(int(2.5e18), float(2 ** 53 + 1), float(10 ** 30), int(float(10 ** 20)))

# --- case: int_parse_error
int("4.5")

# --- case: float_parse_error
float("1,5")

# --- case: zero_division_messages
for f in [lambda: 1 / 0, lambda: 1 // 0, lambda: 1 % 0, lambda: 1.0 / 0, lambda: 1.0 // 0.0, lambda: 0 ** -1, lambda: divmod(1, 0)]:
    try:
        f()
    except ZeroDivisionError as e:
        print(e)

# --- case: float_overflow
print(2.0 ** 1000)
print(10.0 ** 400)

# --- case: bitwise
print(5 & 3, 5 | 3, 5 ^ 3, ~5, ~-1, 1 << 10, 1 << 40, (1 << 70) >> 3, -1 >> 1, -16 >> 2, 0xFF ^ 0x0F, True & False, True | False, True ^ True)
print((1 << 64) | 1, (2 ** 65) & (2 ** 65 - 1), 123456789123 & 0xFFFF)

# --- case: negative_shift
print(1 << -1)

# --- case: number_methods
print((2.5).is_integer(), (3.0).is_integer(), (10).bit_length(), (0).bit_length(), (-255).bit_length(), (0.5).as_integer_ratio(), (1.25).as_integer_ratio())
print((5).real, (5).imag, (2.5).real, (7).conjugate(), (3).numerator, (3).denominator)

# --- case: comparisons_and_mixed
print(1 == 1.0, 2 ** 60 == 2.0 ** 60, 10 ** 30 > 10 ** 29, 1 < 2.5 < 3, 3 > 2 > 2, -2 ** 2, (-2) ** 2, 2 ** 3 ** 2)
print(max(1, 2.5, 2), min([3, -1.5, 2]), abs(-3), abs(-2.5), abs(True), 7 == 7.0000000000000001, 0.1 * 3 == 0.3)

# --- case: augmented_numeric
x = 10
x += 5
x -= 3
x *= 2
x //= 5
x **= 3
x %= 7
print(x)
y = 2.0
y /= 4
y **= 2
print(y)
n = 2 ** 62
n *= 8
print(n)

# --- case: float_repr
print(0.1, 1.0, 1e22, 1e-7, 123456789.123, 1.5e300, -0.0, 2.0 ** 0.5, 100.0, 1e16, 12345678912345678.0, float(1 / 3))
print(repr(0.30000000000000004), str(1e100), 3.0 * 1e-5, 5e-324, 1.7976931348623157e308)
