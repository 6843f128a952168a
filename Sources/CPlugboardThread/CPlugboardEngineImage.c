#define _GNU_SOURCE
#include "CPlugboardEngineImage.h"

#include <dlfcn.h>
#include <stddef.h>

/// This copy's mark: its address is what tells copies apart.
__attribute__((visibility("default"))) const char plugboard_engine_marker = 1;

int plugboard_engine_other_copy(const char **first, const char **mine) {
    *first = NULL;
    *mine = NULL;
    const void *mark = (const void *)&plugboard_engine_marker;
    const void *found = dlsym(RTLD_DEFAULT, "plugboard_engine_marker");
    if (found == NULL || found == mark) {
        // The global lookup found this copy: on Darwin an executable exports its symbols, so an app's own copy
        // is found first even with a framework's loaded. Look past it, at the images loaded after this one.
        found = dlsym(RTLD_NEXT, "plugboard_engine_marker");
        if (found == NULL || found == mark) {
            return 0;
        }
    }
    Dl_info info;
    if (dladdr(found, &info) != 0) {
        *first = info.dli_fname;
    }
    if (dladdr(mark, &info) != 0) {
        *mine = info.dli_fname;
    }
    return 1;
}
