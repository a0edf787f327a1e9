package io.fixtape.journal;

import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.store.MessageStore;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

class ChronicleMessageStoreTest
{
    private static final SessionId S1 = new SessionId("FIX.4.4", "US", "THEM");
    private static final SessionId S2 = new SessionId("FIX.4.2", "US", "OTHER", "q1");

    @TempDir
    Path dir;

    private ChronicleMessageStoreFactory open(final JournalMode mode)
    {
        return new ChronicleMessageStoreFactory(new JournalContext().directory(dir).mode(mode).lowSpaceBytes(0));
    }

    private static void out(final MessageStore store, final int seq, final String type, final int flags)
    {
        final UnsafeBuffer b = Fix.buffer(Fix.message("FIX.4.4", type, seq, "11=ORD" + seq + "|"));
        store.onOutbound(seq, Fix.type(type), flags, 1_000L * seq, b, 0, b.capacity());
    }

    private static void in(final MessageStore store, final int seq, final String type)
    {
        final UnsafeBuffer b = Fix.buffer(Fix.message("FIX.4.4", type, seq, "554=secret|"));
        store.onInbound(seq, Fix.type(type), 0, 2_000L * seq, b, 0, b.capacity());
    }

    private static List<String> replay(final MessageStore store, final int from, final int to)
    {
        final List<String> got = new ArrayList<>();
        store.replayOutbound(from, to, (seq, buffer, offset, length) ->
        {
            got.add(seq + ":" + buffer.getStringWithoutLengthAscii(offset, length));
            return true;
        });
        return got;
    }

    @Test
    void recordsRoundTripWithEveryHeaderFieldAndExactBytes()
    {
        final String outFix = Fix.message("FIX.4.4", "D", 1, "11=A|55=IBM|");
        final String inFix = Fix.message("FIX.4.4", "8", 1, "37=O1|");
        try (ChronicleMessageStoreFactory factory = open(JournalMode.AUDIT))
        {
            final ChronicleMessageStore store = factory.create(S1);
            final UnsafeBuffer o = Fix.buffer(outFix);
            store.onOutbound(1, Fix.type("D"), MessageStore.FLAG_POSS_DUP, 123_456_789L, o, 0, o.capacity());
            // A message at a non-zero offset of a larger, off-heap buffer.
            final UnsafeBuffer direct = new UnsafeBuffer(java.nio.ByteBuffer.allocateDirect(512));
            direct.putStringWithoutLengthAscii(17, inFix);
            store.onInbound(1, Fix.type("8"), 0, 987_654_321L, direct, 17, inFix.length());
        }
        try (JournalReader reader = new JournalReader(dir))
        {
            final JournalRecord r = new JournalRecord();
            assertTrue(reader.next(r));
            assertEquals(JournalRecordDescriptor.MAJOR_VERSION, r.majorVersion());
            assertEquals(JournalRecordDescriptor.MINOR_VERSION, r.minorVersion());
            assertEquals(1, r.sessionId());
            assertEquals(JournalRecordDescriptor.DIRECTION_OUT, r.direction());
            assertEquals(1, r.seqNum());
            assertEquals(MessageStore.FLAG_POSS_DUP, r.flags());
            assertEquals(123_456_789L, r.timestampNanos());
            assertEquals(Fix.type("D"), r.msgType());
            assertEquals(outFix, r.fixAsString());
            assertTrue(reader.next(r));
            assertEquals(JournalRecordDescriptor.DIRECTION_IN, r.direction());
            assertEquals(987_654_321L, r.timestampNanos());
            assertEquals(inFix, r.fixAsString());
            assertFalse(reader.next(r));
            assertEquals(S1, reader.registry().sessionOf(1));
        }
    }

    @Test
    void resendStreamsExactlyTheRequestedRangeSkippingAdminAndPossDup()
    {
        try (ChronicleMessageStoreFactory factory = open(JournalMode.AUDIT))
        {
            final ChronicleMessageStore a = factory.create(S1);
            final ChronicleMessageStore b = factory.create(S2);
            for (int seq = 1; seq <= 20; seq++)
            {
                out(a, seq, seq % 5 == 0 ? "0" : "D", 0); // 5, 10, 15, 20 are heartbeats
                out(b, seq, "D", 0); // interleaved second session
                in(a, seq, "8");
            }
            out(a, 7, "D", MessageStore.FLAG_POSS_DUP); // a resend of 7 must not replace the original
            assertEquals(21, a.nextSenderSeqNum());
            final List<String> got = replay(a, 3, 12);
            assertEquals(List.of(3, 4, 6, 7, 8, 9, 11, 12), got.stream().map(s -> Integer.parseInt(s.split(":")[0])).toList());
            assertEquals("7:" + Fix.message("FIX.4.4", "D", 7, "11=ORD7|"), got.get(3));
            assertEquals(19 - 3, replay(a, 1, 0).size(), "EndSeqNo 0 = infinity");
            assertEquals(List.of("19:" + Fix.message("FIX.4.4", "D", 19, "11=ORD19|")), replay(a, 19, 1000));
            assertEquals(20, replay(b, 1, 0).size());
            assertEquals(0, replay(a, 21, 30).size());
            final int[] calls = {0};
            assertEquals(2, a.replayOutbound(1, 20, (s, buf, off, len) -> ++calls[0] < 2), "handler can stop early");
        }
    }

    @Test
    void storeModeJournalsOnlyOutboundApplicationMessages()
    {
        try (ChronicleMessageStoreFactory factory = open(JournalMode.STORE))
        {
            final ChronicleMessageStore store = factory.create(S1);
            out(store, 1, "A", 0);
            out(store, 2, "D", 0);
            in(store, 1, "A");
            out(store, 3, "0", 0);
            out(store, 4, "D", 0);
            assertEquals(5, store.nextSenderSeqNum());
            assertEquals(List.of(2, 4), replay(store, 1, 0).stream().map(s -> Integer.parseInt(s.split(":")[0])).toList());
        }
        try (JournalReader reader = new JournalReader(dir))
        {
            final JournalRecord r = new JournalRecord();
            int count = 0;
            while (reader.next(r))
            {
                assertEquals(JournalRecordDescriptor.DIRECTION_OUT, r.direction());
                assertEquals(Fix.type("D"), r.msgType());
                count++;
            }
            assertEquals(2, count);
        }
    }

    @Test
    void sequenceNumbersAndResendSurviveReopen()
    {
        try (ChronicleMessageStoreFactory factory = open(JournalMode.AUDIT))
        {
            final ChronicleMessageStore store = factory.create(S1);
            for (int seq = 1; seq <= 50; seq++)
            {
                out(store, seq, "D", 0);
            }
            store.nextTargetSeqNum(31);
            factory.create(S2).nextSenderSeqNum(7);
        }
        try (ChronicleMessageStoreFactory factory = open(JournalMode.AUDIT))
        {
            assertEquals(0, factory.journal().recoveredRecords());
            final ChronicleMessageStore store = factory.create(S1);
            assertEquals(51, store.nextSenderSeqNum());
            assertEquals(31, store.nextTargetSeqNum());
            assertEquals(7, factory.create(S2).nextSenderSeqNum());
            assertEquals(10, replay(store, 41, 50).size());
            out(store, 51, "D", 0);
            assertEquals(11, replay(store, 41, 0).size());
        }
    }

    @Test
    void creationTimeSurvivesReopenAtSecondResolution()
    {
        final long created = 1_796_212_800_123_456_789L;
        try (ChronicleMessageStoreFactory factory = open(JournalMode.STORE))
        {
            final ChronicleMessageStore store = factory.create(S1);
            assertEquals(MessageStore.UNKNOWN_CREATION_TIME, store.creationTimeNanos(), "never stamped");
            store.creationTimeNanos(created);
            assertEquals(MessageStore.UNKNOWN_CREATION_TIME, factory.create(S2).creationTimeNanos(), "per session");
        }
        try (ChronicleMessageStoreFactory factory = open(JournalMode.STORE))
        {
            assertEquals(1_796_212_800_000_000_000L, factory.create(S1).creationTimeNanos());
        }
    }

    @Test
    void tailScanRepairsStateThatLagsTheJournal()
    {
        try (ChronicleMessageStoreFactory factory = open(JournalMode.AUDIT))
        {
            final ChronicleMessageStore store = factory.create(S1);
            for (int seq = 1; seq <= 10; seq++)
            {
                out(store, seq, "D", 0);
            }
            // Simulate a crash after the last three appends but before their state/index updates.
            final long coveredAfter7 = factory.journal().outIndex(1).get(7);
            factory.journal().state().coveredIndex(coveredAfter7);
            factory.journal().state().nextSender(1, 8);
            factory.journal().outIndex(1).put(9, 0);
            factory.journal().outIndex(1).put(10, 0);
        }
        try (ChronicleMessageStoreFactory factory = open(JournalMode.AUDIT))
        {
            assertEquals(3, factory.journal().recoveredRecords());
            final ChronicleMessageStore store = factory.create(S1);
            assertEquals(11, store.nextSenderSeqNum(), "a sequence number on disk is never reused");
            assertEquals(List.of(8, 9, 10), replay(store, 8, 0).stream().map(s -> Integer.parseInt(s.split(":")[0])).toList());
        }
    }

    @Test
    void resetForgetsResendAndRestartsAtOne()
    {
        try (ChronicleMessageStoreFactory factory = open(JournalMode.AUDIT))
        {
            final ChronicleMessageStore store = factory.create(S1);
            for (int seq = 1; seq <= 5; seq++)
            {
                out(store, seq, "D", 0);
            }
            store.nextTargetSeqNum(9);
            store.reset();
            assertEquals(1, store.nextSenderSeqNum());
            assertEquals(1, store.nextTargetSeqNum());
            assertTrue(replay(store, 1, 0).isEmpty());
            out(store, 1, "D", 0);
            store.nextSenderSeqNum(2);
            assertEquals(1, replay(store, 1, 0).size());
        }
        try (ChronicleMessageStoreFactory factory = open(JournalMode.AUDIT))
        {
            final ChronicleMessageStore store = factory.create(S1);
            assertEquals(2, store.nextSenderSeqNum());
            assertEquals(1, replay(store, 1, 0).size());
        }
    }

    @Test
    void recoveryTimeDependsOnSessionsNotMessages()
    {
        final long small = timeReopen(dir.resolve("small"), 1_000);
        final long large = timeReopen(dir.resolve("large"), 100_000);
        System.out.printf("reopen after 1k messages: %.1f ms, after 100k messages: %.1f ms%n", small / 1e6, large / 1e6);
        // Loose: 100x the messages must not cost anywhere near 100x (a scan would); allow JIT/page-cache noise.
        assertTrue(large < small * 5 + 200_000_000L, "reopen took " + large + " ns vs " + small + " ns");
    }

    private long timeReopen(final Path journalDir, final int messages)
    {
        final JournalContext ctx = new JournalContext().directory(journalDir).lowSpaceBytes(0);
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(ctx))
        {
            final ChronicleMessageStore store = factory.create(S1);
            final UnsafeBuffer b = Fix.buffer(Fix.message("FIX.4.4", "D", 1, "11=ORD|55=IBM|"));
            for (int seq = 1; seq <= messages; seq++)
            {
                store.onOutbound(seq, Fix.type("D"), 0, seq, b, 0, b.capacity());
            }
        }
        final long start = System.nanoTime();
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(
            new JournalContext().directory(journalDir).lowSpaceBytes(0)))
        {
            final ChronicleMessageStore store = factory.create(S1);
            assertEquals(messages + 1, store.nextSenderSeqNum());
            assertEquals(0, factory.journal().recoveredRecords());
            return System.nanoTime() - start;
        }
    }

    @Test
    void readerRefusesUnknownMajorVersionByName()
    {
        try (ChronicleMessageStoreFactory factory = open(JournalMode.AUDIT))
        {
            out(factory.create(S1), 1, "D", 0);
            try (net.openhft.chronicle.queue.ExcerptAppender appender = factory.journal().queue().createAppender())
            {
                try (net.openhft.chronicle.wire.DocumentContext dc = appender.writingDocument())
                {
                    dc.wire().bytes().writeByte((byte)3).writeByte((byte)1).write(new byte[40]);
                }
            }
        }
        try (JournalReader reader = new JournalReader(dir))
        {
            final JournalRecord r = new JournalRecord();
            assertTrue(reader.next(r));
            final UnsupportedJournalVersionException ex = assertThrows(UnsupportedJournalVersionException.class, () -> reader.next(r));
            assertTrue(ex.getMessage().contains("fixtape-journal 3.1"), ex.getMessage());
            assertTrue(ex.getMessage().contains("fixtape-journal 2.0"), ex.getMessage());
            assertTrue(ex.getMessage().contains("majors 1 to 2"), ex.getMessage());
        }
    }

    @Test
    void modeNoneUsesTheEnginesNoStoreFactory()
    {
        final io.fixtape.engine.store.MessageStoreFactory none = sessionId -> null;
        assertSame(none, ChronicleMessageStoreFactory.forMode(new JournalContext().mode(JournalMode.NONE), none));
    }

}
