package io.fixtape.journal;

import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.store.MessageStoreException;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.bytes.MappedFile;
import net.openhft.chronicle.bytes.BytesStore;
import net.openhft.chronicle.bytes.MappedBytes;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.wire.DocumentContext;
import net.openhft.chronicle.wire.Wire;
import net.openhft.chronicle.wire.domestic.InternalWire;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One engine's journal: a Chronicle Queue holding every journaled FIX message of all its sessions, the session
 * registry, the memory-mapped sequence state and one resend index per session, all under one directory it locks.
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
    public static final String QUEUE_DIR = "queue";
    public static final String STATE_DIR = "state";
    private static final long FORWARD_SKIP_LIMIT = 64;
    private static final int INITIAL_STAGING_BYTES = 8 * 1024;
    private static final int PAGE = 4096;

    private final JournalContext ctx;
    private final Path directory;
    private final JournalLock lock;
    private final JournalSessionTable registry;
    private final SeqStateFile state;
    private final SingleChronicleQueue queue;
    private final ResendIndexes outIndexes;
    private final File spaceProbe;
    private final File queueDirectory;
    private final long readOnlyWarningsAtOpen;
    private final JournalWriteFaultInjector faultInjector;
    private final long recoveredRecords;
    private final String incompleteTail;
    private final JournalRetention retention;
    private final net.openhft.chronicle.queue.RollCycle rollCycle;
    /** Chronicle's roll-cycle clock, refreshed from the records' engine time; null when the context sets one. */
    private final WriterCycleClock cycleClock;
    private ExcerptAppender appender;
    /** Off-heap record under construction: header + FIX bytes, handed to Chronicle in one writeBytes call. */
    private Bytes<Void> staging;
    private final UnsafeBuffer stagingView = new UnsafeBuffer(0, 0);
    private long growths;
    private ExcerptTailer readTailer;
    /**
     * Engine time of the next free-space check. (It was "last check + interval" computed as {@code now - last}
     * with last = Long.MIN_VALUE, which overflows for every positive time: the watermark was never checked by time,
     * only after a failed write.)
     */
    private long nextDiskCheckNanos = Long.MIN_VALUE;
    private long lastSyncNanos;
    private long syncs;
    private long sequenceStateSyncs;
    /** Free space below the watermark, as last measured ({@link #measureSpace}: the writer or the space watcher). */
    private volatile boolean lowSpace;
    /** Usable bytes on the journal's file system as last measured ({@link #measureSpace}). */
    private volatile long usableBytes = Long.MAX_VALUE;
    /**
     * Set when another thread measures the free space on schedule ({@link #watchSpaceElsewhere}): the writer then
     * only reads {@link #lowSpace}. A statfs on the writer took 70–380 µs now and then on the test VM's ext4 (the
     * append that made it was the slowest order of an in-process paced replay, every 250 ms of the replayed clock).
     */
    private volatile boolean spaceWatchedElsewhere;
    private int writeCycle = Integer.MIN_VALUE;
    private volatile File currentCycleFile;
    /** The writer's mapping of {@link #currentCycleFile} (Chronicle's MappedFile, shared like a tailer's). */
    private volatile MappedFile currentMappedFile;
    /** Diagnostic, null unless {@link AppendTimings#ENABLED}. */
    private final AppendTimings appendTimings = AppendTimings.ENABLED ? new AppendTimings() : null;
    @SuppressWarnings("unused") // written through WRITE_POSITION
    private volatile long writePosition;
    private static final java.lang.invoke.VarHandle WRITE_POSITION;

    static
    {
        try
        {
            WRITE_POSITION = java.lang.invoke.MethodHandles.lookup().findVarHandle(Journal.class, "writePosition", long.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }
    private boolean closed;
    /** Duty-cycle pretouch state (writer thread): the mapped chunk last touched and how far into it. */
    private BytesStore<?, ?> touchStore;
    private int touchCycle = Integer.MIN_VALUE;
    private long touchedUpTo;
    private long pagesPretouched;
    private long pretouchFaults;
    /** Resend index most recently written (writer thread): its next page is touched by {@link #pretouchAhead}. */
    private ResendIndex lastIndexWritten;

    private Journal(final JournalContext ctx)
    {
        this.ctx = ctx;
        this.directory = ctx.directory().toAbsolutePath();
        this.faultInjector = ctx.faultInjector();
        this.rollCycle = ctx.rollCycle();
        this.retention = ctx.retentionCycles() > 0 ? new JournalRetention(directory.resolve(QUEUE_DIR), ctx.retentionCycles()) : null;
        createDirectories(directory);
        if (!Files.isWritable(directory))
        {
            throw new JournalException("journal directory " + directory + " is read-only (not writable by this process)");
        }
        this.lock = JournalLock.acquire(directory);
        SeqStateFile openedState = null;
        SingleChronicleQueue openedQueue = null;
        try
        {
            createDirectories(directory.resolve(STATE_DIR));
            this.registry = JournalSessionTable.open(directory, false);
            openedState = new SeqStateFile(directory.resolve(STATE_DIR), ctx.maxSessions());
            this.state = openedState;
            this.outIndexes = new ResendIndexes(directory.resolve(STATE_DIR), state.slotCount(), ctx.initialIndexCapacity());
            ReadOnlyFallbackWatch.install();
            this.readOnlyWarningsAtOpen = ReadOnlyFallbackWatch.count();
            this.cycleClock = ctx.cycleClock() == null ? new WriterCycleClock() : null;
            openedQueue = JournalQueues.openForWriter(ctx, directory.resolve(QUEUE_DIR), cycleClock, retention);
            this.queue = openedQueue;
            failIfReadOnlyFallback();
            this.spaceProbe = directory.toFile();
            measureSpace(); // a journal opened below the watermark refuses the first append, whoever watches later
            this.queueDirectory = directory.resolve(QUEUE_DIR).toFile();
            for (final Integer id : registry.ids())
            {
                openSession(id);
            }
            final TailRecovery recovery = new TailRecovery(state, outIndexes, directory.toString()).run(queue);
            this.recoveredRecords = recovery.appliedRecords();
            this.incompleteTail = recovery.incompleteTail();
            stage(INITIAL_STAGING_BYTES);
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
            lock.close();
            throw ex;
        }
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

    private void failIfReadOnlyFallback()
    {
        if (ReadOnlyFallbackWatch.count() != readOnlyWarningsAtOpen)
        {
            throw new JournalException("Chronicle Queue fell back to read-only for " + directory + " (" +
                ReadOnlyFallbackWatch.lastMessage() + "); refusing to run a journal that cannot write. Check directory " +
                "permissions and the JVM flags (--add-opens java.base/sun.nio.ch=ALL-UNNAMED)");
        }
    }

    /** Registers (or finds) a session; returns its stable id. Configuration time only. */
    public int registerSession(final SessionId sessionId)
    {
        final int id = registry.register(sessionId);
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

    /** Times the off-heap staging buffer had to grow (a record longer than any before it). */
    long stagingGrowths()
    {
        return growths;
    }

    private void stage(final int capacity)
    {
        final Bytes<Void> old = staging;
        staging = Bytes.allocateDirect(capacity);
        staging.singleThreadedCheckDisabled(true); // single writer by contract (see class javadoc)
        stagingView.wrap(staging.addressForWrite(0), capacity);
        if (old != null)
        {
            old.releaseLast();
            growths++;
        }
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
     * @throws MessageStoreException if the record could not be written (nothing was written).
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
        checkWritable(timestampNanos);
        if (faultInjector != null)
        {
            try
            {
                faultInjector.beforeWrite(sessionId, seqNum, length);
            }
            catch (final IOException ex)
            {
                throw failure(ex);
            }
        }
        final int recordLength = JournalRecordDescriptor.HEADER_LENGTH + length;
        if (recordLength > stagingView.capacity())
        {
            stage(Math.max(recordLength, 2 * stagingView.capacity())); // outside steady state: a longer record than ever
        }
        RecordCodec.stage(stagingView, direction, flags, sessionId, seqNum, timestampNanos, msgType, buffer, offset, length);
        final Bytes<Void> staging = this.staging;
        staging.readPositionRemaining(0, recordLength);
        final ExcerptAppender appender = appender();
        if (cycleClock != null)
        {
            cycleClock.onAppend(timestampNanos); // Chronicle asks for the cycle on every append: one clock read per ms
        }
        try
        {
            // One Chronicle document from one off-heap block: write lock, header, one copyMemory, header update, index
            // and write position, unlock. Unlike writingDocument() it does not re-derive the last sequence number by
            // scanning from the last index entry on every call (this appender is the only writer; see class javadoc).
            if (AppendTimings.ENABLED)
            {
                final long before = writePosition;
                final long start = System.nanoTime();
                appender.writeBytes(staging);
                appendTimings.record(before, appender.wire().bytes().writePosition(), System.nanoTime() - start);
            }
            else
            {
                appender.writeBytes(staging);
            }
        }
        catch (final Throwable t)
        {
            abandonPartialWrite(appender);
            throw failure(t);
        }
        final Wire wire = appender.wire();
        WRITE_POSITION.setRelease(this, wire.bytes().writePosition());
        final long index = appender.lastIndexAppended();
        final int cycle = appender.cycle();
        if (cycle != writeCycle)
        {
            writeCycle = cycle;
            wire.bytes().singleThreadedCheckDisabled(true); // the new cycle's mapped bytes: single writer by contract
            currentCycleFile = appender.currentFile(); // once per roll: the file being written (tools, tests)
            // ... and the mapping to touch it through: this writer's own, so that the pages it touches are mapped in
            // the writer's page tables too (a pretoucher with a mapping of its own leaves the writer one fault per page)
            currentMappedFile = wire.bytes() instanceof MappedBytes ? ((MappedBytes)wire.bytes()).mappedFile() : null;
            if (retention != null)
            {
                retention.apply(); // once per roll; Chronicle's release callback may come later or on another thread
            }
        }
        if (ctx.durability() == JournalDurability.MSYNC_PER_MESSAGE)
        {
            syncAppender(appender);
        }
        else if (ctx.durability() == JournalDurability.PERIODIC_MSYNC && timestampNanos - lastSyncNanos >= ctx.syncIntervalNanos())
        {
            lastSyncNanos = timestampNanos;
            sync();
        }
        return index;
    }

    /**
     * After a write that failed half way (a mapped page the file system could not back, SIGBUS surfaced as
     * InternalError): the document's header was never completed, so readers (and a reopen) never see its bytes, and
     * the next document is written over them. Chronicle's wire still believes it is inside that header; clear that,
     * as Chronicle's own rollback of a writing document does.
     */
    private static void abandonPartialWrite(final ExcerptAppender appender)
    {
        final Wire wire = appender.wire();
        if (wire instanceof InternalWire)
        {
            ((InternalWire)wire).forceNotInsideHeader();
        }
    }

    private void syncAppender(final ExcerptAppender appender)
    {
        try
        {
            appender.sync();
        }
        catch (final RuntimeException ex)
        {
            throw failure(ex);
        }
    }

    private ExcerptAppender appender()
    {
        ExcerptAppender appender = this.appender;
        if (appender == null)
        {
            appender = queue.createAppender();
            appender.singleThreadedCheckDisabled(true); // single writer by contract: skip Chronicle's per-call thread check
            this.appender = appender;
        }
        return appender;
    }

    private void checkWritable(final long nowNanos)
    {
        if (closed)
        {
            throw new MessageStoreException(MessageStoreException.Reason.CLOSED, "journal " + directory + " is closed", null);
        }
        if (lowSpace || (nowNanos >= nextDiskCheckNanos && !spaceWatchedElsewhere))
        {
            nextDiskCheckNanos = nowNanos + ctx.diskCheckIntervalNanos();
            measureSpace();
        }
        if (lowSpace)
        {
            throw new MessageStoreException(MessageStoreException.Reason.DISK_FULL, "journal " + directory + " has " +
                spaceProbe.getUsableSpace() + " bytes free, below the low-space watermark of " + ctx.lowSpaceBytes() +
                " bytes (JournalLowSpaceMb); free space or move JournalPath", null);
        }
        if (ReadOnlyFallbackWatch.count() != readOnlyWarningsAtOpen)
        {
            throw new MessageStoreException(MessageStoreException.Reason.READ_ONLY, "Chronicle Queue fell back to " +
                "read-only: " + ReadOnlyFallbackWatch.lastMessage(), null);
        }
    }

    /**
     * After a failed append (writer thread): whether an append would pass the checks that failed it now — the free
     * space is back above the watermark (measured now), Chronicle has not fallen back to read-only, the queue
     * directory is writable and the fault injector (tests) lets writes through. Writes nothing; a true answer is a
     * hint (the next append may still fail). Allocation-free apart from what the OS calls do.
     */
    public boolean probeWritable(final long nowNanos)
    {
        if (closed)
        {
            return false;
        }
        nextDiskCheckNanos = nowNanos + ctx.diskCheckIntervalNanos();
        measureSpace();
        if (lowSpace || ReadOnlyFallbackWatch.count() != readOnlyWarningsAtOpen || !queueDirectory.canWrite())
        {
            return false;
        }
        if (faultInjector != null)
        {
            try
            {
                faultInjector.beforeProbe();
            }
            catch (final IOException ex)
            {
                return false;
            }
        }
        return true;
    }

    /**
     * Measures the free space on the journal's file system now (a statfs) and publishes it for the writer
     * ({@link #lowSpace}) and {@link #usableBytes}. Any thread: the writer on its schedule, or the thread that
     * {@link #watchSpaceElsewhere watches the space} for it.
     *
     * @return usable bytes.
     */
    public long measureSpace()
    {
        final long usable = spaceProbe.getUsableSpace();
        usableBytes = usable;
        lowSpace = usable < ctx.lowSpaceBytes();
        return usable;
    }

    /** Usable bytes as last measured by {@link #measureSpace} (no system call). */
    public long usableBytes()
    {
        return usableBytes;
    }

    /**
     * From now on another thread calls {@link #measureSpace} every {@link JournalContext#diskCheckIntervalNanos()}
     * (the journal's pretoucher thread): the writer stops doing it on its schedule and only reads the result. After
     * a failed write, or while the space is low, the writer still measures for itself.
     */
    public void watchSpaceElsewhere()
    {
        spaceWatchedElsewhere = true;
    }

    private MessageStoreException failure(final Throwable t)
    {
        measureSpace();
        final String text = String.valueOf(t.getMessage());
        final MessageStoreException.Reason reason;
        if (lowSpace || text.contains("No space left") || text.contains("ENOSPC"))
        {
            reason = MessageStoreException.Reason.DISK_FULL;
        }
        else if (text.contains("Read-only") || text.contains("read-only") || text.contains("readonly"))
        {
            reason = MessageStoreException.Reason.READ_ONLY;
        }
        else
        {
            reason = MessageStoreException.Reason.IO_ERROR;
        }
        return new MessageStoreException(reason, "journal append failed in " + directory + ": " + t, t);
    }

    /**
     * One small step of pre-touching ahead of the writer, from the writer's own duty cycle (writer thread only):
     * writes the first long of up to {@code maxPages} 4 KiB pages between the write position and
     * {@code aheadBytes} beyond it with a {@code compareAndSwapLong(0, 0)} (it faults the page in for writing and can
     * never change data), through Chronicle's own mapping of the cycle file, the mapping the next append writes
     * through: that append then finds the page mapped and allocated instead of taking the fault (and on a sparse
     * file the block allocation and zeroing) itself. The same touch as Chronicle's {@code MicroToucher}, which
     * touches only the next page. Only inside the chunk Chronicle has mapped now (the writer maps the next one when
     * it gets there, and touching resumes in it); nothing while the free space is below the watermark (touching allocates blocks); a page the
     * file system cannot back (SIGBUS, full disk) stops touching for that chunk and the writer reports DISK_FULL.
     *
     * Also touches the next page of the resend index a store wrote last ({@link ResendIndex#touchAhead}), counted in
     * the same budget.
     *
     * @return pages touched; 0 when the window is already touched or before the first append (cheap: a few reads).
     */
    int pretouchAhead(final long aheadBytes, final int maxPages)
    {
        if (closed || lowSpace)
        {
            return 0; // touching allocates blocks: never below the low-space watermark
        }
        final ResendIndex index = lastIndexWritten;
        if (index != null && index.touchAhead() != 0)
        {
            pagesPretouched++;
            return 1; // one page per call: the resend index's next page this time
        }
        final long position = writePosition;
        if ((touchCycle == writeCycle && position + aheadBytes <= touchedUpTo) || appender == null)
        {
            return 0;
        }
        final Wire wire = appender.wire();
        if (wire == null)
        {
            return 0;
        }
        final BytesStore<?, ?> store = wire.bytes().bytesStore();
        if (store != touchStore || touchCycle != writeCycle)
        {
            touchStore = store;
            touchCycle = writeCycle;
            touchedUpTo = 0;
        }
        long page = Math.max(touchedUpTo, (position + PAGE - 1) & -PAGE);
        final long target = position + aheadBytes;
        int touched = 0;
        try
        {
            while (touched < maxPages && page < target && store.inside(page, Long.BYTES))
            {
                store.compareAndSwapLong(page, 0L, 0L);
                page += PAGE;
                touched++;
            }
        }
        catch (final InternalError ex)
        {
            pretouchFaults++; // SIGBUS: no block for this page (full file system); the writer's append reports it
            page = Long.MAX_VALUE;
        }
        touchedUpTo = page;
        pagesPretouched += touched;
        return touched;
    }

    /** A store wrote this resend index: {@link #pretouchAhead} keeps its next page touched (writer thread). */
    void indexWritten(final ResendIndex index)
    {
        lastIndexWritten = index;
    }

    /** Pages touched by {@link #pretouchAhead} so far (writer thread). */
    long pagesPretouched()
    {
        return pagesPretouched;
    }

    /** Pages {@link #pretouchAhead} could not touch (no space): touching stopped for that chunk (writer thread). */
    long pretouchFaults()
    {
        return pretouchFaults;
    }

    /**
     * Reads the record at a Chronicle index into {@code record} (writer thread; used by resend). Sequential
     * indexes are read without repositioning.
     *
     * @return false if there is no complete record at that index.
     */
    public boolean readAt(final long queueIndex, final JournalRecord record)
    {
        ExcerptTailer tailer = readTailer;
        if (tailer == null)
        {
            tailer = queue.createTailer();
            tailer.singleThreadedCheckDisabled(true); // one reader at a time: the writer, or under the factory's lock
            readTailer = tailer;
        }
        final long current = tailer.index();
        if (current != queueIndex)
        {
            // Records of one session are interleaved with others' (and with inbound ones in audit mode): step over a
            // few documents instead of an index lookup, which is cheaper and keeps the resend path allocation-free.
            final long gap = queueIndex - current;
            if (gap > 0 && gap <= FORWARD_SKIP_LIMIT && rollCycle.toCycle(queueIndex) == rollCycle.toCycle(current))
            {
                skipForward(tailer, queueIndex);
            }
            if (tailer.index() != queueIndex && !tailer.moveToIndex(queueIndex))
            {
                return false;
            }
        }
        try (DocumentContext dc = tailer.readingDocument())
        {
            if (!dc.isPresent() || dc.index() != queueIndex)
            {
                return false;
            }
            RecordCodec.read(dc.wire().bytes(), queueIndex, record, directory.toString());
            return true;
        }
    }

    private static void skipForward(final ExcerptTailer tailer, final long queueIndex)
    {
        while (tailer.index() < queueIndex)
        {
            try (DocumentContext dc = tailer.readingDocument())
            {
                if (!dc.isPresent())
                {
                    return;
                }
            }
        }
    }

    /**
     * Housekeeping from the writer's duty cycle: periodic msync when idle and the free-space check.
     *
     * @return work count (1 if something was done).
     */
    public int doWork(final long nowNanos)
    {
        int work = 0;
        if (ctx.durability() == JournalDurability.PERIODIC_MSYNC && nowNanos - lastSyncNanos >= ctx.syncIntervalNanos())
        {
            lastSyncNanos = nowNanos;
            sync();
            work++;
        }
        if (nowNanos >= nextDiskCheckNanos && !spaceWatchedElsewhere)
        {
            nextDiskCheckNanos = nowNanos + ctx.diskCheckIntervalNanos();
            measureSpace();
            work++;
        }
        return work;
    }

    /** msync the queue's written range, the sequence state and the resend indexes. */
    public void sync()
    {
        try
        {
            if (appender != null)
            {
                appender.sync();
            }
            state.force();
            outIndexes.force();
            syncs++;
        }
        catch (final RuntimeException ex)
        {
            throw failure(ex);
        }
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
        if (ctx.durability() != JournalDurability.MSYNC_PER_MESSAGE)
        {
            return;
        }
        try
        {
            state.force();
            sequenceStateSyncs++;
        }
        catch (final RuntimeException ex)
        {
            throw failure(ex);
        }
    }

    /** Completed {@link #syncSequenceState()} msyncs (writer thread). */
    public long sequenceStateSyncCount()
    {
        return sequenceStateSyncs;
    }

    /** Completed {@link #sync()} calls (periodic msync, per-message msync, flush): writer thread. */
    public long syncCount()
    {
        return syncs;
    }

    /** File offset just past the last appended record in {@link #currentCycleFile()} (any thread). */
    public long writePosition()
    {
        return writePosition;
    }

    /** The cycle file the writer appends to, or null before the first append (any thread). */
    public File currentCycleFile()
    {
        return currentCycleFile;
    }

    /**
     * Chronicle's mapping of {@link #currentCycleFile()} that the writer appends through (any thread; null before
     * the first append). Other threads use it as Chronicle's tailers do: {@code acquireByteStore} with an owner,
     * then release.
     */
    MappedFile currentMappedFile()
    {
        return currentMappedFile;
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

    /** The underlying queue (for the pretoucher and tools in this module). */
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
        if (appendTimings != null)
        {
            System.err.println("journal " + directory + ": " + appendTimings.summary());
        }
        try
        {
            if (appender != null)
            {
                appender.close();
            }
            if (readTailer != null)
            {
                readTailer.close();
            }
            queue.close();
            outIndexes.close();
            state.close();
            staging.releaseLast();
        }
        finally
        {
            lock.close();
        }
    }
}
