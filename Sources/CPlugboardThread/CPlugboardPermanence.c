#define _GNU_SOURCE
#include "CPlugboardPermanence.h"

#include <dlfcn.h>
#include <stdatomic.h>
#include <stdint.h>

/// The runtime's entry point, which takes its argument in Swift's calling convention.
typedef void (*plugboard_immortalize_function)(void *) __attribute__((swiftcall));

/// The header word after an object's metadata pointer, on 64-bit platforms (the layout is the ABI's).
static _Atomic(uint64_t) *reference_count_word(const void *object) {
    return (_Atomic(uint64_t) *)((uintptr_t)object + sizeof(void *));
}

/// The runtime's `UseSlowRC` bit: set for a side table and for an immortal object.
static const uint64_t slow_bit = (uint64_t)1 << 63;
/// The runtime's immortal mark: the low 32 bits all set (with `slow_bit`).
static const uint64_t immortal_mask = 0xffffffffu;
/// With `slow_bit`, marks a header that holds a side table's address, shifted right by 3.
static const uint64_t side_table_bit = (uint64_t)1 << 62;

static bool reads_immortal(uint64_t bits) {
    return (bits & slow_bit) != 0 && (bits & immortal_mask) == immortal_mask;
}

static plugboard_immortalize_function immortalize_function(void) {
    static _Atomic(uintptr_t) found = 0;
    static _Atomic(int) looked = 0;
    if (!atomic_load_explicit(&looked, memory_order_acquire)) {
        atomic_store_explicit(&found, (uintptr_t)dlsym(RTLD_DEFAULT, "_swift_stdlib_immortalize"),
                              memory_order_relaxed);
        atomic_store_explicit(&looked, 1, memory_order_release);
    }
    return (plugboard_immortalize_function)atomic_load_explicit(&found, memory_order_relaxed);
}

bool plugboard_can_make_permanent(const void *object) {
#if UINTPTR_MAX == UINT64_MAX
    if (immortalize_function() == NULL) {
        return false;
    }
    return (atomic_load_explicit(reference_count_word(object), memory_order_relaxed) & slow_bit) == 0;
#else
    (void)object;
    return false;
#endif
}

bool plugboard_make_permanent(void *object) {
#if UINTPTR_MAX == UINT64_MAX
    plugboard_immortalize_function immortalize = immortalize_function();
    if (immortalize == NULL) {
        return false;
    }
    immortalize(object);
    return reads_immortal(atomic_load_explicit(reference_count_word(object), memory_order_relaxed));
#else
    (void)object;
    return false;
#endif
}

bool plugboard_is_permanent(const void *object) {
#if UINTPTR_MAX == UINT64_MAX
    uint64_t bits = atomic_load_explicit(reference_count_word(object), memory_order_relaxed);
    if (reads_immortal(bits)) {
        return true;
    }
    if ((bits & slow_bit) != 0 && (bits & side_table_bit) != 0) {
        // A side table: the object's address, then its counts and its weak count, one 16-byte atomic value
        // aligned to 16 bytes, so 16 bytes in.
        uintptr_t side = (uintptr_t)((bits & (side_table_bit - 1)) << 3);
        return reads_immortal(atomic_load_explicit((_Atomic(uint64_t) *)(side + 16), memory_order_relaxed));
    }
    return false;
#else
    (void)object;
    return false;
#endif
}
