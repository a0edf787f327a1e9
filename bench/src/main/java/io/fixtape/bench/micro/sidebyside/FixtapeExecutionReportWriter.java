package io.fixtape.bench.micro.sidebyside;

import java.nio.ByteBuffer;

import org.agrona.concurrent.UnsafeBuffer;
import org.openjdk.jmh.infra.Blackhole;

import io.fixtape.bench.micro.FixtapeMessages;

/**
 * fixtape's {@link io.fixtape.engine.codec.FixEncoder} writing the fill into a direct buffer (what the TCP
 * transport writes from): SenderCompID/TargetCompID from a template, every other field from values, BodyLength
 * backfilled, CheckSum appended. Same code as the {@code FixtapeEncodeExecutionReport} benchmark.
 */
public final class FixtapeExecutionReportWriter implements ExecutionReportWriter
{
    private final UnsafeBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(1024));
    private final FixtapeMessages messages = new FixtapeMessages();

    @Override
    public int encode(final int msgSeqNum, final long epochMillis, final Blackhole blackhole)
    {
        final int length = messages.executionReportFill(buffer, msgSeqNum, epochMillis * 1_000_000L);
        blackhole.consume(length);
        return length;
    }

    @Override
    public byte[] lastMessage()
    {
        final byte[] message = new byte[messages.encoder().messageLength()];
        buffer.getBytes(messages.encoder().messageOffset(), message);
        return message;
    }
}
