#ifndef PLUGBOARD_CYAML_SHIM_H
#define PLUGBOARD_CYAML_SHIM_H
// libyaml, from the system (Debian: libyaml-dev; pkg-config: yaml-0.1).
#include <yaml.h>
#endif
