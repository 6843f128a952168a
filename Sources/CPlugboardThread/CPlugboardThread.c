#include "CPlugboardThread.h"

_Thread_local void *_Nullable plugboard_thread_tracker = 0;
