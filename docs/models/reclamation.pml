/*
 * Plugboard's reclamation of replaced slot states, as a model for the spin model checker.
 *
 * What it stands for (Sources/Plugboard/Engine/ReadSection.swift unless named otherwise):
 *   Reader          an outermost resolution: ResolutionTracker.enter/leave (Engine/ResolutionTracker.swift)
 *                   and SlotStore.withResolvedFields/SlotState.asOf (Slots/), which follow `previous` links
 *                   from a state stamped with a newer epoch than the one the resolution read when it entered.
 *   Publisher       a profile reload: WiringEpoch.publish (Engine/WiringEpoch.swift) stamps every state it
 *                   publishes with the next epoch and links it to the state it replaces
 *                   (Slot.publish(_:stampedWith:) for the staged changes; SlotState.succeeded, which chooses the
 *                   same for that epoch, for its other writes); ReadSection.retire holds back what the publishing
 *                   thread replaces (`held`), ReadSection.makeVisible makes the epoch visible in every thread's
 *                   copy and only then retires what was held; WiringEpoch.publish ends with ReadSection.collect.
 *   ProgramWrite    another thread's unstamped write while the reload publishes (a register, a reset): its
 *                   state inherits the replaced state's stamp and link unless that stamp is settled
 *                   (SlotState.succeeded), and what it replaces is retired at once (SlotStore.update).
 *   Keep            a resolution of the new epoch that keeps the instance it built in a slot the reload did not
 *                   write (FactoryRegistration.build, SlotStore.update(_:builtAt:), Slot.publish(_:builtAt:)):
 *                   its state is stamped with the epoch the build read and linked to the one it replaces, which
 *                   is retired at once (the epoch is visible already).
 *   retire/look     ReadSection.retire and ReadSection.lookAtReaders: each retirement starts an era; a thread
 *                   whose counter reads zero is noted as seen outside in the current era; an object retired in
 *                   era t is freed once every thread that reads was seen outside after t.
 *   settled         WiringEpoch.settled: when no thread reads, every later resolution reads the visible epoch.
 *
 * The properties: no reader dereferences a freed state; no reader reads a state whose content was built from a
 * later epoch's wiring than the one it reads (the asserts in Reader); and the disposal action of an instance a
 * reload dropped runs only when no resolution that began before the reload is running.
 *
 * Built with -DTODAYS_RULE_OF_E21C435, the publisher retires each replaced state as soon as it is unpublished,
 * before the epoch is visible: spin finds the trace in which a thread seen outside during the publication starts
 * a resolution in the old epoch and follows a link to a state that was freed meanwhile.
 *
 * Built with -DKEEP_UNSTAMPED_OF_E21C435, the keep's state is not stamped: spin finds the trace in which a
 * resolution of the old epoch takes the instance built from the new one.
 *
 * Run: .ci/model-check (spin -a [-DWITH_KEEP -DRELOADED=1] reclamation.pml; cc -DSAFETY -o pan pan.c; ./pan)
 */

#ifndef READERS
#define READERS 2
#endif
#ifndef PUBLICATIONS
#define PUBLICATIONS 1
#endif
/* The first RELOADED slots are the reload's; with WITH_KEEP, one more that it does not write, where a build of
   the new epoch keeps its instance, in place of the program's write. (All at once are more states than CI
   should wait for: .ci/model-check checks two reloaded slots and the program's write, then one reloaded slot
   and the keep.) */
#ifndef RELOADED
#define RELOADED 2
#endif
#ifdef WITH_KEEP
#define SLOTS (RELOADED + 1)
#else
#define SLOTS RELOADED
#endif
#define KEPT RELOADED
#define STATES (SLOTS + RELOADED * PUBLICATIONS + 2)
#define NONE 255
#define NEVER 255

/* The published state of each slot (Slot.state), and each state's stamp and link (SlotState). */
byte current[SLOTS];
byte stamp[STATES];
byte previous[STATES];
bool freed[STATES];
/* The epoch whose wiring a state's content was built from (a ghost: nothing in the code). */
byte content[STATES];
byte nextState = SLOTS;

/* WiringEpoch.visible, and each thread's copy (ResolutionTracker.visibleEpoch). */
byte visible = 0;
byte copy[READERS];
/* WiringEpoch.settled. */
byte settled = 0;

/* Each thread's read counter (ResolutionTracker.readCounter) and the era it was last seen outside in. */
bit reading[READERS];
byte seenOutside[READERS];
/* The epoch each reader's section reads, for the disposal assertion (a ghost: nothing in the code). */
byte readsEpoch[READERS];  /* NEVER while the reader is outside */

/* ReadSection's lock, its era, and the retired states with the era they were retired in. */
bit sectionLock = 0;
byte era = 0;
bool retired[STATES];
byte retiredIn[STATES];
/* What the publishing thread replaced, held until its epoch is visible. */
bool held[STATES];
/* A reload's dropped instance, handed to its disposal action once it is freed (DroppedInstanceDisposal). */
bool disposalRetired = 0;
byte disposalEra;
byte disposalEpoch;
bool disposed = 0;

/* The store's write lock (SlotStore.writeLock), one per slot. */
bit slotLock[SLOTS];

inline lock(l) { atomic { l == 0 -> l = 1 } }
inline unlock(l) { l = 0 }

/* ReadSection.lookAtReaders: one counter at a time, as the code reads them. */
inline lookAtReaders(oldest, seen) {
    seen = visible;
    oldest = NEVER;
    i = 0;
    do
    :: i < READERS ->
        if
        :: reading[i] == 0 -> seenOutside[i] = era
        :: else ->
            if
            :: seenOutside[i] < oldest -> oldest = seenOutside[i]
            :: else -> skip
            fi
        fi;
        i++
    :: else -> break
    od;
    if
    :: oldest == NEVER && settled < seen -> settled = seen
    :: else -> skip
    fi
}

/* ReadSection.takeRetired(before:), then the releases. */
inline freeRetiredBefore(oldest) {
    j = 0;
    do
    :: j < STATES ->
        if
        :: retired[j] && retiredIn[j] < oldest -> retired[j] = 0; freed[j] = 1
        :: else -> skip
        fi;
        j++
    :: else -> break
    od;
    if
    :: disposalRetired && disposalEra < oldest ->
        disposalRetired = 0;
        /* The disposal runs: no resolution that read an epoch before the reload's may still hold the instance. */
        k = 0;
        do
        :: k < READERS -> assert(!(reading[k] && readsEpoch[k] < disposalEpoch)); k++
        :: else -> break
        od;
        disposed = 1
    :: else -> skip
    fi
}

/* ReadSection.retire: a new era, a look at the readers, and what can be freed. */
inline retire(s) {
    lock(sectionLock);
    tag = era;
    era++;
    lookAtReaders(oldest, seen);
    freeRetiredBefore(oldest);
    if
    :: tag < oldest -> freed[s] = 1
    :: else -> retired[s] = 1; retiredIn[s] = tag
    fi;
    unlock(sectionLock)
}

/* ReadSection.collect. */
inline collect() {
    lock(sectionLock);
    lookAtReaders(oldest, seen);
    freeRetiredBefore(oldest);
    unlock(sectionLock)
}

/* An outermost resolution, again and again: it enters, notes the visible epoch, reads every slot as of that epoch
   (following links from newer states), and leaves. */
proctype Reader(byte r) {
    byte epoch, s, x;
    do
    :: reading[r] = 1;
        atomic { epoch = copy[r]; readsEpoch[r] = epoch };
        x = 0;
        do
        :: x < SLOTS ->
            s = current[x];
            assert(!freed[s]);
            do
            :: stamp[s] > epoch -> s = previous[s]; assert(s != NONE && !freed[s])
            :: else -> break
            od;
            assert(content[s] <= epoch);
            x++
        :: else -> break
        od;
        atomic { reading[r] = 0; readsEpoch[r] = NEVER }
    od
}

/* A reload: every slot's new state stamped with the next epoch and linked to the one it replaces; then the epoch
   made visible; then what it replaced retired, with the instance it drops for disposal; then a collection. */
proctype Publisher() {
    byte p, x, n, replaced, epoch, tag, oldest, seen, i, j, k;
    p = 0;
    do
    :: p < PUBLICATIONS ->
        epoch = visible + 1;
        x = 0;
        do
        :: x < RELOADED ->
            lock(slotLock[x]);
            atomic { n = nextState; nextState++ };
            replaced = current[x];
            stamp[n] = epoch;
            content[n] = epoch;
            previous[n] = replaced;
            current[x] = n;
            unlock(slotLock[x]);
#ifdef TODAYS_RULE_OF_E21C435
            retire(replaced);
#else
            held[replaced] = 1;
#endif
            x++
        :: else -> break
        od;
        /* ReadSection.makeVisible */
        lock(sectionLock);
        visible = epoch;
        i = 0;
        do
        :: i < READERS -> copy[i] = epoch; i++
        :: else -> break
        od;
        unlock(sectionLock);
        /* What was held, retired in one era with the dropped instance (ReadSection.makeVisible's retirement). */
        lock(sectionLock);
        tag = era;
        era++;
        lookAtReaders(oldest, seen);
        freeRetiredBefore(oldest);
        j = 0;
        do
        :: j < STATES ->
            if
            :: held[j] -> held[j] = 0; retired[j] = 1; retiredIn[j] = tag
            :: else -> skip
            fi;
            j++
        :: else -> break
        od;
        if
        :: p == 0 -> disposalRetired = 1; disposalEra = tag; disposalEpoch = epoch
        :: else -> skip
        fi;
        unlock(sectionLock);
        collect();
        p++
    :: else -> break
    od
}

/* A resolution of the visible epoch (once the first reload's is) keeps what it built in slot KEPT. */
proctype Keep() {
    byte n, replaced, epoch, tag, oldest, seen, i, j, k;
    visible > 0;
    epoch = visible;
    lock(slotLock[KEPT]);
    atomic { n = nextState; nextState++ };
    replaced = current[KEPT];
    content[n] = epoch;
#ifdef KEEP_UNSTAMPED_OF_E21C435
    if
    :: stamp[replaced] > settled -> stamp[n] = stamp[replaced]; previous[n] = previous[replaced]
    :: else -> stamp[n] = 0; previous[n] = NONE
    fi;
#else
    if
    :: epoch > stamp[replaced] && epoch > settled -> stamp[n] = epoch; previous[n] = replaced
    :: else ->
        if
        :: stamp[replaced] > settled -> stamp[n] = stamp[replaced]; previous[n] = previous[replaced]
        :: else -> stamp[n] = 0; previous[n] = NONE
        fi
    fi;
#endif
    current[KEPT] = n;
    unlock(slotLock[KEPT]);
    retire(replaced)
}

/* Another thread's write to slot 0 while reloads publish: published at once, unstamped. */
proctype ProgramWrite() {
    byte n, replaced, tag, oldest, seen, i, j, k;
    lock(slotLock[0]);
    atomic { n = nextState; nextState++ };
    replaced = current[0];
    if
    :: stamp[replaced] > settled -> stamp[n] = stamp[replaced]; previous[n] = previous[replaced]
    :: else -> stamp[n] = 0; previous[n] = NONE
    fi;
    current[0] = n;
    unlock(slotLock[0]);
    retire(replaced)
}

init {
    byte r;
    atomic {
        r = 0;
        do
        :: r < SLOTS -> current[r] = r; previous[r] = NONE; r++
        :: else -> break
        od;
        r = 0;
        do
        :: r < READERS -> readsEpoch[r] = NEVER; run Reader(r); r++
        :: else -> break
        od;
        run Publisher();
#ifdef WITH_KEEP
        run Keep()
#else
        run ProgramWrite()
#endif
    }
}
