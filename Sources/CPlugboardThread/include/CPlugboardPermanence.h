#ifndef C_PLUGBOARD_PERMANENCE_H
#define C_PLUGBOARD_PERMANENCE_H

#include <stdbool.h>

/// Whether `object`, a native Swift object, can be made permanent: the Swift runtime in the process offers
/// `_swift_stdlib_immortalize` (Swift 5.9 and later), the platform is 64-bit, and the object's reference
/// count is still kept in its header (no side table yet: no weak reference was ever made to it).
bool plugboard_can_make_permanent(const void *_Nonnull object);

/// Marks `object` immortal through the runtime; returns whether its header now reads immortal. Call only after
/// `plugboard_can_make_permanent` said yes, with two strong references added that are never released: the
/// runtime's own immortal objects carry two, so that a release seen before the mark stays on the slow path.
bool plugboard_make_permanent(void *_Nonnull object);

/// Whether `object` is immortal: its reference count, in its header or in its side table once a weak reference
/// was made to it, reads immortal, so retains and releases only read it.
bool plugboard_is_permanent(const void *_Nonnull object);

#endif
