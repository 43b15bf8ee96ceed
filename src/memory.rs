//! Bounded memory. On wasm32 every heap allocation is counted (`Counting` wraps the system
//! allocator), and `check` turns "more bytes live than the limit" into `Error::OutOfMemory` at
//! the one place arrays are computed (`trace::eval_counted`), so the failing result is dropped
//! and the engine stays usable, instead of growing wasm memory until an allocation traps.
//! Natively nothing is counted and `check` always passes; the policy (`over_limit`) is tested.

use crate::error::{Error, Result};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

/// The default limit, 1 GiB: a quarter of what wasm32 can address, leaving room for the one
/// array (at most `array::MAX_ELEMENTS`, 1 GiB of float32) computed past it before the check.
pub const DEFAULT_LIMIT: usize = 1 << 30;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static LIMIT: AtomicUsize = AtomicUsize::new(DEFAULT_LIMIT);
/// Bytes of arrays the glue moved out of wasm memory into JS memory (`www/lib/residency.js`):
/// still live arrays, so they count toward the limit.
static HOST: AtomicUsize = AtomicUsize::new(0);

/// The system allocator, counting live bytes, and growing wasm memory ahead (`grown`).
pub struct Counting;

/// Wasm memory's size in pages (0 natively, where it does not apply).
#[inline(always)]
fn memory_pages() -> usize {
    #[cfg(target_arch = "wasm32")]
    return core::arch::wasm32::memory_size(0);
    #[cfg(not(target_arch = "wasm32"))]
    return 0;
}

/// Growing ahead (see `grown`): by an eighth of memory, at most 8 MiB, after a request of under
/// 64 KiB grew it.
const GROW_AHEAD_SHARE: usize = 8;
const GROW_AHEAD_MAX_PAGES: usize = 128;
const GROW_AHEAD_FOR: usize = 64 << 10;
const PAGE: usize = 64 << 10;

/// Called after an allocation of `size` bytes grew wasm memory. The system allocator grows it by
/// what one request needs, a page at a time for small ones, and each growth costs: `memory.grow`
/// itself, and in V8 a look by the garbage collector, which counts wasm memory as external
/// memory. A heap growing by small allocations (results kept until a loop that never yields
/// ends) grew it at nearly every call, and each call cost more than the one before
/// (bench/NOTES.md). So after a small request memory grows ahead by an eighth of its size:
/// allocating that much and freeing it leaves it to the allocator as free space at the top of
/// its heap, and the growths needed from there on are a logarithmic few. Only after a small
/// request, and by 8 MiB at most, because the allocator grows memory by the whole of a large
/// request even with free space at the top: near the most memory the host gives, that space
/// could make a large allocation fail that would have fitted without it.
#[cold]
#[inline(never)]
unsafe fn grown(size: usize) {
    let pages = (memory_pages() / GROW_AHEAD_SHARE).min(GROW_AHEAD_MAX_PAGES);
    if size >= GROW_AHEAD_FOR || pages == 0 {
        return;
    }
    // SAFETY: a non-zero size and a power-of-two alignment; the block is freed with the layout
    // it was allocated with, and nothing reads or writes it.
    let layout = Layout::from_size_align_unchecked(pages * PAGE, 16);
    let p = System.alloc(layout);
    if !p.is_null() {
        System.dealloc(p, layout);
    }
}

// SAFETY: every method forwards to `System` with the same arguments; the counter only observes,
// and `grown` allocates and frees a block of its own.
// The methods stay out of line: every `Box::new`, `Vec` growth and drop calls one, and a copy of
// the allocator's fast path inlined at each of those sites costs more wasm than the call costs
// time (bench/NOTES.md).
unsafe impl GlobalAlloc for Counting {
    #[inline(never)]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let pages = memory_pages();
        let p = System.alloc(layout);
        if !p.is_null() {
            LIVE.fetch_add(layout.size(), Relaxed);
            if memory_pages() > pages {
                grown(layout.size());
            }
        }
        p
    }

    #[inline(never)]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let pages = memory_pages();
        let p = System.alloc_zeroed(layout);
        if !p.is_null() {
            LIVE.fetch_add(layout.size(), Relaxed);
            if memory_pages() > pages {
                grown(layout.size());
            }
        }
        p
    }

    #[inline(never)]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
        LIVE.fetch_sub(layout.size(), Relaxed);
    }

    #[inline(never)]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let pages = memory_pages();
        let p = System.realloc(ptr, layout, new_size);
        if !p.is_null() {
            LIVE.fetch_sub(layout.size(), Relaxed);
            LIVE.fetch_add(new_size, Relaxed);
            if memory_pages() > pages {
                grown(new_size);
            }
        }
        p
    }
}

/// Bytes the engine's heap holds now (0 natively, where nothing is counted).
pub fn live_bytes() -> usize {
    LIVE.load(Relaxed)
}

/// Where the live-byte count is in memory, for the glue to read it without a call (wasm32: a
/// `u32`).
pub fn live_bytes_address() -> usize {
    LIVE.as_ptr() as usize
}

pub fn limit() -> usize {
    LIMIT.load(Relaxed)
}

/// Sets the limit in bytes (clamped to at least 16 MiB, so the engine can always run).
pub fn set_limit(bytes: usize) {
    LIMIT.store(bytes.max(16 << 20), Relaxed);
}

/// Bytes of live arrays the glue keeps in JS memory (see `HOST`).
pub fn host_bytes() -> usize {
    HOST.load(Relaxed)
}

pub fn set_host_bytes(bytes: usize) {
    HOST.store(bytes, Relaxed);
}

/// The error for `live` bytes held past `limit`, or `None` within it.
pub fn over_limit(live: usize, limit: usize) -> Option<Error> {
    (live > limit).then(|| Error::OutOfMemory {
        live_mib: mib(live),
        limit_mib: mib(limit),
    })
}

/// `bytes` in MiB with one decimal, in integer arithmetic: float formatting would bring the
/// float printer into the wasm module for one error message.
fn mib(bytes: usize) -> String {
    let tenths = (bytes as u64 * 10) >> 20;
    format!("{}.{}", tenths / 10, tenths % 10)
}

/// `Err(OutOfMemory)` when `bytes` more would take live memory past the limit: host NumPy checks
/// this before computing a result, whose size its caller chooses.
pub fn reserve(bytes: usize) -> Result<()> {
    over_limit((live_bytes() + host_bytes()).saturating_add(bytes), limit()).map_or(Ok(()), Err)
}

/// `Err(OutOfMemory)` when more bytes are live, in wasm or JS memory, than the limit allows.
pub fn check() -> Result<()> {
    over_limit(live_bytes() + host_bytes(), limit()).map_or(Ok(()), Err)
}
