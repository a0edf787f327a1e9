package io.fixtape.journal;

import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.store.MessageStoreException;
import net.openhft.chronicle.bytes.MappedFile;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import org.agrona.DirectBuffer;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One engine's journal: a Chronicle Queue holding every journaled FIX message of all its sessions, the session
 * table, the memory-mapped sequence state and one resend index per session, all under one directory it locks. This
 * class opens and closes them together and is what the stores, tools and other modules call; the work is done by
 * {@link TailRecovery} (at open), {@link JournalWriteGuard} and {@link DiskSpaceMonitor} (may a record be written),
 * {@link JournalAppender} (write it), {@link JournalSyncPolicy} (msync it), {@link ResendReader} (read one back) and
 * {@link DutyCyclePretoucher} (touch pages ahead of the writer).
 *
 * <pre>
 * JournalPath/
 *   journal.lock        pid@host of the engine holding the directory
 *   sessions.registry   session id &lt;-&gt; BeginString/SenderCompID/TargetCompID/qualifier (versioned text)
 *   queue/              Chronicle Queue cycle files, one record per message (JournalRecordDescriptor)
 *   state/seqstate.dat  next sender/target MsgSeqNum per session + covered queue index
 *   state/N.out.idx     resend index of session N: MsgSeqNum -&gt; queue index
 * </pre>
 *
 * Threading: single writer by contract. {@link #append}, {@link #readAt}, {@link #doWork} and the
 * {@link ChronicleMessageStore}s built on it run on one thread (the poller that owns the sessions). Opening and
 * {@link #registerSession} may happen on a configuration thread before the writer starts. When several threads write
 * one journal (cluster-shard workers), {@link ChronicleMessageStoreFactory#concurrentWriters} makes the factory and its
 * stores take one lock around every call into this class, so it still sees one thread at a time. Readers in other
 * processes or threads use their own {@link JournalReader}.
 */
public final class Journal implements AutoCloseable
{
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(Journal.class);
    public static final String QUEUE_DIR = "queue";
    public static final String STATE_DIR = "state";

    private final JournalContext ctx;
    private final Path directory;
    private final JournalLock lock;
    private final JournalSessionTable registry;
    private final SeqStateFile state;
    private final SingleChronicleQueue queue;
    private final ResendIndexes outIndexes;
    private final DiskSpaceMonitor space;
    private final JournalWriteGuard writeGuard;
    private final long recoveredRecords;
    private final String incompleteTail;
    private final JournalAppender appender;
    private final JournalSyncPolicy syncPolicy;
    private final DutyCyclePretoucher dutyCyclePretoucher;
    private final ResendReader resendReader;
    private final JournalRetention retention;
    private final WriterCycleClock cycleClock;
    private final List<String> warnings = new ArrayList<>();
    /** {@link JournalRetention#removedFiles} when Chronicle's directory listing was last refreshed (writer thread). */
    private long listedRemovals;
    private long truncateRecoveries;
    private long stateRebuilds;
    private boolean closed;

    private Journal(final JournalContext ctx)
    {
        this.ctx = ctx;
        this.directory = ctx.directory().toAbsolutePath();
        createDirectories(directory);
        if (!Files.isWritable(directory))
        {
            throw new JournalException("journal directory " + directory + " is read-only (not writable by this process)");
        }
        this.lock = JournalLock.acquire(directory);
        SeqStateFile openedState = null;
        SingleChronicleQueue openedQueue = null;
        JournalWriteGuard openedGuard = null;
        try
        {
            createDirectories(directory.resolve(STATE_DIR));
            this.registry = JournalSessionTable.open(directory, false);
            final Path queueDir = directory.resolve(QUEUE_DIR);
            final boolean stateMissing = !Files.exists(directory.resolve(STATE_DIR).resolve(SeqStateFile.FILE_NAME));
            openedState = new SeqStateFile(directory.resolve(STATE_DIR), ctx.maxSessions());
            this.state = openedState;
            this.outIndexes = new ResendIndexes(
                directory.resolve(STATE_DIR), state.slotCount(), ctx.initialIndexCapacity());
            this.space = new DiskSpaceMonitor(directory.toFile(), ctx.lowSpaceBytes(), ctx.diskCheckIntervalNanos());
            openedGuard = new JournalWriteGuard(directory, queueDir, space, ctx.faultInjector());
            this.writeGuard = openedGuard;
            // Chronicle's roll-cycle clock, refreshed from the records' engine time, unless the context sets one
            this.cycleClock = ctx.cycleClock() == null ? new WriterCycleClock() : null;
            String rebuild = null;
            // before anything maps the queue: a writer would extend a file cut short with zeros and start on it
            final long covered = state.coveredIndex();
            final List<QueueStructure.FileDamage> damaged = QueueStructure.check(queueDir, ctx.rollCycle(),
                covered == -1L ? Integer.MIN_VALUE : ctx.rollCycle().toCycle(covered));
            if (!damaged.isEmpty())
            {
                rebuild = cut(QueueStructure.describe(damaged));
            }
            if (stateMissing && registry.ids().iterator().hasNext() && CycleFiles.list(queueDir).length > 0)
            {
                rebuild = "state/" + SeqStateFile.FILE_NAME + " was missing";
            }
            try (ReadOnlyFallbackWatch.Scope opening = writeGuard.opening())
            {
                openedQueue = JournalQueues.openForWriter(ctx, queueDir, cycleClock);
            }
            writeGuard.failIfReadOnlyFallback();
            space.measure(); // a journal opened below the watermark refuses the first append, whoever watches later
            for (final Integer id : registry.ids())
            {
                openSession(id);
            }
            String tail = null;
            long applied = 0;
            if (rebuild == null)
            {
                final TailRecovery recovery = new TailRecovery(state, outIndexes, directory.toString()).run(openedQueue);
                applied = recovery.appliedRecords();
                tail = recovery.incompleteTail();
                if (recovery.damage() != null)
                {
                    openedQueue.close();
                    openedQueue = null;
                    rebuild = cut(recovery.damage());
                    try (ReadOnlyFallbackWatch.Scope opening = writeGuard.opening())
                    {
                        openedQueue = JournalQueues.openForWriter(ctx, queueDir, cycleClock);
                    }
                }
                else if (recovery.staleState() != null)
                {
                    rebuild = "state/" + SeqStateFile.FILE_NAME + " is stale (" + recovery.staleState() + ")";
                }
            }
            if (rebuild != null)
            {
                final String line = "journal " + directory + ": " +
                    new SeqStateRebuild(state, outIndexes).run(queueDir, ctx.rollCycle(), rebuild);
                LOG.warn(line);
                warnings.add(line);
                stateRebuilds++;
            }
            this.queue = openedQueue;
            // the queue's own roll cycle (a journal keeps the one it was created with, whatever the context says)
            this.retention = ctx.retentionCycles() > 0 ? new JournalRetention(directory, queue.rollCycle(),
                ctx.retentionCycles(), ctx.archiveDirectory() == null ? null :
                new JournalArchive(ctx.archiveDirectory(), JournalArchive.words(ctx.archiveCommand())),
                ctx.retentionClock())
                : null;
            this.recoveredRecords = applied;
            this.incompleteTail = tail;
            this.appender = new JournalAppender(queue, cycleClock, writeGuard, directory, ctx.maskPasswords());
            outIndexes.scanOldest(state); // the oldest record each live resend range reaches: retention keeps it
            publishRetentionBound();
            this.syncPolicy = new JournalSyncPolicy(ctx, appender, state, outIndexes, writeGuard);
            this.dutyCyclePretoucher = new DutyCyclePretoucher(appender, space);
            this.resendReader = new ResendReader(queue, ctx.rollCycle(), directory.toString());
        }
        catch (final RuntimeException ex)
        {
            if (openedQueue != null)
            {
                openedQueue.close();
            }
            if (openedState != null)
            {
                openedState.close();
            }
            if (openedGuard != null)
            {
                openedGuard.close();
            }
            lock.close();
            throw ex;
        }
    }

    /**
     * Damage found at open: refused unless the context opts in to cutting the journal at its last good record
     * ({@link JournalContext#recoverTruncate}); then cut, logged and counted.
     *
     * @return why the sequence state is rebuilt.
     */
    private String cut(final String damage)
    {
        if (!ctx.recoverTruncate())
        {
            throw new JournalDamagedException(JournalDamage.refusal(directory, damage));
        }
        final String line = "journal " + directory + " was damaged (" + damage + ") and is cut at its last good record (" +
            JournalContext.KEY_RECOVER_TRUNCATE + "=Y): " +
            JournalRewrite.cutAtLastGoodRecord(directory, ctx.rollCycle(), ctx.blockSize());
        LOG.warn(line);
        warnings.add(line);
        truncateRecoveries++;
        return "journal cut at its last good record";
    }

    /** What the last open did about damage or lost state (one line each, also logged), empty when nothing. */
    public List<String> startupWarnings()
    {
        return List.copyOf(warnings);
    }

    /** 1 when the last open cut a damaged journal at its last good record ({@code JournalRecoverTruncate}), else 0. */
    public long truncateRecoveries()
    {
        return truncateRecoveries;
    }

    /** 1 when the last open rebuilt the sequence state from the journal (lost, stale, or after a cut), else 0. */
    public long stateRebuilds()
    {
        return stateRebuilds;
    }

    /** Opens (creating if needed) the journal in {@code ctx.directory()}; refuses a directory another engine holds. */
    public static Journal open(final JournalContext ctx)
    {
        ctx.conclude();
        return new Journal(ctx);
    }

    private static void createDirectories(final Path dir)
    {
        try
        {
            Files.createDirectories(dir);
        }
        catch (final IOException ex)
        {
            throw new JournalException("cannot create journal directory " + dir + ": " + ex, ex);
        }
    }

    /** Registers (or finds) a session; returns its stable id. Configuration time only. */
    public int registerSession(final SessionId sessionId)
    {
        final int id = registry.register(sessionId, ctx.maxSessions());
        openSession(id);
        return id;
    }

    private void openSession(final int id)
    {
        state.initialise(id);
        outIndexes.open(id);
    }

    /**
     * What the last open found after the last complete record: a message naming a record whose write was cut off
     * (the previous writer died or its disk failed mid-append), or null. That record was never visible nor
     * acknowledged (its message was not sent / not delivered); the first append writes over it.
     */
    public String incompleteTail()
    {
        return incompleteTail;
    }

    /** Number of records the last open applied from the journal tail (recovery cost indicator). */
    public long recoveredRecords()
    {
        return recoveredRecords;
    }

    /**
     * Appends one record. Zero allocation in steady state.
     *
     * @return the Chronicle index of the record.
     * @throws MessageStoreException if the record could not be written (nothing was written), or its msync failed
     *                               (the record was written; see {@link #appendRecord}).
     */
    public long append(
        final int sessionId,
        final byte direction,
        final int seqNum,
        final int flags,
        final long timestampNanos,
        final long msgType,
        final DirectBuffer buffer,
        final int offset,
        final int length)
    {
        final long index = appendRecord(sessionId, direction, seqNum, flags, timestampNanos, msgType, buffer, offset, length);
        syncPolicy.afterAppend(timestampNanos);
        return index;
    }

    /**
     * The write half of {@link #append}: the record is in the queue when this returns, not yet msync'ed. A store
     * records its effect on the sequence state and then calls {@link #afterAppend}, so that a failing msync is
     * handled with the record's number already counted as used.
     */
    long appendRecord(
        final int sessionId,
        final byte direction,
        final int seqNum,
        final int flags,
        final long timestampNanos,
        final long msgType,
        final DirectBuffer buffer,
        final int offset,
        final int length)
    {
        if (closed)
        {
            throw new MessageStoreException(MessageStoreException.Reason.CLOSED, "journal " + directory + " is closed", null);
        }
        writeGuard.checkAppend(timestampNanos, sessionId, seqNum, length);
        return appender.append(sessionId, direction, seqNum, flags, timestampNanos, msgType, buffer, offset, length);
    }

    /**
     * The sync half of {@link #append} ({@link JournalDurability}).
     *
     * @throws MessageStoreException if the msync failed: the record was written, maybe not durably.
     */
    void afterAppend(final long timestampNanos)
    {
        syncPolicy.afterAppend(timestampNanos);
    }

    /**
     * An operator's change of a session's sequence state on a stopped engine's journal ({@link AdminRecords}):
     * journaled as an admin record, then applied (recovery applies it again if the process dies in between).
     * Not for a running engine: this journal's lock keeps it out while the command holds it.
     *
     * @param action     {@link AdminRecords#SET_SEQUENCE_NUMBERS} or {@link AdminRecords#RESET}.
     * @param epochNanos when (the wall clock: this is not the engine's time).
     * @param text       what was done, for the tools ({@code journal cat} shows it as Text).
     * @return the record's queue index.
     */
    public long appendAdmin(final SessionId sessionId, final int action, final int nextSender, final int nextTarget,
        final long epochNanos, final String text)
    {
        final int id = registerSession(sessionId);
        return AdminRecords.appendAndApply(this, state, outIndexes, id, action, nextSender, nextTarget, epochNanos,
            text);
    }

    /** The next MsgSeqNum the session sends, from the sequence state. */
    public int nextSenderSeqNum(final int sessionId)
    {
        return state.nextSender(sessionId);
    }

    /** The next MsgSeqNum the session expects, from the sequence state. */
    public int nextTargetSeqNum(final int sessionId)
    {
        return state.nextTarget(sessionId);
    }

    /** When the session's sequence state began (epoch seconds; 0 unknown). */
    public long sequenceStateSince(final int sessionId)
    {
        return state.creationSeconds(sessionId);
    }

    /** Times the off-heap staging buffer had to grow (a record longer than any before it). */
    long stagingGrowths()
    {
        return appender.stagingGrowths();
    }

    /**
     * After a failed append (writer thread): whether an append would pass the checks that failed it now — the free
     * space is back above the watermark (measured now), Chronicle has not fallen back to read-only, the queue
     * directory is writable and the fault injector (tests) lets writes through. Writes nothing; a true answer is a
     * hint (the next append may still fail). Allocation-free apart from what the OS calls do.
     */
    public boolean probeWritable(final long nowNanos)
    {
        return !closed && writeGuard.probe(nowNanos);
    }

    /**
     * Measures the free space on the journal's file system now (a statfs) and publishes it for the writer and
     * {@link #usableBytes}. Any thread: the writer on its schedule, or the thread that
     * {@link #watchSpaceElsewhere watches the space} for it.
     *
     * @return usable bytes.
     */
    public long measureSpace()
    {
        return space.measure();
    }

    /** Usable bytes as last measured by {@link #measureSpace} (no system call). */
    public long usableBytes()
    {
        return space.usableBytes();
    }

    /**
     * From now on another thread calls {@link #measureSpace} every {@link JournalContext#diskCheckIntervalNanos()}
     * (the journal's pretoucher thread): the writer stops doing it on its schedule and only reads the result. After
     * a failed write, or while the space is low, the writer still measures for itself.
     */
    public void watchSpaceElsewhere()
    {
        space.watchElsewhere();
    }

    /**
     * One small step of pre-touching ahead of the writer, from the writer's own duty cycle (writer thread only): up to
     * {@code maxPages} pages of the cycle file within {@code aheadBytes} of the write position, or the next page of the
     * resend index a store wrote last ({@link DutyCyclePretoucher}).
     *
     * @return pages touched; 0 when the window is already touched or before the first append (cheap: a few reads).
     */
    int pretouchAhead(final long aheadBytes, final int maxPages)
    {
        return closed ? 0 : dutyCyclePretoucher.touchAhead(aheadBytes, maxPages);
    }

    /** A store wrote this resend index: {@link #pretouchAhead} keeps its next page touched (writer thread). */
    void indexWritten(final ResendIndex index)
    {
        dutyCyclePretoucher.indexWritten(index);
    }

    /** Pages touched by {@link #pretouchAhead} so far (writer thread). */
    long pagesPretouched()
    {
        return dutyCyclePretoucher.pagesTouched();
    }

    /** Pages {@link #pretouchAhead} could not touch (no space): touching stopped for that chunk (writer thread). */
    long pretouchFaults()
    {
        return dutyCyclePretoucher.faults();
    }

    /**
     * Reads the record at a Chronicle index into {@code record} (writer thread; used by resend). Sequential
     * indexes are read without repositioning.
     *
     * @return false if there is no complete record at that index.
     */
    public boolean readAt(final long queueIndex, final JournalRecord record)
    {
        return resendReader.readAt(queueIndex, record);
    }

    /**
     * Housekeeping from the writer's duty cycle: periodic msync when idle, the free-space check, and the bound
     * retention keeps files from ({@link #publishRetentionBound}).
     *
     * @return work count (1 if something was done).
     */
    public int doWork(final long nowNanos)
    {
        int work = syncPolicy.syncIfDue(nowNanos);
        if (space.measureIfDue(nowNanos))
        {
            work++;
        }
        publishRetentionBound();
        if (retention != null && retention.removedFiles() != listedRemovals)
        {
            refreshListing();
            work++;
        }
        return work;
    }

    /**
     * After retention removed files: Chronicle's directory listing (its lowest cycle, in {@code metadata.cq4t}) is
     * brought up to date on the writer thread, so that readers, which never refresh it themselves, start at the
     * oldest file still there.
     */
    private void refreshListing()
    {
        listedRemovals = retention.removedFiles();
        queue.refreshDirectoryListing();
    }

    /**
     * Tells retention (writer thread) from which queue index files must stay: the oldest record any registered
     * session's resend index holds since its last sequence reset, or the last record written, whichever is older
     * (a record indexed after this call is in the cycle written now or a later one, which stays). Nothing is published
     * before anything was written or indexed: retention keeps every file until then. One field read per session slot.
     */
    private void publishRetentionBound()
    {
        if (retention == null)
        {
            return;
        }
        final long last = appender.lastIndex() >= 0 ? appender.lastIndex() : state.coveredIndex();
        long keepFrom = outIndexes.oldestPinned();
        if (last >= 0 && last < keepFrom)
        {
            keepFrom = last;
        }
        if (keepFrom != Long.MAX_VALUE)
        {
            retention.publishKeepFrom(keepFrom);
        }
    }

    /** The journal's retention agent, null when every file is kept ({@code JournalRetentionCycles=0}). */
    JournalRetention retention()
    {
        return retention;
    }

    /** msync the queue's written range, the sequence state and the resend indexes. */
    public void sync()
    {
        syncPolicy.sync();
    }

    /**
     * A sender number was just recorded in the sequence state for a message sent without a record (an admin message
     * after a store failure): the state is its only trace. Under {@link JournalDurability#MSYNC_PER_MESSAGE} the
     * state is msync'ed now, before the message goes out, as a record would have been; under
     * {@link JournalDurability#PERIODIC_MSYNC} the next periodic {@link #sync()} forces it; under
     * {@link JournalDurability#PAGE_CACHE} it is not forced (it survives a process crash, not a power loss). A failed
     * msync throws {@link MessageStoreException}: the message is then not sent.
     */
    public void syncSequenceState()
    {
        syncPolicy.syncSequenceState();
    }

    /** Completed {@link #syncSequenceState()} msyncs (writer thread). */
    public long sequenceStateSyncCount()
    {
        return syncPolicy.sequenceStateSyncCount();
    }

    /** Completed {@link #sync()} calls (periodic msync, per-message msync, flush): writer thread. */
    public long syncCount()
    {
        return syncPolicy.syncCount();
    }

    /** File offset just past the last appended record in {@link #currentCycleFile()} (any thread). */
    public long writePosition()
    {
        return appender.writePosition();
    }

    /** The cycle file the writer appends to, or null before the first append (any thread). */
    public File currentCycleFile()
    {
        return appender.currentCycleFile();
    }

    /**
     * Chronicle's mapping of {@link #currentCycleFile()} that the writer appends through (any thread; null before
     * the first append). Other threads use it as Chronicle's tailers do: {@code acquireByteStore} with an owner,
     * then release.
     */
    MappedFile currentMappedFile()
    {
        return appender.currentMappedFile();
    }

    SeqStateFile state()
    {
        return state;
    }

    ResendIndex outIndex(final int sessionId)
    {
        return outIndexes.get(sessionId);
    }

    public JournalSessionTable registry()
    {
        return registry;
    }

    public JournalContext context()
    {
        return ctx;
    }

    public Path directory()
    {
        return directory;
    }

    /** The underlying queue (tests and probes in this module write and read it directly). */
    SingleChronicleQueue queue()
    {
        return queue;
    }

    @Override
    public void close()
    {
        if (closed)
        {
            return;
        }
        closed = true;
        try
        {
            if (retention != null)
            {
                retention.onClose(); // its runner, if any, stopped first (ChronicleMessageStoreFactory)
                if (retention.removedFiles() != listedRemovals)
                {
                    refreshListing();
                }
            }
            appender.close();
            resendReader.close();
            queue.close();
            outIndexes.close();
            state.close();
            writeGuard.close();
        }
        finally
        {
            lock.close();
        }
    }
}
