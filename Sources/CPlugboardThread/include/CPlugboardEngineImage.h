#ifndef C_PLUGBOARD_ENGINE_IMAGE_H
#define C_PLUGBOARD_ENGINE_IMAGE_H

/// Whether the dynamic loader sees another copy of the engine than this one: an app that links Plugboard
/// statically into two frameworks (or a framework and the app) loads two, each with containers of its own.
///
/// Every copy defines the exported symbol `plugboard_engine_marker`; the loader's global lookup finds the copy
/// loaded first, and the lookup past this copy's image (`RTLD_NEXT`) one loaded after it. When either finds
/// another copy than this one, returns 1 and sets `first` and `mine` to the paths of the images that hold them
/// (NULL where the platform cannot tell). Returns 0 when neither does (a copy inside an executable whose symbols
/// are not exported, as on Linux, is seen by the others only).
int plugboard_engine_other_copy(const char *_Nullable *_Nonnull first, const char *_Nullable *_Nonnull mine);

#endif
