package io.fixtape.replay.transport.inproc;

import java.nio.ByteBuffer;

import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
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
        final OneToOneRingBuffer toAcceptor = newRing(capacity);
        final OneToOneRingBuffer toInitiator = newRing(capacity);
        final InProcTransport.CloseFlags flags = new InProcTransport.CloseFlags();
        initiator = new InProcTransport(true, toAcceptor, toInitiator, flags, 1);
        acceptor = new InProcTransport(false, toInitiator, toAcceptor, flags, 2);
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
