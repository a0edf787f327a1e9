package io.fixtape.bench.micro;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.UnsafeBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * Base of the {@code FixtapeEncode*} benchmarks (fixtape's encoder alone): one message, header to checksum, into a
 * direct buffer per operation, with BodyLength backfilled, SendingTime formatted from epoch nanos and MsgSeqNum
 * incremented per message. Each fork runs one subclass, so {@link #write} stays monomorphic.
 *
 * <p>JMH state: one instance per benchmark thread.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public abstract class EncodeBenchmark
{
    private final UnsafeBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(1024));
    private final FixtapeMessages messages = new FixtapeMessages();
    private int msgSeqNum;

    /** @return the message length (the bytes stay in the buffer, which outlives the call). */
    @Benchmark
    public int encode()
    {
        return write(messages, buffer, ++msgSeqNum, SampleMessages.EPOCH_MILLIS * 1_000_000L);
    }

    protected abstract int write(FixtapeMessages messages, UnsafeBuffer buffer, int msgSeqNum, long epochNanos);

    /** The last encoded message (tests; allocates). */
    public byte[] lastMessage()
    {
        final byte[] message = new byte[messages.encoder().messageLength()];
        buffer.getBytes(messages.encoder().messageOffset(), message);
        return message;
    }
}
