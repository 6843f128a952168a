/*
 * Plugboard's reclamation of replaced slot states, as a model for the spin model checker: every path of the
 * engine that writes, retires or frees a published state, one scenario at a time.
 *
 * What it stands for (Sources/Plugboard/Engine/ReadSection.swift unless named otherwise):
 *   Reader          an outermost resolution: ResolutionTracker.enter/leave (Engine/ResolutionTracker.swift)
 *                   and SlotStore.withResolvedFields/SlotState.asOf (Slots/), which follow `previous` links
 *                   from a state stamped with a newer epoch than the one the resolution read when it entered.
 *                   What it frees inside (its own writes: settle, keep, mirror, restore) is released when it
 *                   leaves (ResolutionTracker.leave, ReadSection.release).
 *   settle          a resolution that reads a state whose stamp is settled publishes it again unstamped
 *                   (SlotStore.settle): a write from inside a section, retired at once.
 *   Publisher       a profile reload: WiringEpoch.publish stamps every state it publishes with the next epoch
 *                   and links it to the state it replaces (Slot.publish(_:stampedWith:), SlotState.succeeded);
 *                   ReadSection.retire holds what it replaces (`held`), ReadSection.makeVisible makes the epoch
 *                   visible in every thread's copy and only then retires what was held; the dropped instances'
 *                   disposal is retired after that, in an era of its own (DroppedInstanceDisposal through
 *                   ContainerManager.releaseAfterResolutionsUnderWay); WiringEpoch.publish ends with a collect.
 *   ProgramWrite    another thread's unstamped write while the reload publishes (a register, a reset of one
 *                   factory, Resolution's restoreDefinition/restoreScope): its state inherits the replaced
 *                   state's stamp and link unless that stamp is settled (SlotState.succeeded), and what it
 *                   replaces is retired at once (SlotStore.update).
 *   SettingsWrite   a container's settings or the context replaced (Published.replace): unstamped, retired at once.
 *   Keep            a resolution that keeps the instance it built (FactoryRegistration.build, WiringEpoch.
 *                   keepingIfCurrent, SlotStore.update(_:builtAt:), Slot.publish(_:builtAt:)): stamped with
 *                   the epoch the build read, linked to the state it replaces; refused when a publication marked
 *                   the container since the build's epoch (the guard).
 *   Mirror          a resolution that copies a singleton scope's instance into a container's slot
 *                   (SingletonMirrors.mirror): stamped with the stamp of the scope's state it copies.
 *   Pop             ContainerManager.push()/pop() (Slots/SlotStore+Snapshots.swift): fields saved by value,
 *                   put back through Slot.publish, never an instance a rewiring dropped.
 *   Reset           ContainerManager.reset(options:) and runAutoRegister: the cleared states are published
 *                   marked as awaiting autoRegister() under its lock; a resolution that reads a marked state
 *                   waits for autoRegister() and reads again (one it reached through a link: the current one).
 *                   The reset excludes publications (WiringEpoch.excludingPublications), and a publication
 *                   runs a reset container's autoRegister() first, then gives up and starts again if a reset
 *                   came in between (ContainerManager.publishingEpoch); autoRegister() applies the running
 *                   generation, which a reload replaces before it changes a container (ProfileSystem.
 *                   replaceCurrent).
 *   CatchUp         a container that applies the running generation inside a resolution that began before the
 *                   reload that made it running (a new instance; PlugboardProfiles' applyRunningGeneration and
 *                   EpochGenerations): the resolution's generation first, unstamped, then the running one
 *                   stamped with its epoch (ContainerManager.writing(asOf:)); what the stamped write replaces is
 *                   held until that epoch is visible, else retired at once (ReadSection.retire).
 *   Collector       ReadSection.collect from RetiredStateCollector, looking again and again.
 *   retire/look     ReadSection.retire and ReadSection.lookAtReaders: each retirement starts an era; a thread
 *                   whose counter reads zero is noted as seen outside in the current era; an object retired in
 *                   era t is freed once every thread that reads was seen outside after t.
 *   settled         WiringEpoch.settled: when no thread reads, every later resolution reads the visible epoch.
 *
 * Spin's interleavings are sequentially consistent; the code makes every access the argument needs
 * sequentially consistent (ReadSection, "Memory ordering").
 *
 * Safety (asserts): no reader dereferences a freed state; a reader reads, in every reloaded slot, the wiring of
 * the epoch it began in (one generation across slots, never a newer one, never an older one, never the code's
 * wiring where a profile's runs); no reader is handed an instance whose disposal ran; an object is freed (and
 * its deinit runs) only on a thread between resolutions; the disposal runs only when no resolution that began
 * before the reload runs. Liveness: once the writers are done and the readers have stopped, a last collection
 * frees everything retired and runs the disposal: nothing is held for ever.
 *
 * Scenarios (one a run; .ci/model-check runs each, and each mutant, which spin must refuse):
 *   default         RELOADED reloaded slots, a program write, a settings write, settling readers, a collector.
 *   -DKEEP_CASE     one reloaded slot, and a kept slot a new-epoch build keeps into and an old-epoch build
 *                   tries to.
 *   -DMIRROR_CASE   a singleton's store slot and a container's copy: the reload drops the singleton (stamped)
 *                   and the copies (unstamped), a new-epoch build keeps the new one, a resolution mirrors it.
 *   -DPOP_CASE      a reloaded slot that keeps an instance, pushed before the reload and popped after it.
 *   -DRESET_CASE    a slot a reset clears and autoRegister() puts back.
 *   -DRESET_RELOAD_CASE  the same slot, reloaded by a publication while the reset and autoRegister() run.
 *   -DCATCHUP_CASE  a reloaded slot, and in each resolution a container of its own, made, applied by its first
 *                   use, read and let go of (its last state released once the resolution returns:
 *                   Published.releaseLast).
 * Mutants, each a past defect:
 *   -DTODAYS_RULE_OF_E21C435   the publisher retires each replaced state at once (a reader follows a freed link)
 *   -DKEEP_UNSTAMPED_OF_E21C435 the keep's state is not stamped (an old reader takes a new instance)
 *   -DKEEP_UNGUARDED           an old-epoch build keeps what it built after the reload marked the container
 *   -DMIRROR_UNSTAMPED         a mirror is published unstamped (an old reader takes the new singleton)
 *   -DPOP_RAW                  pop() republishes the saved state itself, link and dropped instance included
 *   -DRESET_UNFLAGGED          reset() publishes cleared states unmarked (a reader gets the code's wiring)
 *   -DRESET_DURING_PUBLICATION a reset lands inside a publication, which links its cleared state behind the
 *                              new one (a reader that began before the reload gets the new generation)
 *   -DRELOAD_OVER_AWAITING     resets wait for publications, but a publication does not run a reset
 *                              container's autoRegister() first (the same reader, the same wrong generation)
 *   -DCATCHUP_RUNNING_ONLY     a new container applies only the running generation, unstamped (a resolution
 *                              that began before the reload reads the new generation there)
 *   -DDEINIT_INSIDE            what a thread frees inside a resolution is released there (a deinit inside it)
 *   -DLINK_DROPPED             a program write keeps the stamp it inherits but not the link
 *   -DNEVER_FREE               the collection frees nothing (the liveness check finds it)
 *
 * Run: .ci/model-check
 */

#ifndef READERS
#define READERS 2
#endif
#ifndef PUBLICATIONS
#define PUBLICATIONS 1
#endif
/* Resolutions each reader makes: finite, so that the end can be checked. */
#ifndef SECTIONS
#define SECTIONS 2
#endif
#ifndef RELOADED
#define RELOADED 2
#endif

#define NONE 255
#define NEVER 255
#define NOBODY 255
/* The content of a state that keeps no instance (ghost). */
#define EMPTY 254

/* Slots, by scenario. `reloadedSlots` are the ones every publication writes. */
#if defined(KEEP_CASE)
#define SLOTS 2
#define KEPT 1
#define RELOADS 1
#define STATES (SLOTS + PUBLICATIONS + 2)
#elif defined(MIRROR_CASE)
#define SLOTS 2
#define STORE 0          /* the singleton scope's store slot */
#define COPY 1           /* a container's slot, which holds a copy of the singleton (a mirror) or nothing */
#define RELOADS 0
#define STATES (SLOTS + 2 * PUBLICATIONS + 2)
#elif defined(POP_CASE)
#define SLOTS 1
#define RELOADS 1
#define STATES (SLOTS + PUBLICATIONS + 1)
#elif defined(RESET_CASE)
#define SLOTS 1
#define RELOADS 0
#define STATES (SLOTS + 2)
#elif defined(RESET_RELOAD_CASE)
#define SLOTS 1
#define RELOADS 1
/* the first state, the reset's, autoRegister()'s, the publication's */
#define STATES (SLOTS + 3)
#elif defined(CATCHUP_CASE)
#define SLOTS (1 + READERS)
#define RELOADS 1
#define FRESH(r) (1 + r)  /* reader r's own container's slot, made anew in each of its resolutions */
/* the first states, the publication's, and per resolution a new container's state and the catch-up's two */
#define STATES (SLOTS + 1 + 3 * READERS * SECTIONS)
#else
#ifdef WITH_SETTINGS
#define SLOTS (RELOADED + 1)
#define SETTINGS RELOADED
#else
#define SLOTS RELOADED
#define SETTINGS 0
#endif
#define RELOADS RELOADED
/* the first states, each publication's, a program write, a settings write, and each settle */
#define STATES (SLOTS + 2 * RELOADED * PUBLICATIONS + 2)
#endif
/* Threads with a read counter: the readers, then (where a scenario has them) the writers that read. */
#if defined(KEEP_CASE) || defined(MIRROR_CASE)
#define THREADS (READERS + 2)
#else
#define THREADS READERS
#endif
#define WRITER_THREAD READERS        /* the new-epoch keep; the singleton's keep */
#define OTHER_THREAD (READERS + 1)   /* the old-epoch build; the mirror */

/* The published state of each slot, and each state's stamp and link (SlotState). */
byte current[SLOTS];
byte stamp[STATES];
byte previous[STATES];
bool freed[STATES];
/* Ghosts (nothing in the code): the epoch whose wiring built a state's content; the instance a state keeps
   (0: none); whether the state is one a reset cleared; whether it is marked as awaiting autoRegister(). */
byte content[STATES];
byte instance[STATES];
bool cleared[STATES];
bool awaiting[STATES];
byte nextState = SLOTS;

/* Instances (ghost): whether each one's disposal ran. */
#define INSTANCES 4
bool disposedInstance[INSTANCES];

/* WiringEpoch.visible, and each thread's copy (ResolutionTracker.visibleEpoch). */
byte visible = 0;
byte copy[THREADS];
byte settled = 0;
/* The newest epoch a publication opened over the container (SlotStore.publishedEpoch, the keep's guard). */
byte marked = 0;

/* Each thread's read counter and the era it was last seen outside in. */
bit reading[THREADS];
byte seenOutside[THREADS];
byte readsEpoch[THREADS];  /* NEVER while the thread is outside (ghost) */

/* ReadSection's lock, its era, and the retired states with the era they were retired in. */
bit sectionLock = 0;
byte era = 0;
bool retired[STATES];
byte retiredIn[STATES];
bool held[STATES];
/* Freed states whose release waits for the thread that freed them to leave its resolution (freesHeldBack). */
byte heldBackBy[STATES];
/* A reload's dropped instance, handed to its disposal once freed. */
bool disposalRetired = 0;
byte disposalEra;
byte disposalEpoch;
byte disposalOf;
bool disposed = 0;

/* The store's write lock, per slot; autoRegister()'s lock, and whether it is due (RESET_CASE). */
bit slotLock[SLOTS];
bit autoRegisterLock = 0;
bit pending = 0;
/* WiringEpoch's publication lock; the generation autoRegister() applies (ProfileSystem.current); whether the
   reset is done (RESET_RELOAD_CASE). */
bit publicationLock = 0;
byte running = 0;
bit resetDone = 0;

bit writersDone[4];
bit pushed = 0;

inline lock(l) { atomic { l == 0 -> l = 1 } }
inline unlock(l) { l = 0 }

/* An object's deinit: it must run on a thread between resolutions. */
inline deinit(s, me) {
    assert(me == NOBODY || !reading[me]);
    freed[s] = 1
}

/* ReadSection.release: at once between resolutions; else when the thread's outermost resolution ends. */
inline release(s, me) {
#ifdef DEINIT_INSIDE
    deinit(s, me)
#else
    if
    :: me != NOBODY && reading[me] -> heldBackBy[s] = me
    :: else -> deinit(s, me)
    fi
#endif
}

/* ResolutionTracker.leave: what the section held back is released now (one step: only this thread's). */
inline releaseHeldBack(me) {
    d_step {
        j = 0;
        do
        :: j < STATES ->
            if
            :: heldBackBy[j] == me -> heldBackBy[j] = NOBODY; deinit(j, me)
            :: else -> skip
            fi;
            j++
        :: else -> break
        od;
        j = 0
    }
}

/* ReadSection.lookAtReaders: one counter at a time, as the code reads them. */
inline lookAtReaders(oldest, seen) {
    seen = visible;
    oldest = NEVER;
    i = 0;
    do
    :: i < THREADS ->
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

/* ReadSection.takeRetired(before:), then the releases; the disposal runs when its box is freed. */
inline freeRetiredBefore(oldest, me) {
#ifdef NEVER_FREE
    skip
#else
    j = 0;
    do
    :: j < STATES ->
        if
        :: retired[j] && retiredIn[j] < oldest -> atomic { retired[j] = 0; release(j, me) }
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
        :: k < THREADS -> assert(!(reading[k] && readsEpoch[k] < disposalEpoch)); k++
        :: else -> break
        od;
        disposedInstance[disposalOf] = 1;
        disposed = 1
    :: else -> skip
    fi
#endif
}

/* ReadSection.retire: a new era, a look at the readers, and what can be freed. */
inline retire(s, me) {
    lock(sectionLock);
    tag = era;
    era++;
    lookAtReaders(oldest, seen);
    freeRetiredBefore(oldest, me);
    if
    :: tag < oldest -> atomic { release(s, me) }
    :: else -> retired[s] = 1; retiredIn[s] = tag
    fi;
    unlock(sectionLock)
}

/* ReadSection.collect. */
inline collect(me) {
    lock(sectionLock);
    lookAtReaders(oldest, seen);
    freeRetiredBefore(oldest, me);
    unlock(sectionLock)
}

/* A new state for slot x with `content` c and instance v, published as SlotState.succeeded chooses for a write
   stamped `wstamp` (0: a program write); `n` is the new state, `replaced` the one it replaces. */
inline publishSucceeded(x, wstamp, c, v) {
    atomic { assert(nextState < STATES); n = nextState; nextState++; content[n] = c; instance[n] = v };
    replaced = current[x];
    if
    :: wstamp > stamp[replaced] && wstamp > settled -> stamp[n] = wstamp; previous[n] = replaced
    :: else ->
        if
        :: stamp[replaced] > settled ->
            stamp[n] = stamp[replaced];
#ifdef LINK_DROPPED
            previous[n] = NONE
#else
            previous[n] = previous[replaced]
#endif
        :: else -> stamp[n] = 0; previous[n] = NONE
        fi
    fi;
    current[x] = n
}

/* One slot as a resolution of `epoch` reads it: the current state, or the one its links lead to. */
inline readAsOf(x, epoch, s) {
    s = current[x];
    assert(!freed[s]);
    do
    :: stamp[s] > epoch -> s = previous[s]; assert(s != NONE && !freed[s])
    :: else -> break
    od
}

#ifdef RESET_RELOAD_CASE
/* runAutoRegister, when it is still due: under its lock, the running generation's wiring put back, unmarked. */
inline reRegister(me) {
    lock(autoRegisterLock);
    if
    :: pending == 1 ->
        lock(slotLock[0]);
        publishSucceeded(0, 0, running, 0);
        unlock(slotLock[0]);
        retire(replaced, me);
        pending = 0
    :: else -> skip
    fi;
    unlock(autoRegisterLock)
}

#endif

#ifdef CATCHUP_CASE
/* applyRunningGeneration for a resolution of epoch e: e's generation unstamped, then, when a reload made a
   newer one running, that one stamped with its epoch; what the stamped write replaces is held while its epoch
   is not visible (ReadSection.retire decides under its lock). */
inline catchUp(f, e, me) {
#ifdef CATCHUP_RUNNING_ONLY
    lock(slotLock[f]);
    publishSucceeded(f, 0, running, 0);
    unlock(slotLock[f]);
    retire(replaced, me)
#else
    g = running;
    lock(slotLock[f]);
    publishSucceeded(f, 0, e, 0);
    unlock(slotLock[f]);
    retire(replaced, me);
    if
    :: g > e ->
        lock(slotLock[f]);
        publishSucceeded(f, g, g, 0);
        unlock(slotLock[f]);
        lock(sectionLock);
        if
        :: g > visible -> held[replaced] = 1; unlock(sectionLock)
        :: else -> unlock(sectionLock); retire(replaced, me)
        fi
    :: else -> skip
    fi
#endif
}
#endif

/* An outermost resolution, SECTIONS times: it enters, notes the visible epoch, reads every slot as of it
   (following links from newer states), and leaves, releasing what it freed inside. */
proctype Reader(byte r) {
    byte epoch, s, x, n, replaced, sections, tag, oldest, seen, i, j, k, g, made;
#ifdef RESET_RELOAD_CASE
    bit older;
#endif
    do
#ifdef LIVENESS
    :: sections < SECTIONS ->
        reading[r] = 1;
#else
    :: reading[r] = 1;
#endif
        atomic { epoch = copy[r]; readsEpoch[r] = epoch };
#if defined(MIRROR_CASE)
        /* The container's copy when one is there as of its epoch, else the scope's store. */
        readAsOf(COPY, epoch, s);
        if
        :: instance[s] == 0 -> readAsOf(STORE, epoch, s)
        :: else -> skip
        fi;
        assert(content[s] <= epoch && !disposedInstance[instance[s]]);
#elif defined(RESET_CASE)
        /* A state a reset marked: wait for autoRegister(), then read again (Resolution.resolveInFull). */
        do
        :: readAsOf(0, epoch, s);
            if
            :: awaiting[s] -> (autoRegisterLock == 0 && pending == 0)
            :: else -> break
            fi
        od;
        /* Never the code's wiring while the profile is applied: a cleared state is read only marked. */
        assert(!cleared[s]);
#elif defined(RESET_RELOAD_CASE)
        /* As RESET_CASE; a marked state reached through a link is left for the current one once autoRegister()
           ran (Resolution.resolveInFull's `.older` branch). */
        do
        :: s = current[0];
            assert(!freed[s]);
            older = 0;
            do
            :: stamp[s] > epoch -> s = previous[s]; older = 1; assert(s != NONE && !freed[s])
            :: else -> break
            od;
            if
            :: awaiting[s] ->
                (autoRegisterLock == 0 && pending == 0);
                if
                :: older ->
                    s = current[0];
                    assert(!freed[s]);
                    if
                    :: !awaiting[s] -> break
                    :: else -> skip
                    fi
                :: else -> skip
                fi
            :: else -> break
            fi
        od;
        /* The wiring of the generation the resolution began in, never the code's: one generation per request. */
        assert(!cleared[s] && content[s] == epoch);
#elif defined(CATCHUP_CASE)
        readAsOf(0, epoch, s);
        assert(content[s] == epoch);
        /* A container of this resolution's own (a request's), in SECTIONS of them: made with nothing applied,
           applied by its first use (its autoRegister()), read, and let go of. */
        if
        :: made < SECTIONS ->
            atomic {
                assert(nextState < STATES); n = nextState; nextState++;
                content[n] = EMPTY; instance[n] = 0; stamp[n] = 0; previous[n] = NONE; current[FRESH(r)] = n
            };
            catchUp(FRESH(r), epoch, r);
            readAsOf(FRESH(r), epoch, s);
            assert(content[s] == epoch);
            atomic { release(current[FRESH(r)], r) };
            made++
        :: else -> skip
        fi;
#elif defined(POP_CASE)
        readAsOf(0, epoch, s);
        assert(content[s] == epoch && !disposedInstance[instance[s]]);
#else
        x = 0;
        do
        :: x < SLOTS ->
            readAsOf(x, epoch, s);
#ifdef KEEP_CASE
            /* An instance kept in KEPT was built from the wiring of the reader's own epoch. */
            assert(x < RELOADS && content[s] == epoch || x >= RELOADS && (instance[s] == 0 || content[s] == epoch));
#else
            assert(x >= RELOADS || content[s] == epoch);
#ifdef WITH_SETTLE
            /* SlotStore.settle: a state whose stamp no resolution needs any more, published again unstamped. */
            if
            :: x < RELOADS && s == current[x] && stamp[s] != 0 && stamp[s] <= settled ->
                lock(slotLock[x]);
                if
                :: s == current[x] ->
                    publishSucceeded(x, 0, content[s], instance[s]);
                    unlock(slotLock[x]);
                    retire(replaced, r)
                :: else -> unlock(slotLock[x])
                fi
            :: else -> skip
            fi;
#endif
#endif
            x++
        :: else -> break
        od;
#endif
        atomic { reading[r] = 0; readsEpoch[r] = NEVER };
#if defined(WITH_SETTLE) || defined(DEINIT_INSIDE) || defined(CATCHUP_CASE)
        releaseHeldBack(r);
#endif
#ifdef LIVENESS
        sections++
    :: else -> break
#endif
    od
}

/* A reload: every reloaded slot's new state stamped with the next epoch and linked to the one it replaces;
   then the epoch made visible; then what it replaced retired; then its dropped instance's disposal, in an era
   of its own; then a collection. */
proctype Publisher() {
    byte p, x, n, replaced, epoch, tag, oldest, seen, i, j, k, me;
    me = NOBODY;
#ifdef POP_CASE
    pushed == 1;
#endif
    p = 0;
    do
    :: p < PUBLICATIONS ->
#ifdef RESET_RELOAD_CASE
        /* ContainerManager.publishingEpoch: a reset container's autoRegister() first, then the publication,
           given up when a reset came in between. */
        do
        ::
#if !defined(RESET_DURING_PUBLICATION) && !defined(RELOAD_OVER_AWAITING)
            reRegister(me);
            lock(publicationLock);
            if
            :: pending == 1 -> unlock(publicationLock)
            :: else -> break
            fi
#else
            lock(publicationLock);
            break
#endif
        od;
#endif
        epoch = visible + 1;
#ifdef KEEP_CASE
        marked = epoch;
#endif
#if defined(RESET_RELOAD_CASE) || defined(CATCHUP_CASE)
        /* EpochGenerations.record, ProfileSystem.replaceCurrent: a container that auto-registers from now on
           applies this generation, as of this epoch. */
        running = epoch;
#endif
        x = 0;
        do
        :: x < RELOADS ->
            lock(slotLock[x]);
            /* content: this epoch's wiring; instance: none, a rewiring drops what the slot kept */
            atomic { n = nextState; nextState++; content[n] = epoch; instance[n] = 0 };
            replaced = current[x];
            stamp[n] = epoch;
            previous[n] = replaced;
            current[x] = n;
            unlock(slotLock[x]);
#ifdef TODAYS_RULE_OF_E21C435
            retire(replaced, me);
#else
            held[replaced] = 1;
#endif
            x++
        :: else -> break
        od;
#ifdef MIRROR_CASE
        /* AffectedSingleton.drop: the store's instance dropped, stamped; the container's copies dropped
           unstamped, retired at once (WiringEpoch.withoutStamp). */
        lock(slotLock[STORE]);
        atomic { n = nextState; nextState++ };
        replaced = current[STORE];
        stamp[n] = epoch; content[n] = 0; instance[n] = 0; previous[n] = replaced;
        current[STORE] = n;
        unlock(slotLock[STORE]);
        held[replaced] = 1;
        lock(slotLock[COPY]);
        publishSucceeded(COPY, 0, 0, 0);
        unlock(slotLock[COPY]);
        retire(replaced, me);
#endif
        /* ReadSection.makeVisible */
        lock(sectionLock);
        visible = epoch;
        i = 0;
        do
        :: i < THREADS -> copy[i] = epoch; i++
        :: else -> break
        od;
        tag = era;
        era++;
        lookAtReaders(oldest, seen);
        freeRetiredBefore(oldest, me);
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
        /* The dropped instance's disposal, retired once the reload has published: an era after the states'
           (ContainerManager.releaseAfterResolutionsUnderWay, after makeVisible). */
        if
        :: p == 0 -> disposalRetired = 1; disposalEra = era; era++; disposalEpoch = epoch; disposalOf = 1
        :: else -> skip
        fi;
        unlock(sectionLock);
#ifdef RESET_RELOAD_CASE
        unlock(publicationLock);
#endif
        collect(me);
        p++
    :: else -> break
    od;
    writersDone[0] = 1
}

#if !defined(KEEP_CASE) && !defined(MIRROR_CASE) && !defined(POP_CASE) && !defined(RESET_CASE) && \
    !defined(RESET_RELOAD_CASE) && !defined(CATCHUP_CASE)
/* Another thread's write to slot 0 while reloads publish: unstamped, keeping what it inherits. */
proctype ProgramWrite() {
    byte n, replaced, tag, oldest, seen, i, j, k, me;
    me = NOBODY;
    lock(slotLock[0]);
    publishSucceeded(0, 0, content[current[0]], instance[current[0]]);
    unlock(slotLock[0]);
    retire(replaced, me);
    writersDone[1] = 1
}

/* Settings replaced (Published.replace): unstamped, retired at once. */
proctype SettingsWrite() {
    byte n, replaced, tag, oldest, seen, i, j, k, me;
    me = NOBODY;
    lock(slotLock[SETTINGS]);
    atomic { n = nextState; nextState++ };
    replaced = current[SETTINGS];
    stamp[n] = 0; previous[n] = NONE; content[n] = 0; instance[n] = 0;
    current[SETTINGS] = n;
    unlock(slotLock[SETTINGS]);
    retire(replaced, me);
    writersDone[2] = 1
}

/* RetiredStateCollector: looks again while something waits. */
proctype Collector() {
    byte tag, oldest, seen, i, j, k, me, rounds;
    me = NOBODY;
    do
    :: rounds < 2 -> collect(me); rounds++
    :: else -> break
    od;
    writersDone[3] = 1
}
#endif

#ifdef KEEP_CASE
/* A resolution of the visible epoch (once the reload's is) keeps what it built in slot KEPT; and one that
   began in the epoch before tries to keep what it built from that epoch's wiring, after the reload marked the
   container: refused by the guard (WiringEpoch.keepingIfCurrent). Both keep from inside their resolution. */
proctype Keep(byte me; bool old) {
    byte n, replaced, epoch, tag, oldest, seen, i, j, k;
    if
    :: old -> visible == 0
    :: else -> visible > 0
    fi;
    reading[me] = 1;
    atomic { epoch = copy[me]; readsEpoch[me] = epoch };
    if
    :: old -> marked > epoch  /* the build ends after the reload marked the container */
    :: else -> skip
    fi;
    lock(slotLock[KEPT]);
#ifdef KEEP_UNGUARDED
    if
    :: true ->
#else
    if
    :: marked <= epoch ->
#endif
        atomic { n = nextState; nextState++ };
        replaced = current[KEPT];
        content[n] = epoch;
        instance[n] = 2;
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
        retire(replaced, me)
    :: else -> unlock(slotLock[KEPT])
    fi;
    atomic { reading[me] = 0; readsEpoch[me] = NEVER };
    releaseHeldBack(me);
    writersDone[1 + old] = 1
}
#endif

#ifdef MIRROR_CASE
/* A resolution of the new epoch builds the new singleton and keeps it in the store (stamped as the build read
   the store's stamped state), then another copies it into the container's slot. */
proctype KeepSingleton() {
    byte n, replaced, epoch, tag, oldest, seen, i, j, k, me;
    me = WRITER_THREAD;
    visible > 0;
    reading[me] = 1;
    atomic { epoch = copy[me]; readsEpoch[me] = epoch };
    lock(slotLock[STORE]);
    publishSucceeded(STORE, stamp[current[STORE]], epoch, 2);
    unlock(slotLock[STORE]);
    retire(replaced, me);
    atomic { reading[me] = 0; readsEpoch[me] = NEVER };
    releaseHeldBack(me);
    writersDone[1] = 1
}

proctype Mirror() {
    byte n, replaced, epoch, s, copied, copiedStamp, copiedContent, tag, oldest, seen, i, j, k, me;
    me = OTHER_THREAD;
    instance[current[STORE]] == 2;
    reading[me] = 1;
    atomic { epoch = copy[me]; readsEpoch[me] = epoch };
    s = current[STORE];
    copied = instance[s];
    copiedStamp = stamp[s];
    copiedContent = content[s];
    lock(slotLock[COPY]);
#ifdef MIRROR_UNSTAMPED
    publishSucceeded(COPY, 0, copiedContent, copied);
#else
    publishSucceeded(COPY, copiedStamp, copiedContent, copied);
#endif
    unlock(slotLock[COPY]);
    retire(replaced, me);
    atomic { reading[me] = 0; readsEpoch[me] = NEVER };
    releaseHeldBack(me);
    writersDone[2] = 1
}
#endif

#ifdef POP_CASE
/* push() before the reload, pop() after it (once it is visible): the saved fields put back through
   Slot.publish, with the running generation's wiring for the profile's fields and no instance a rewiring
   dropped (POP_RAW: the saved state object itself, as before). */
proctype Pop() {
    byte n, replaced, saved, tag, oldest, seen, i, j, k, me;
    me = NOBODY;
    saved = current[0];
    pushed = 1;
    visible > 0;
    lock(slotLock[0]);
#ifdef POP_RAW
    replaced = current[0];
    current[0] = saved;
    unlock(slotLock[0]);
    retire(replaced, me);
#else
    publishSucceeded(0, 0, content[current[0]], 0);
    unlock(slotLock[0]);
    retire(replaced, me);
#endif
    writersDone[1] = 1
}
#endif

#ifdef RESET_CASE
/* reset(): under autoRegister()'s lock, the slot cleared (and marked), and the container marked for it. */
proctype Reset() {
    byte n, replaced, tag, oldest, seen, i, j, k, me;
    me = NOBODY;
    lock(autoRegisterLock);
    lock(slotLock[0]);
    /* The state's marks are part of it when it is published. */
    atomic {
        cleared[nextState] = 1;
#ifndef RESET_UNFLAGGED
        awaiting[nextState] = 1
#endif
    };
    publishSucceeded(0, 0, 0, 0);
    unlock(slotLock[0]);
    retire(replaced, me);
    pending = 1;
    unlock(autoRegisterLock);
    writersDone[1] = 1
}

/* runAutoRegister: under the lock, the profile's registration put back, unmarked, and the container done. */
proctype AutoRegister() {
    byte n, replaced, tag, oldest, seen, i, j, k, me;
    me = NOBODY;
    pending == 1;
    lock(autoRegisterLock);
    lock(slotLock[0]);
    publishSucceeded(0, 0, 0, 0);
    unlock(slotLock[0]);
    retire(replaced, me);
    pending = 0;
    unlock(autoRegisterLock);
    writersDone[2] = 1
}
#endif

#ifdef RESET_RELOAD_CASE
/* reset() (a logout), while requests resolve and a reload publishes: under autoRegister()'s lock and, unless
   the mutant, the publication's, the slot cleared and marked, and the container marked for autoRegister(). */
proctype ResetDuringReloads() {
    byte n, replaced, tag, oldest, seen, i, j, k, me;
    me = NOBODY;
    lock(autoRegisterLock);
#ifndef RESET_DURING_PUBLICATION
    lock(publicationLock);
#endif
    lock(slotLock[0]);
    atomic { cleared[nextState] = 1; awaiting[nextState] = 1 };
    publishSucceeded(0, 0, 0, 0);
    unlock(slotLock[0]);
    pending = 1;
#ifndef RESET_DURING_PUBLICATION
    unlock(publicationLock);
#endif
    unlock(autoRegisterLock);
    retire(replaced, me);
    resetDone = 1;
    writersDone[1] = 1
}

/* A resolution's awaitAutoRegister(), on another thread: autoRegister() when it is still due. */
proctype AutoRegisterAfterReset() {
    byte n, replaced, tag, oldest, seen, i, j, k, me;
    me = NOBODY;
    resetDone == 1;
    reRegister(me);
    writersDone[2] = 1
}
#endif

init {
    byte r, tag, oldest, seen, i, j, k, me;
    atomic {
        r = 0;
        do
        :: r < SLOTS -> current[r] = r; previous[r] = NONE; r++
        :: else -> break
        od;
        r = 0;
        do
        :: r < STATES -> heldBackBy[r] = NOBODY; r++
        :: else -> break
        od;
        r = 0;
        do
        :: r < THREADS -> readsEpoch[r] = NEVER; r++
        :: else -> break
        od;
#if defined(MIRROR_CASE)
        instance[STORE] = 1; instance[COPY] = 1;  /* the first singleton, copied into the container */
#elif defined(KEEP_CASE)
        content[KEPT] = EMPTY;  /* nothing kept before the reload: the reload writes nothing there */
#elif defined(POP_CASE)
        instance[0] = 1;  /* the instance the slot keeps when pushed, which the reload drops */
#endif
        r = 0;
        do
        :: r < READERS -> run Reader(r); r++
        :: else -> break
        od;
#if defined(KEEP_CASE)
        run Publisher();
        run Keep(WRITER_THREAD, 0);
        run Keep(OTHER_THREAD, 1);
#elif defined(MIRROR_CASE)
        run Publisher();
        run KeepSingleton();
        run Mirror();
#elif defined(POP_CASE)
        run Publisher();
        run Pop();
        writersDone[2] = 1;
#elif defined(RESET_CASE)
        run Reset();
        run AutoRegister();
        writersDone[0] = 1;
#elif defined(RESET_RELOAD_CASE)
        run Publisher();
        run ResetDuringReloads();
        run AutoRegisterAfterReset();
#elif defined(CATCHUP_CASE)
        run Publisher();
        writersDone[1] = 1;
        writersDone[2] = 1;
#else
        run Publisher();
#ifndef NO_PROGRAM_WRITE
        run ProgramWrite();
#else
        writersDone[1] = 1;
#endif
#ifdef WITH_SETTINGS
        run SettingsWrite();
#else
        writersDone[2] = 1;
#endif
#ifdef LIVENESS
        run Collector();
#else
        writersDone[3] = 1;
#endif
#endif
    }
#ifdef LIVENESS
    /* Liveness: once every other process has ended, one more collection frees everything retired and runs the
       disposal; nothing waits for ever, and nothing is left held back on a thread. */
    _nr_pr == 1;
    me = NOBODY;
    collect(me);
    i = 0;
    do
    :: i < STATES -> assert(!retired[i] && !held[i] && heldBackBy[i] == NOBODY); i++
    :: else -> break
    od;
    assert(!disposalRetired)
#endif
}
