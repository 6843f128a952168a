/*
 * The state machine of one async build (Sources/Plugboard/AsyncFactories/AsyncBuild.swift): the object an
 * async factory's scope keeps, which every resolution asks for its instance.
 *
 *   value():  lock; BUILT -> return the value; BUILDING -> await that build; IDLE -> start a build task and
 *             set BUILDING before unlocking; unlock; await the build.
 *   run():    the build task: the factory's closure (outside the lock), then lock; BUILT on success (taking
 *             the observers registered so far), IDLE on failure; unlock; the observers are told of the value;
 *             every waiter of that build gets its result.
 *   whenBuilt(): lock; BUILT -> tell the observer now (after unlocking); else register it; unlock.
 *   settled(): lock; BUILT -> the value; BUILDING -> await that build; IDLE -> nothing; never starts a build.
 *
 * What must hold, for WAITERS resolutions and builds that may fail:
 *   - exactly once: never two builds of one object at a time, and no build while a value is kept;
 *   - a waiter gets the result of the build it awaited: a value only from a build that succeeded;
 *   - a failed build is not kept: the next resolution starts a new one;
 *   - every resolution ends (no end state with a waiter still waiting): a waiter of a build that failed or
 *     was dropped is never left behind;
 *   - each observer (a service runner adopting the value) is told once, and only of a build that succeeded;
 *     once a value is kept, every observer has been told;
 *   - settled() never starts a build, and ends.
 * A reload or reset that drops the object from its scope changes nothing here: the object's own waiters and
 * build go on, and later resolutions get a new object (another instance of this model).
 *
 * Mutants spin must refuse (each a way to get this wrong):
 *   -DWAITER_RESETS         a failed build is cleared by its waiters instead of by the build: a waiter that
 *                           sees the failure late clears the build another resolution started meanwhile, and
 *                           a third starts a second build beside it.
 *   -DSTATE_AFTER_UNLOCK    the build task starts and the lock is released before BUILDING is set: two
 *                           resolutions each start a build.
 *
 *   spin -a docs/models/async-build.pml && cc -O2 -o pan pan.c && ./pan -m100000
 */

#ifndef WAITERS
#define WAITERS 3
#endif
#ifndef BUILDS
#define BUILDS 4      /* at most this many builds in one run: every failure lets another start */
#endif

#define IDLE 0
#define BUILDING 1
#define BUILT 2

#define NONE 0
#define SUCCEEDED 1
#define FAILED 2

byte state = IDLE;
byte current = 0;                 /* the build BUILDING or BUILT refers to (1...) */
byte started = 0;                 /* builds started so far */
byte running = 0;                 /* builds whose closure is under way */
byte result[BUILDS + 1];          /* each build's result, once it ended */
bool lock = false;
byte ended = 0;                   /* resolutions that returned or threw */
#ifndef OBSERVERS
#define OBSERVERS 1
#endif
byte registered = 0;              /* observers waiting for a successful build */
byte told = 0;                    /* observers told of a value */
byte settlers = 0;                /* settled() calls that ended */

inline acquire() { atomic { !lock -> lock = true } }
inline release() { lock = false }

proctype Build(byte id) {
    /* The factory's closure, outside the lock; it may fail. */
    running++;
    assert(running == 1);         /* exactly once */
    if
    :: true -> running--; acquire();
       byte taken = 0;
       if
       :: current == id -> state = BUILT; taken = registered; registered = 0
       :: else -> skip
       fi;
       release();
       told = told + taken;
       result[id] = SUCCEEDED
    :: true -> running--; acquire();
#ifndef WAITER_RESETS
       if
       :: current == id -> state = IDLE
       :: else -> skip
       fi;
#endif
       release(); result[id] = FAILED
    fi
}

proctype Waiter() {
    byte awaited = 0;
    byte got;
    acquire();
    if
    :: state == BUILT -> got = SUCCEEDED; release(); goto done
    :: state == BUILDING -> awaited = current; release()
    :: state == IDLE ->
       assert(started < BUILDS);
       started++;
       awaited = started;
#ifndef STATE_AFTER_UNLOCK
       current = awaited;
       state = BUILDING;
       run Build(awaited);
       release()
#else
       run Build(awaited);
       release();
       acquire();
       current = awaited;
       state = BUILDING;
       release()
#endif
    fi;
    /* Await the build: its result, whatever it is. */
    result[awaited] != NONE;
    got = result[awaited];
#ifdef WAITER_RESETS
    if
    :: got == FAILED -> acquire(); state = IDLE; release()
    :: else -> skip
    fi;
#endif
done:
    assert(got == SUCCEEDED || got == FAILED);
    ended++
}

proctype Observer() {
    bool now = false;
    acquire();
    if
    :: state == BUILT -> now = true
    :: else -> registered++
    fi;
    release();
    if
    :: now -> told++
    :: else -> skip
    fi
}

proctype Settler() {
    byte before;
    byte awaited = 0;
    acquire();
    before = started;
    if
    :: state == BUILDING -> awaited = current
    :: else -> skip
    fi;
    release();
    if
    :: awaited != 0 -> result[awaited] != NONE
    :: else -> skip
    fi;
    settlers++
}

/* A value is kept only from a build that succeeded; a failed build is never what BUILT or BUILDING names
   once it ended. */
active proctype Invariant() {
end:
    do
    :: atomic { !lock && state == BUILT -> assert(running == 0) }
    :: atomic { !lock && state == BUILDING && result[current] == FAILED -> assert(false) }
    od
}

init {
    byte i;
    atomic {
        for (i : 1 .. WAITERS) { run Waiter() }
        for (i : 1 .. OBSERVERS) { run Observer() }
        run Settler()
    }
    /* Every resolution ends, and settled() too. */
    ended == WAITERS && settlers == 1;
    /* Once every process is done: no observer told twice, and all of them told when a value is kept. */
    timeout -> assert(told + registered == OBSERVERS && (state != BUILT || told == OBSERVERS))
}
