#define _GNU_SOURCE
#include "CPlugboardConformance.h"

#include <dlfcn.h>
#include <stddef.h>

/// The runtime's conformance lookup, in every Swift runtime: it answers whatever the conformance's isolation.
extern const void *swift_conformsToProtocol(const void *type, const void *protocol);

/// The lookup that also reports a conformance's global actor (Swift 6.2 runtimes on). Looked up by name, as
/// an Apple platform's older runtimes do not have it (nor isolated conformances).
typedef const void *(*plugboard_lookup_with_context)(const void *type, const void *protocol, void *context);

int plugboard_conforms_in_any_isolation(const void *type, const void *protocol, const void **actor) {
    *actor = NULL;
    static plugboard_lookup_with_context lookup = NULL;
    static int looked = 0;
    if (!__atomic_load_n(&looked, __ATOMIC_ACQUIRE)) {
        __atomic_store_n(
            &lookup, (plugboard_lookup_with_context)dlsym(RTLD_DEFAULT, "swift_conformsToProtocolWithExecutionContext"),
            __ATOMIC_RELAXED);
        __atomic_store_n(&looked, 1, __ATOMIC_RELEASE);
    }
    plugboard_lookup_with_context found = __atomic_load_n(&lookup, __ATOMIC_RELAXED);
    if (found != NULL) {
        // The runtime's ConformanceExecutionContext: the global actor's metadata, then its witness table.
        // Room for more, zeroed, should a later runtime add fields (it says its size in a variable of its own).
        const void *context[8] = {NULL};
        if (found(type, protocol, context) == NULL) {
            return 0;
        }
        *actor = context[0];
        return 1;
    }
    return swift_conformsToProtocol(type, protocol) != NULL;
}
