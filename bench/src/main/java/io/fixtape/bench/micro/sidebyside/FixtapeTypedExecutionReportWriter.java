package io.fixtape.bench.micro.sidebyside;

import java.nio.ByteBuffer;

import org.agrona.concurrent.UnsafeBuffer;
import org.openjdk.jmh.infra.Blackhole;

import io.fixtape.bench.micro.FixtapeMessages;
import io.fixtape.codecs.fix44.ExecutionReportEncoder;

/**
 * fixtape's generated FIX 4.4 {@link ExecutionReportEncoder} writing the fill over the engine's
 * {@link io.fixtape.engine.codec.FixEncoder} into a direct buffer: the same header as the {@code fixtape} row,
 * the body by typed setters (enums, exact decimals, text from buffers), required-field checks compiled in and
 * evaluated by {@code complete()}.
 */
public final class FixtapeTypedExecutionReportWriter implements ExecutionReportWriter
{
    private final UnsafeBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(1024));
    private final FixtapeMessages messages = new FixtapeMessages();
    private final ExecutionReportEncoder fill = new ExecutionReportEncoder();

    @Override
    public int encode(final int msgSeqNum, final long epochMillis, final Blackhole blackhole)
    {
        final int length = messages.executionReportFillTyped(buffer, msgSeqNum, epochMillis * 1_000_000L, fill);
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
