#ifndef C_PLUGBOARD_THREAD_H
#define C_PLUGBOARD_THREAD_H

#include "CPlugboardAtomics.h"

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

#endif
