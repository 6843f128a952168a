#ifndef C_PLUGBOARD_THREAD_H
#define C_PLUGBOARD_THREAD_H

#include "CPlugboardAtomics.h"
#include "CPlugboardConformance.h"
#include "CPlugboardEngineImage.h"
#include "CPlugboardPermanence.h"

/// The calling thread's resolution tracker (a retained Swift object), or NULL before its first resolution.
///
/// A C thread-local because Swift has none: reading it is one load from the thread's TLS block, where
/// `pthread_getspecific` is a library call. Plugboard's resolution path reads it on every resolve.
extern _Thread_local void *_Nullable plugboard_thread_tracker;

/// Reads the calling thread's tracker pointer.
static inline void *_Nullable plugboard_thread_tracker_get(void) {
    return plugboard_thread_tracker;
}

/// Sets the calling thread's tracker pointer.
static inline void plugboard_thread_tracker_set(void *_Nullable tracker) {
    plugboard_thread_tracker = tracker;
}

/// How many of the engine's write locks the calling thread holds: what a writer frees while it holds one is
/// released once it holds none (`ReadSection.writing(under:_:)`). A C thread-local of its own, so that a write
/// pays one TLS increment and decrement for it, not a look-up of the thread's tracker.
extern _Thread_local long plugboard_thread_write_locks;

/// Counts a write lock in, and returns how many the thread holds now.
static inline long plugboard_thread_write_locks_enter(void) {
    return ++plugboard_thread_write_locks;
}

/// Counts a write lock out, and returns how many the thread still holds.
static inline long plugboard_thread_write_locks_leave(void) {
    return --plugboard_thread_write_locks;
}

/// How many write locks the calling thread holds.
static inline long plugboard_thread_write_locks_held(void) {
    return plugboard_thread_write_locks;
}

#endif
