# --- case: perf_counter_timing
import time

start = time.perf_counter()
total = sum(i * i for i in range(10000))
elapsed = time.perf_counter() - start
print(total, type(elapsed).__name__, elapsed >= 0, elapsed < 10)
print(type(time.time()).__name__, time.time() > 1.6e9, type(time.perf_counter_ns()).__name__, time.monotonic() >= 0)

# --- case: sleep
import time

t0 = time.perf_counter()
time.sleep(0.05)
print(time.perf_counter() - t0 >= 0.04)

# --- case: benchmark_helper
import time

def bench(f, *args, repeat=5):
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        f(*args)
        best = min(best, time.perf_counter() - t)
    return best

t = bench(sorted, list(range(1000, 0, -1)))
print(t >= 0, t < 5)
