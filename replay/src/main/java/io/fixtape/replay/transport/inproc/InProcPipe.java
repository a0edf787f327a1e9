package io.fixtape.replay.transport.inproc;

import java.nio.ByteBuffer;

import org.agrona.BitUtil;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RecordDescriptor;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;

/**
 * An in-process, socket-free byte pipe between two {@link InProcTransport} endpoints: one off-heap Agrona
 * {@link OneToOneRingBuffer} per direction. The {@link #initiator()} end reports its connection as initiated,
 * the {@link #acceptor()} end as accepted.
 *
 * <p>Threading: each endpoint is polled and written by one thread (its poller); the two endpoints may live on the
 * same thread or on two threads — the ring buffers are single-producer/single-consumer and the close flags are
 * volatile.
 */
public final class InProcPipe
{
    /** Default capacity of each direction's ring (bytes, power of two); the largest message is 1/8 of it. */
    public static final int DEFAULT_CAPACITY = 4 * 1024 * 1024;

    private final InProcTransport initiator;
    private final InProcTransport acceptor;

    public InProcPipe()
    {
        this(DEFAULT_CAPACITY);
    }

    /** @param capacity bytes per direction, a power of two. */
    public InProcPipe(final int capacity)
    {
        this(capacity, capacity);
    }

    /**
     * @param toAcceptorCapacity  bytes of the ring the initiator writes (a power of two).
     * @param toInitiatorCapacity bytes of the ring the acceptor writes (a power of two).
     */
    public InProcPipe(final int toAcceptorCapacity, final int toInitiatorCapacity)
    {
        final OneToOneRingBuffer toAcceptor = newRing(toAcceptorCapacity);
        final OneToOneRingBuffer toInitiator = newRing(toInitiatorCapacity);
        final InProcTransport.CloseFlags flags = new InProcTransport.CloseFlags();
        initiator = new InProcTransport(true, toAcceptor, toInitiator, flags, 1);
        acceptor = new InProcTransport(false, toInitiator, toAcceptor, flags, 2);
    }

    /**
     * The smallest ring capacity (a power of two, at least {@code minimum}) whose largest message
     * ({@code capacity / 8}, Agrona's limit) holds {@code largestMessage} bytes.
     */
    public static int capacityFor(final int largestMessage, final int minimum)
    {
        final long needed = Math.max((long)minimum, 8L * (largestMessage + RecordDescriptor.HEADER_LENGTH));
        if (needed > 1 << 30)
        {
            throw new IllegalArgumentException("no in-process ring for a " + largestMessage + "-byte message");
        }
        return BitUtil.findNextPositivePowerOfTwo((int)needed);
    }

    private static OneToOneRingBuffer newRing(final int capacity)
    {
        return new OneToOneRingBuffer(
            new UnsafeBuffer(ByteBuffer.allocateDirect(capacity + RingBufferDescriptor.TRAILER_LENGTH)));
    }

    public InProcTransport initiator()
    {
        return initiator;
    }

    public InProcTransport acceptor()
    {
        return acceptor;
    }
}
