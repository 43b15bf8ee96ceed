# --- case: count_cycle_repeat
import itertools

print(list(itertools.islice(itertools.count(10, 5), 4)), list(itertools.islice(itertools.cycle("ab"), 5)), list(itertools.repeat("x", 3)))
print(list(zip(itertools.count(), "abc")), list(map(pow, range(4), itertools.repeat(2))))

# --- case: chain_and_islice
from itertools import chain, islice

print(list(chain([1, 2], "ab", range(2))), list(chain.from_iterable([[1], [2, 3], []])))
print(list(islice(range(10), 3)), list(islice(range(10), 2, 8, 3)), list(islice("abcdef", 1, None)), list(islice([], 5)))

# --- case: combinatorics
from itertools import product, permutations, combinations, combinations_with_replacement

print(list(product([1, 2], "ab")), len(list(product(range(3), repeat=3))))
print(list(permutations("abc", 2)), len(list(permutations(range(4)))))
print(list(combinations(range(4), 3)), list(combinations_with_replacement("ab", 2)), list(combinations([1], 2)))

# --- case: accumulate
from itertools import accumulate
import operator

print(list(accumulate([1, 2, 3, 4])), list(accumulate([1, 2, 3, 4], operator.mul)), list(accumulate([3, 1, 4, 1, 5], max)))
print(list(accumulate([1, 2], initial=100)), list(accumulate([])))

# --- case: zip_longest_and_pairwise
from itertools import zip_longest, pairwise, starmap

print(list(zip_longest("abc", [1])), list(zip_longest([1, 2], [3], fillvalue=0)))
print(list(pairwise([1, 2, 3, 4])), list(starmap(pow, [(2, 5), (3, 2)])))

# --- case: groupby
from itertools import groupby

data = sorted(["apple", "avocado", "banana", "blueberry", "cherry"], key=lambda w: w[0])
for letter, words in groupby(data, key=lambda w: w[0]):
    print(letter, list(words))
print([(k, len(list(g))) for k, g in groupby("aaabccdd")])

# --- case: takewhile_dropwhile_filterfalse_compress
from itertools import takewhile, dropwhile, filterfalse, compress

xs = [1, 4, 6, 2, 8, 1]
print(list(takewhile(lambda v: v < 5, xs)), list(dropwhile(lambda v: v < 5, xs)), list(filterfalse(lambda v: v % 2, xs)))
print(list(compress("abcdef", [1, 0, 1, 0, 1, 1])))

# --- case: tee
from itertools import tee

a, b = tee(iter([1, 2, 3]))
print(list(a), list(b))
