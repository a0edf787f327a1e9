package io.fixtape.journal;

import io.fixtape.engine.session.SessionId;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.wire.DocumentContext;
import org.agrona.concurrent.UnsafeBuffer;

import java.nio.file.Paths;

/**
 * Child-JVM main for {@link JournalFaultTest}: journals {@code count} outbound orders, then begins one more record
 * through Chronicle's own document protocol, writes its header and half of its FIX bytes, and halts the JVM
 * ({@code Runtime.halt}: no shutdown hook, no close, like {@code kill -9}) before completing it — exactly what a
 * process that dies in the middle of an append leaves on disk.
 */
public final class CutOffAppender
{
    private CutOffAppender()
    {
    }

    public static void main(final String[] args)
    {
        final int count = Integer.parseInt(args[1]);
        final ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(
            new JournalContext().directory(Paths.get(args[0])).lowSpaceBytes(0).pretouch(false));
        final ChronicleMessageStore store = factory.create(new SessionId("FIX.4.4", "US", "THEM"));
        for (int seq = 1; seq <= count; seq++)
        {
            final UnsafeBuffer b = Fix.buffer(Fix.message("FIX.4.4", "D", seq, "11=ORD" + seq + "|55=IBM|"));
            store.onOutbound(seq, Fix.type("D"), 0, seq, b, 0, b.capacity());
        }
        final int seq = count + 1;
        final UnsafeBuffer b = Fix.buffer(Fix.message("FIX.4.4", "D", seq, "11=ORD" + seq + "|55=IBM|"));
        final ExcerptAppender appender = factory.journal().queue().createAppender();
        final DocumentContext dc = appender.writingDocument();
        final Bytes<?> bytes = dc.wire().bytes();
        RecordCodec.writeHeader(bytes, 0, b.capacity(), JournalRecordDescriptor.DIRECTION_OUT, 0, store.sessionId(), seq, seq, Fix.type("D"));
        RecordCodec.writeBody(bytes, b, 0, b.capacity() / 2);
        System.out.println("cut off after " + count + " records");
        System.out.flush();
        Runtime.getRuntime().halt(137); // mid-append: the document is never completed
    }
}
