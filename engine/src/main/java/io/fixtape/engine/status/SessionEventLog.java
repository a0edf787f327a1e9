package io.fixtape.engine.status;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.AtomicBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.ManyToOneRingBuffer;
import org.agrona.concurrent.MessageHandler;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Session events (connected, Logon, Logout, disconnect, ResendRequest, SequenceReset, Reject, store failure, slow
 * consumer) as small binary records in an Agrona {@link ManyToOneRingBuffer}: the poller threads write them without
 * allocating or formatting, and {@link SessionEventLogger} (its own agent, {@value SessionEventLogger#ROLE_NAME})
 * reads, formats and logs them. When the ring is full the event is dropped and counted ({@link #dropped()}); the
 * message path never waits for logging.
 *
 * <p>Layout of one record (the ring buffer's message type is the {@link SessionEventType} code):
 * <pre>
 *   0                   4                   8
 *   +-------------------+-------------------+
 *   | session index     | text length       |
 *   +-------------------+-------------------+
 *   | a (long: first number of the event)   |
 *   +---------------------------------------+
 *   | b (long: second number of the event)  |
 *   +---------------------------------------+
 *   | text (ASCII, at most MAX_TEXT bytes)  ...
 * </pre>
 *
 * <p>Threading: {@link #register} at configuration time; {@code record} from any poller thread; one reader.
 */
public final class SessionEventLog
{
    /** Default ring capacity (bytes, a power of two). */
    public static final int DEFAULT_CAPACITY = 64 * 1024;
    /** Longer texts (a Logout's Text, a store failure's message) are cut to this many bytes. */
    public static final int MAX_TEXT = 160;

    public static final int SESSION_OFFSET = 0;
    public static final int TEXT_LENGTH_OFFSET = 4;
    public static final int A_OFFSET = 8;
    public static final int B_OFFSET = 16;
    public static final int TEXT_OFFSET = 24;

    private final ManyToOneRingBuffer ring;
    private final List<String> sessionNames = new ArrayList<>();
    private final AtomicLong dropped = new AtomicLong();

    public SessionEventLog()
    {
        this(DEFAULT_CAPACITY);
    }

    /** @param capacity ring bytes, a power of two. */
    public SessionEventLog(final int capacity)
    {
        final AtomicBuffer buffer = new UnsafeBuffer(
            ByteBuffer.allocateDirect(capacity + RingBufferDescriptor.TRAILER_LENGTH));
        ring = new ManyToOneRingBuffer(buffer);
    }

    /**
     * A session that reports events here; configuration time (any thread, before its events are recorded).
     *
     * @return the index its events carry.
     */
    public synchronized int register(final String sessionName)
    {
        sessionNames.add(sessionName);
        return sessionNames.size() - 1;
    }

    synchronized String sessionName(final int index)
    {
        return index >= 0 && index < sessionNames.size() ? sessionNames.get(index) : "session#" + index;
    }

    /** An event with two numbers and no text. @return false when the ring was full (the event is dropped). */
    public boolean record(final SessionEventType type, final int session, final long a, final long b)
    {
        final int index = claim(type, session, a, b, 0);
        if (index < 0)
        {
            return false;
        }
        ring.commit(index);
        return true;
    }

    /** An event with two numbers and a text (may be null). Allocation-free. */
    public boolean record(
        final SessionEventType type, final int session, final long a, final long b, final CharSequence text)
    {
        final int length = text == null ? 0 : Math.min(text.length(), MAX_TEXT);
        final int index = claim(type, session, a, b, length);
        if (index < 0)
        {
            return false;
        }
        final AtomicBuffer buffer = ring.buffer();
        for (int i = 0; i < length; i++)
        {
            final char c = text.charAt(i);
            buffer.putByte(index + TEXT_OFFSET + i, (byte)(c < 128 ? c : '?'));
        }
        ring.commit(index);
        return true;
    }

    /** An event whose text is bytes of a message (e.g. a Logout's Text). Allocation-free. */
    public boolean record(
        final SessionEventType type, final int session, final long a, final long b,
        final DirectBuffer text, final int textOffset, final int textLength)
    {
        final int length = Math.max(0, Math.min(textLength, MAX_TEXT));
        final int index = claim(type, session, a, b, length);
        if (index < 0)
        {
            return false;
        }
        ring.buffer().putBytes(index + TEXT_OFFSET, text, textOffset, length);
        ring.commit(index);
        return true;
    }

    private int claim(final SessionEventType type, final int session, final long a, final long b, final int textLength)
    {
        final int index = ring.tryClaim(type.code(), TEXT_OFFSET + textLength);
        if (index <= 0)
        {
            dropped.incrementAndGet();
            return -1;
        }
        final AtomicBuffer buffer = ring.buffer();
        buffer.putInt(index + SESSION_OFFSET, session);
        buffer.putInt(index + TEXT_LENGTH_OFFSET, textLength);
        buffer.putLong(index + A_OFFSET, a);
        buffer.putLong(index + B_OFFSET, b);
        return index;
    }

    /** Events dropped because the ring was full (the logger fell behind). */
    public long dropped()
    {
        return dropped.get();
    }

    /**
     * Read up to {@code limit} records (the single reader: {@link SessionEventLogger}, or a test). The handler's
     * message type is the {@link SessionEventType} code; offsets within a record are {@link #SESSION_OFFSET} etc.
     *
     * @return records read.
     */
    public int read(final MessageHandler handler, final int limit)
    {
        return ring.read(handler, limit);
    }
}
