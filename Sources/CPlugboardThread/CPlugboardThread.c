#include "CPlugboardThread.h"

_Thread_local void *_Nullable plugboard_thread_tracker = 0;
_Thread_local long plugboard_thread_write_locks = 0;

uint64_t plugboard_static_words[4] = {0, 0, 0, 0};
