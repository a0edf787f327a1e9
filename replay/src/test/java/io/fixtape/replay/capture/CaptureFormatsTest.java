package io.fixtape.replay.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import io.fixtape.engine.session.SessionId;
import io.fixtape.replay.capture.CaptureWriter.FileFormat;
import io.fixtape.replay.capture.CaptureWriter.Link;
import io.fixtape.replay.recording.Recordings;
import io.fixtape.replay.recording.SessionRecording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every capture format docs/REPLAY.md claims, written by {@link CaptureWriter} and imported: the same session
 * (a split message delivered out of order with retransmits, two messages in one segment) comes out byte for byte,
 * in order, with the packets' timestamps, whatever the file layout, link layer and IP version; sequence numbers
 * that wrap past 2^32 mid-message; and two connections interleaved packet by packet in one capture.
 */
class CaptureFormatsTest
{
    private static final int NO_WRAP_CLIENT = 1000;
    private static final int NO_WRAP_SERVER = 0x7FFF_FF00;

    @TempDir
    Path dir;

    static Stream<Arguments> formats()
    {
        final ByteOrder le = ByteOrder.LITTLE_ENDIAN;
        final ByteOrder be = ByteOrder.BIG_ENDIAN;
        return Stream.of(
            Arguments.of(FileFormat.PCAP_MICROS, le, Link.ETHERNET, false),
            Arguments.of(FileFormat.PCAP_MICROS, be, Link.ETHERNET, false),
            Arguments.of(FileFormat.PCAP_NANOS, le, Link.ETHERNET, false),
            Arguments.of(FileFormat.PCAP_NANOS, be, Link.ETHERNET, false),
            Arguments.of(FileFormat.PCAPNG_ENHANCED, le, Link.ETHERNET, false),
            Arguments.of(FileFormat.PCAPNG_ENHANCED, be, Link.ETHERNET, false),
            Arguments.of(FileFormat.PCAPNG_SIMPLE, le, Link.ETHERNET, false),
            Arguments.of(FileFormat.PCAPNG_OBSOLETE, be, Link.ETHERNET, false),
            Arguments.of(FileFormat.PCAP_NANOS, le, Link.ETHERNET, true),
            Arguments.of(FileFormat.PCAP_NANOS, le, Link.ETHERNET_VLAN, false),
            Arguments.of(FileFormat.PCAP_NANOS, le, Link.ETHERNET_QINQ, true),
            Arguments.of(FileFormat.PCAP_NANOS, le, Link.LINUX_SLL, false),
            Arguments.of(FileFormat.PCAP_NANOS, le, Link.LINUX_SLL, true),
            Arguments.of(FileFormat.PCAPNG_ENHANCED, le, Link.LINUX_SLL2, false),
            Arguments.of(FileFormat.PCAPNG_ENHANCED, le, Link.LINUX_SLL2, true),
            Arguments.of(FileFormat.PCAP_MICROS, le, Link.BSD_NULL, false),
            Arguments.of(FileFormat.PCAP_MICROS, le, Link.BSD_NULL, true),
            Arguments.of(FileFormat.PCAP_MICROS, be, Link.BSD_LOOP, false),
            Arguments.of(FileFormat.PCAP_MICROS, be, Link.BSD_LOOP, true),
            Arguments.of(FileFormat.PCAP_NANOS, le, Link.RAW_IP, false),
            Arguments.of(FileFormat.PCAP_NANOS, le, Link.RAW_IP, true));
    }

    @ParameterizedTest(name = "{0} {1} {2} ipv6={3}")
    @MethodSource("formats")
    void everyClaimedFormatImportsTheSessionByteForByte(final FileFormat format, final ByteOrder order, final Link link,
        final boolean ipv6) throws IOException
    {
        final CaptureWriter capture = new CaptureWriter(format, order, link, ipv6, NO_WRAP_CLIENT, NO_WRAP_SERVER);
        final Expected expected = session(capture, "CLIENT");
        final Path file = capture.write(dir.resolve("capture-" + format + "-" + link + (ipv6 ? "-v6" : "-v4")));

        final Recordings recordings = new Recordings();
        final TcpReassembler.Stats stats = new CaptureImporter(recordings).importFile(file);
        assertEquals(1, stats.connections, stats.toString());
        assertEquals(0, stats.gapBytes + stats.garbledBytes, stats.toString());
        final SessionRecording session = recordings.session(new SessionId("FIX.4.4", "ENGINE", "CLIENT"));
        assertNotNull(session, "session found: " + recordings.sessions());
        expected.assertMatches(session);

        // the Logon is the third packet (after SYN and SYN-ACK): its timestamp, at the file's resolution
        final long logonTime;
        switch (format)
        {
            case PCAP_MICROS:
                logonTime = CaptureWriter.packetTime(2) / 1_000 * 1_000;
                break;
            case PCAPNG_SIMPLE:
                logonTime = 0; // a simple packet block carries no timestamp
                break;
            default:
                logonTime = CaptureWriter.packetTime(2);
                break;
        }
        assertEquals(logonTime, session.timestampNanos(0));
    }

    @ParameterizedTest(name = "client ISN {0}, server ISN {1}")
    @MethodSource("wrappingSequenceNumbers")
    void sequenceNumbersThatWrapPast32BitsMidMessage(final int clientIsn, final int serverIsn) throws IOException
    {
        final CaptureWriter capture = new CaptureWriter(FileFormat.PCAP_NANOS, ByteOrder.LITTLE_ENDIAN, Link.ETHERNET,
            false, clientIsn, serverIsn);
        final Expected expected = session(capture, "CLIENT");
        final Recordings recordings = new Recordings();
        final TcpReassembler.Stats stats = new CaptureImporter(recordings).importFile(capture.write(dir.resolve("wrap.pcap")));
        assertEquals(0, stats.gapBytes + stats.garbledBytes, stats.toString());
        expected.assertMatches(recordings.session(new SessionId("FIX.4.4", "ENGINE", "CLIENT")));
    }

    static Stream<Arguments> wrappingSequenceNumbers()
    {
        // the first data byte is ISN + 1: the Logon (~80 bytes) crosses 2^32, or the split message's pieces do
        return Stream.of(Arguments.of(-40, -40), Arguments.of(-200, -170), Arguments.of(-1, -2));
    }

    @Test
    void twoConnectionsInterleavedPacketByPacket() throws IOException
    {
        final CaptureWriter capture = new CaptureWriter(FileFormat.PCAPNG_ENHANCED, ByteOrder.LITTLE_ENDIAN, Link.ETHERNET,
            false, NO_WRAP_CLIENT, NO_WRAP_SERVER);
        final CaptureWriter.Connection a = capture.connection(CaptureWriter.CLIENT_PORT, 5_000, 9_000);
        final CaptureWriter.Connection b = capture.connection(CaptureWriter.CLIENT_PORT + 1, 5_000, -30);
        final Expected expectedA = new Expected();
        final Expected expectedB = new Expected();
        a.handshake();
        b.handshake();
        expectedA.in(a, msg("A", 1, "CLIENT1", true, "98=0\u0001108=30\u0001"));
        expectedB.in(b, msg("A", 1, "CLIENT2", true, "98=0\u0001108=30\u0001"));
        expectedB.out(b, msg("A", 1, "CLIENT2", false, "98=0\u0001108=30\u0001"));
        expectedA.out(a, msg("A", 1, "CLIENT1", false, "98=0\u0001108=30\u0001"));
        // a message of each connection split across segments, the pieces interleaved with the other connection's
        final byte[] splitA = msg("D", 2, "CLIENT1", true, "11=a-split\u0001");
        final byte[] splitB = msg("D", 2, "CLIENT2", true, "11=b-split\u0001");
        final int baseA = a.clientSeq();
        final int baseB = b.clientSeq();
        a.segment(true, baseA, 0x18, Arrays.copyOfRange(splitA, 0, 17));
        b.segment(true, baseB + 23, 0x18, Arrays.copyOfRange(splitB, 23, splitB.length)); // B's tail first
        b.segment(true, baseB, 0x18, Arrays.copyOfRange(splitB, 0, 23));
        a.segment(true, baseA + 17, 0x18, Arrays.copyOfRange(splitA, 17, splitA.length));
        a.advanceClient(splitA.length);
        b.advanceClient(splitB.length);
        expectedA.inbound.add(splitA);
        expectedB.inbound.add(splitB);
        a.send(true, new byte[0]); // an empty segment: nothing to deliver
        expectedB.out(b, msg("8", 2, "CLIENT2", false, "11=b-split\u000137=2\u0001"));
        expectedA.out(a, msg("8", 2, "CLIENT1", false, "11=a-split\u000137=1\u0001"));
        expectedA.in(a, msg("5", 3, "CLIENT1", true, ""));
        expectedB.in(b, msg("5", 3, "CLIENT2", true, ""));
        expectedA.out(a, msg("5", 3, "CLIENT1", false, ""));
        expectedB.out(b, msg("5", 3, "CLIENT2", false, ""));

        final Recordings recordings = new Recordings();
        final TcpReassembler.Stats stats = new CaptureImporter(recordings).importFile(capture.write(dir.resolve("two.pcapng")));
        assertEquals(2, stats.connections, stats.toString());
        assertEquals(0, stats.gapBytes + stats.garbledBytes, stats.toString());
        assertEquals(2, recordings.sessions().size(), recordings.sessions().toString());
        expectedA.assertMatches(recordings.session(new SessionId("FIX.4.4", "ENGINE", "CLIENT1")));
        expectedB.assertMatches(recordings.session(new SessionId("FIX.4.4", "ENGINE", "CLIENT2")));
    }

    /**
     * Client Logon; Logon ack; two orders in one segment; an ExecutionReport; an order split over three segments
     * sent tail first, with a pure retransmit and a partial-overlap retransmit; an ExecutionReport; Logout both ways.
     */
    private static Expected session(final CaptureWriter capture, final String client)
    {
        final Expected expected = new Expected();
        capture.handshake();
        final byte[] logon = msg("A", 1, client, true, "98=0\u0001108=30\u0001");
        capture.send(true, logon);
        expected.inbound.add(logon);
        expected.out(capture, msg("A", 1, client, false, "98=0\u0001108=30\u0001"));
        final byte[] o1 = msg("D", 2, client, true, "11=o1\u0001");
        final byte[] o2 = msg("D", 3, client, true, "11=o2\u0001");
        capture.send(true, CaptureImporterTest.concat(o1, o2));
        expected.inbound.add(o1);
        expected.inbound.add(o2);
        expected.out(capture, msg("8", 2, client, false, "11=o1\u000137=1\u0001"));

        final byte[] split = msg("D", 4, client, true, "11=o3-split-over-three-segments\u0001");
        final int base = capture.clientSeq();
        capture.segment(true, base + 40, 0x18, Arrays.copyOfRange(split, 40, split.length)); // tail first
        capture.segment(true, base, 0x18, Arrays.copyOfRange(split, 0, 10));
        capture.segment(true, base, 0x18, Arrays.copyOfRange(split, 0, 10)); // pure retransmit
        capture.segment(true, base + 5, 0x18, Arrays.copyOfRange(split, 5, 40)); // partial overlap
        expected.inbound.add(split);
        expected.out(capture, msg("8", 3, client, false, "11=o2\u000137=2\u0001"));
        final byte[] logout = msg("5", 5, client, true, "");
        capture.segment(true, base + split.length, 0x18, logout);
        expected.inbound.add(logout);
        expected.out(capture, msg("5", 4, client, false, ""));
        return expected;
    }

    static byte[] msg(final String type, final int seq, final String client, final boolean fromClient, final String extra)
    {
        return CaptureImporterTest.fix("35=" + type + "\u000149=" + (fromClient ? client : "ENGINE") + "\u000156=" +
            (fromClient ? "ENGINE" : client) + "\u000134=" + seq + "\u000152=20261202-14:55:47.123\u0001" + extra);
    }

    /** What one session must import as, in order per direction. */
    static final class Expected
    {
        final List<byte[]> inbound = new ArrayList<>();
        final List<byte[]> outbound = new ArrayList<>();

        void in(final CaptureWriter.Connection connection, final byte[] message)
        {
            connection.send(true, message);
            inbound.add(message);
        }

        void out(final CaptureWriter.Connection connection, final byte[] message)
        {
            connection.send(false, message);
            outbound.add(message);
        }

        void out(final CaptureWriter capture, final byte[] message)
        {
            capture.send(false, message);
            outbound.add(message);
        }

        void assertMatches(final SessionRecording session)
        {
            assertNotNull(session);
            final List<String> in = new ArrayList<>();
            final List<String> out = new ArrayList<>();
            for (int i = 0; i < session.count(); i++)
            {
                (session.isInbound(i) ? in : out).add(
                    session.buffer().getStringWithoutLengthAscii(session.offset(i), session.length(i)));
                if (i > 0)
                {
                    assertTrue(session.timestampNanos(i) >= session.timestampNanos(i - 1), "time order");
                }
            }
            assertEquals(text(inbound), in);
            assertEquals(text(outbound), out);
        }

        private static List<String> text(final List<byte[]> messages)
        {
            final List<String> text = new ArrayList<>();
            for (final byte[] message : messages)
            {
                text.add(new String(message, StandardCharsets.US_ASCII));
            }
            return text;
        }
    }
}
