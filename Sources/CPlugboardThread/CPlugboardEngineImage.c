#define _GNU_SOURCE
#include "CPlugboardEngineImage.h"

#include <dlfcn.h>
#include <stddef.h>

/// This copy's mark: its address is what tells copies apart.
__attribute__((visibility("default"))) const char plugboard_engine_marker = 1;

int plugboard_engine_other_copy(const char **first, const char **mine) {
    *first = NULL;
    *mine = NULL;
    const void *found = dlsym(RTLD_DEFAULT, "plugboard_engine_marker");
    if (found == NULL || found == (const void *)&plugboard_engine_marker) {
        return 0;
    }
    Dl_info info;
    if (dladdr(found, &info) != 0) {
        *first = info.dli_fname;
    }
    if (dladdr((const void *)&plugboard_engine_marker, &info) != 0) {
        *mine = info.dli_fname;
    }
    return 1;
}
