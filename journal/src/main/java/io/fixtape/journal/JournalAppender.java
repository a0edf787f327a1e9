package io.fixtape.journal;

import io.fixtape.engine.codec.PasswordFields;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.bytes.MappedBytes;
import net.openhft.chronicle.bytes.MappedFile;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.wire.Wire;
import net.openhft.chronicle.wire.domestic.InternalWire;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import java.io.File;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * Writes journal records into the queue (writer thread): lays out header + FIX bytes in an off-heap staging buffer
 * and hands them to Chronicle in one {@code writeBytes} call, publishes the write position for the pretoucher thread,
 * and on a roll publishes the new cycle file and its mapping. A write that fails half way is
 * abandoned so that the next one overwrites it. Zero allocation in steady state; the first append creates
 * Chronicle's appender.
 */
final class JournalAppender implements AutoCloseable
{
    private static final int INITIAL_STAGING_BYTES = 8 * 1024;
    private static final VarHandle WRITE_POSITION;

    static
    {
        try
        {
            WRITE_POSITION = MethodHandles.lookup().findVarHandle(JournalAppender.class, "writePosition", long.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private final SingleChronicleQueue queue;
    /** Chronicle's roll-cycle clock, refreshed from the records' engine time; null when the context sets one. */
    private final WriterCycleClock cycleClock;
    private final JournalWriteGuard writeGuard;
    private final Path directory;
    private ExcerptAppender appender;
    /** Off-heap record under construction: header + FIX bytes, handed to Chronicle in one writeBytes call. */
    private Bytes<ByteBuffer> staging;
    private final UnsafeBuffer stagingView = new UnsafeBuffer(0, 0);
    private final RecordChecksum checksum = new RecordChecksum();
    private long growths;
    private int writeCycle = Integer.MIN_VALUE;
    private volatile File currentCycleFile;
    /** The writer's mapping of {@link #currentCycleFile} (Chronicle's MappedFile, shared like a tailer's). */
    private volatile MappedFile currentMappedFile;
    @SuppressWarnings("unused") // written through WRITE_POSITION
    private volatile long writePosition;
    private final boolean maskPasswords;
    /** Diagnostic, null unless {@link AppendTimings#ENABLED}. */
    private final AppendTimings appendTimings = AppendTimings.ENABLED ? new AppendTimings() : null;

    /** Queue index of the last record this appender wrote, -1 before the first (writer thread). */
    private long lastIndex = -1;

    /** @param cycleClock null when the context sets the roll-cycle clock. */
    JournalAppender(
        final SingleChronicleQueue queue,
        final WriterCycleClock cycleClock,
        final JournalWriteGuard writeGuard,
        final Path directory,
        final boolean maskPasswords)
    {
        this.maskPasswords = maskPasswords;
        this.queue = queue;
        this.cycleClock = cycleClock;
        this.writeGuard = writeGuard;
        this.directory = directory;
        stage(INITIAL_STAGING_BYTES);
    }

    /**
     * Writes one record.
     *
     * @return the Chronicle index of the record.
     * @throws io.fixtape.engine.store.MessageStoreException if the record could not be written (nothing was written).
     */
    long append(
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
        final int recordLength = JournalRecordDescriptor.HEADER_LENGTH + length;
        if (recordLength > stagingView.capacity())
        {
            stage(Math.max(recordLength, 2 * stagingView.capacity())); // outside steady state: a longer record than ever
        }
        RecordCodec.stage(stagingView, checksum, direction, flags, sessionId, seqNum, timestampNanos, msgType, buffer, offset, length);
        if (maskPasswords && PasswordFields.mayCarryPasswords(msgType) &&
            PasswordFields.mask(stagingView, JournalRecordDescriptor.HEADER_LENGTH, length) > 0)
        {
            // in the staged copy only: the session's own buffer (and the bytes on the wire) are untouched; the
            // record's CRC32C covers the bytes journaled, so it is computed again over the masked copy
            stagingView.putInt(JournalRecordDescriptor.CRC_OFFSET,
                checksum.compute(stagingView.byteBuffer(), recordLength), java.nio.ByteOrder.LITTLE_ENDIAN);
        }
        final Bytes<ByteBuffer> staging = this.staging;
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
            // scanning from the last index entry on every call (this appender is the only writer).
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
            throw writeGuard.failure(t);
        }
        final Wire wire = appender.wire();
        WRITE_POSITION.setRelease(this, wire.bytes().writePosition());
        final long index = appender.lastIndexAppended();
        lastIndex = index;
        final int cycle = appender.cycle();
        if (cycle != writeCycle)
        {
            onNewCycle(appender, wire, cycle);
        }
        return index;
    }

    /** Once per roll: publishes the file being written and its mapping. */
    private void onNewCycle(final ExcerptAppender appender, final Wire wire, final int cycle)
    {
        writeCycle = cycle;
        wire.bytes().singleThreadedCheckDisabled(true); // the new cycle's mapped bytes: single writer by contract
        currentCycleFile = appender.currentFile(); // the file being written (tools, tests)
        // ... and the mapping to touch it through: this writer's own, so that the pages it touches are mapped in the
        // writer's page tables too (a pretoucher with a mapping of its own leaves the writer one fault per page)
        currentMappedFile = wire.bytes() instanceof MappedBytes ? ((MappedBytes)wire.bytes()).mappedFile() : null;
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

    private void stage(final int capacity)
    {
        final Bytes<ByteBuffer> old = staging;
        // a direct ByteBuffer Chronicle owns (and frees): the checksum reads it through CRC32C.update(ByteBuffer),
        // Chronicle's writeBytes by address
        staging = Bytes.elasticByteBuffer(capacity, capacity);
        staging.singleThreadedCheckDisabled(true); // single writer by contract
        stagingView.wrap(staging.underlyingObject());
        if (old != null)
        {
            old.releaseLast();
            growths++;
        }
    }

    /** msync of the queue's written range (nothing before the first append); throws what Chronicle throws. */
    void syncWritten()
    {
        if (appender != null)
        {
            appender.sync();
        }
    }

    /** Times the off-heap staging buffer had to grow (a record longer than any before it). */
    long stagingGrowths()
    {
        return growths;
    }

    /** Chronicle's wire of the cycle being written, null before the first append (writer thread). */
    Wire wire()
    {
        final ExcerptAppender appender = this.appender;
        return appender == null ? null : appender.wire();
    }

    /** Queue index of the last record written by this appender, -1 before the first (writer thread). */
    long lastIndex()
    {
        return lastIndex;
    }

    /** The roll cycle of the last append (writer thread). */
    int writeCycle()
    {
        return writeCycle;
    }

    /** File offset just past the last appended record in {@link #currentCycleFile()} (any thread). */
    long writePosition()
    {
        return writePosition;
    }

    /** The cycle file being written, or null before the first append (any thread). */
    File currentCycleFile()
    {
        return currentCycleFile;
    }

    /** Chronicle's mapping of {@link #currentCycleFile()} that the appends write through (any thread; null before). */
    MappedFile currentMappedFile()
    {
        return currentMappedFile;
    }

    /** Closes Chronicle's appender and frees the staging buffer; prints the append timings if they were on. */
    @Override
    public void close()
    {
        if (appendTimings != null)
        {
            System.err.println("journal " + directory + ": " + appendTimings.summary());
        }
        if (appender != null)
        {
            appender.close();
        }
        staging.releaseLast();
    }
}
