package io.fixtape.bench.micro;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.UnsafeBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.FixFramer;

/**
 * A receive buffer holding five different messages back to back (Logon, Heartbeat, NewOrderSingle,
 * ExecutionReport, OrderCancelRequest); each operation frames the next one (BodyLength and CheckSum checked),
 * indexes it and reads its MsgType, wrapping round at the end. One op = one message.
 *
 * <p>JMH state: one instance per benchmark thread.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ParseBuffer
{
    private final UnsafeBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(4096));
    private final FixFramer framer = new FixFramer();
    private final FixDecoder decoder = new FixDecoder();
    private int end;
    private int position;

    @Setup
    public void setup()
    {
        final byte[][] messages = {
            SampleMessages.logon(1), SampleMessages.heartbeat(2), SampleMessages.newOrderSingle(3),
            SampleMessages.executionReportFill(4), SampleMessages.orderCancelRequest(5)};
        int offset = 0;
        for (final byte[] message : messages)
        {
            buffer.putBytes(offset, message);
            offset += message.length;
        }
        end = offset;
        position = 0;
    }

    @Benchmark
    public void parse(final Blackhole blackhole)
    {
        final int length = framer.frame(buffer, position, end - position);
        decoder.wrap(buffer, position, length);
        blackhole.consume(decoder.msgType());
        blackhole.consume(decoder.fieldCount());
        position += length;
        if (position == end)
        {
            position = 0;
        }
    }

    /** For tests: MsgType (packed) and field count of the message the last {@link #parse} framed. */
    long lastMsgType()
    {
        return decoder.msgType();
    }

    int lastFieldCount()
    {
        return decoder.fieldCount();
    }

    /** For tests: where the next {@link #parse} starts (0 after the fifth message: it wraps round). */
    int position()
    {
        return position;
    }
}
