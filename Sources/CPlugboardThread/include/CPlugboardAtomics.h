#ifndef C_PLUGBOARD_ATOMICS_H
#define C_PLUGBOARD_ATOMICS_H

#include <stdint.h>
#include <stdbool.h>

/// Atomic operations on a 64-bit word in memory Plugboard owns, for the engine's lock-free paths.
///
/// The compiler's `__atomic` built-ins rather than the standard `Synchronization` module, whose `Atomic`
/// needs macOS 15 / iOS 18: these run on every release Plugboard supports. `order` is one of the
/// `__ATOMIC_*` constants; each function is inlined where it is called, so the order folds to the one
/// instruction (or fence) it names.

static inline uint64_t plugboard_atomic_load(const uint64_t *_Nonnull word, int order) {
    return __atomic_load_n(word, order);
}

static inline void plugboard_atomic_store(uint64_t *_Nonnull word, uint64_t value, int order) {
    __atomic_store_n(word, value, order);
}

static inline uint64_t plugboard_atomic_exchange(uint64_t *_Nonnull word, uint64_t value, int order) {
    return __atomic_exchange_n(word, value, order);
}

/// Replaces `*expected` with the current value when the exchange fails, as C11's strong compare-exchange.
static inline bool plugboard_atomic_compare_exchange(
    uint64_t *_Nonnull word, uint64_t *_Nonnull expected, uint64_t desired, int success, int failure) {
    return __atomic_compare_exchange_n(word, expected, desired, false, success, failure);
}

static inline uint64_t plugboard_atomic_fetch_add(uint64_t *_Nonnull word, uint64_t operand, int order) {
    return __atomic_fetch_add(word, operand, order);
}

static inline uint64_t plugboard_atomic_fetch_sub(uint64_t *_Nonnull word, uint64_t operand, int order) {
    return __atomic_fetch_sub(word, operand, order);
}

static inline uint64_t plugboard_atomic_fetch_or(uint64_t *_Nonnull word, uint64_t operand, int order) {
    return __atomic_fetch_or(word, operand, order);
}

static inline uint64_t plugboard_atomic_fetch_and(uint64_t *_Nonnull word, uint64_t operand, int order) {
    return __atomic_fetch_and(word, operand, order);
}

/// Words for process-wide atomics on the resolution path: zero at launch, with no lazy initializer to run
/// (a Swift `static let` that allocates is checked with `swift_once` on every access).
extern uint64_t plugboard_static_words[4];

static inline uint64_t *_Nonnull plugboard_static_word(int index) {
    return &plugboard_static_words[index];
}

/// The `__ATOMIC_*` orders, for Swift, which does not import the compiler's predefined macros.
enum {
    plugboard_order_relaxed = __ATOMIC_RELAXED,
    plugboard_order_acquire = __ATOMIC_ACQUIRE,
    plugboard_order_release = __ATOMIC_RELEASE,
    plugboard_order_acq_rel = __ATOMIC_ACQ_REL,
    plugboard_order_seq_cst = __ATOMIC_SEQ_CST,
};

#endif
