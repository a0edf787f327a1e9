package io.fixtape.replay.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.fixtape.engine.session.SessionId;
import io.fixtape.replay.recording.Recordings;
import io.fixtape.replay.recording.SessionRecording;
import io.pkts.Pcap;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CaptureImporterTest
{
    @TempDir
    Path dir;

    static byte[] fix(final String body)
    {
        final String withLength = "8=FIX.4.4\u00019=" + body.length() + "\u0001" + body;
        int sum = 0;
        for (final byte b : withLength.getBytes(StandardCharsets.US_ASCII))
        {
            sum += b & 0xFF;
        }
        return (withLength + "10=" + String.format("%03d", sum % 256) + "\u0001").getBytes(StandardCharsets.US_ASCII);
    }

    static byte[] fromClient(final int seq, final String type, final String extra)
    {
        return fix("35=" + type + "\u000149=CLIENT\u000156=ENGINE\u000134=" + seq + "\u000152=20261202-14:55:47.123\u0001" + extra);
    }

    static byte[] fromServer(final int seq, final String type, final String extra)
    {
        return fix("35=" + type + "\u000149=ENGINE\u000156=CLIENT\u000134=" + seq + "\u000152=20261202-14:55:47.124\u0001" + extra);
    }

    static byte[] concat(final byte[]... parts)
    {
        int length = 0;
        for (final byte[] part : parts)
        {
            length += part.length;
        }
        final byte[] all = new byte[length];
        int position = 0;
        for (final byte[] part : parts)
        {
            System.arraycopy(part, 0, all, position, part.length);
            position += part.length;
        }
        return all;
    }

    /**
     * Client: Logon; then two orders in one segment; an order split over three segments, delivered out of order
     * with a retransmit and a partial-overlap retransmit. Server: Logon ack, then execution reports.
     */
    private Path buildCapture(final boolean pcapng) throws IOException
    {
        final CaptureWriter capture = new CaptureWriter(pcapng);
        capture.handshake();
        capture.send(true, fromClient(1, "A", "98=0\u0001108=30\u0001"));
        capture.send(false, fromServer(1, "A", "98=0\u0001108=30\u0001"));
        capture.send(true, concat(fromClient(2, "D", "11=o1\u0001"), fromClient(3, "D", "11=o2\u0001")));
        capture.send(false, fromServer(2, "8", "11=o1\u000137=1\u0001"));

        final byte[] split = fromClient(4, "D", "11=o3-split-over-three-segments\u0001");
        final byte[] a = Arrays.copyOfRange(split, 0, 10);
        final byte[] b = Arrays.copyOfRange(split, 10, 40);
        final byte[] c = Arrays.copyOfRange(split, 40, split.length);
        final int base = capture.clientSeq();
        capture.segment(true, base + 40, 0x18, c); // out of order: tail first
        capture.segment(true, base, 0x18, a);
        capture.segment(true, base, 0x18, a); // pure retransmit
        capture.segment(true, base + 5, 0x18, Arrays.copyOfRange(split, 5, 40)); // partial overlap fills b
        capture.segment(true, base + 10, 0x18, b); // retransmit of b after the fact
        capture.send(false, fromServer(3, "8", "11=o2\u000137=2\u0001"));
        capture.segment(true, base + split.length, 0x18, fromClient(5, "5", ""));
        capture.send(false, fromServer(4, "5", ""));
        return capture.write(dir.resolve(pcapng ? "session.pcapng" : "session.pcap"));
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void reassemblesBothDirectionsAndAssignsTheEngineSide(final boolean pcapng) throws IOException
    {
        final Path file = buildCapture(pcapng);
        final Recordings recordings = new Recordings();
        final CaptureImporter importer = new CaptureImporter(recordings);
        final TcpReassembler.Stats stats = importer.importFile(file);

        assertEquals(1, recordings.sessions().size());
        final SessionRecording session = recordings.sessions().get(0);
        assertEquals(new SessionId("FIX.4.4", "ENGINE", "CLIENT"), session.sessionId());
        assertEquals(5, session.inboundCount(), stats.toString());
        assertEquals(4, session.outboundCount(), stats.toString());
        assertEquals(0, stats.garbledBytes);
        assertEquals(0, stats.gapBytes);
        assertTrue(stats.retransmittedBytes >= 10 + 5 + 30, stats.toString());
        assertEquals(1, stats.outOfOrderSegments);

        final List<String> inbound = new ArrayList<>();
        for (int i = 0; i < session.count(); i++)
        {
            if (session.isInbound(i))
            {
                inbound.add(session.buffer().getStringWithoutLengthAscii(session.offset(i), session.length(i)));
            }
        }
        assertEquals(new String(fromClient(4, "D", "11=o3-split-over-three-segments\u0001"), StandardCharsets.US_ASCII),
            inbound.get(3));
        assertTrue(inbound.get(4).contains("\u000135=5\u0001"));
        for (int i = 1; i < session.count(); i++)
        {
            assertTrue(session.timestampNanos(i) >= session.timestampNanos(i - 1), "time order");
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void engineSideCanBeNamedOrBeTheInitiator(final boolean byCompId) throws IOException
    {
        final Recordings recordings = new Recordings();
        final CaptureImporter importer = new CaptureImporter(recordings);
        if (byCompId)
        {
            importer.engineCompId("CLIENT");
        }
        else
        {
            importer.engineIsInitiator(true);
        }
        importer.importFile(buildCapture(false));
        final SessionRecording session = recordings.sessions().get(0);
        assertEquals(new SessionId("FIX.4.4", "CLIENT", "ENGINE"), session.sessionId());
        assertEquals(4, session.inboundCount());
        assertEquals(5, session.outboundCount());
    }

    @org.junit.jupiter.api.Test
    void classicPcapAgreesWithPktsCore() throws IOException
    {
        final Path file = buildCapture(false);
        final PcapReader reader = new PcapReader();
        final List<Long> ours = new ArrayList<>();
        reader.read(file, (timestamp, linkType, buffer, offset, length) -> ours.add(timestamp / 1_000 * 31 + length));
        final List<Long> theirs = new ArrayList<>();
        final Pcap pcap = Pcap.openStream(file.toFile());
        pcap.loop(packet ->
        {
            theirs.add(packet.getArrivalTime() * 31 + packet.getPayload().getReadableBytes());
            return true;
        });
        pcap.close();
        assertEquals(theirs, ours);
        assertEquals("pcap (µs)", reader.format());
        assertEquals(theirs.size(), reader.packets());
        assertEquals(0, reader.truncatedRecords());
    }

    @org.junit.jupiter.api.Test
    void truncatedLastRecordIsCountedNotThrown() throws IOException
    {
        final Path file = buildCapture(true);
        final byte[] bytes = java.nio.file.Files.readAllBytes(file);
        java.nio.file.Files.write(file, Arrays.copyOf(bytes, bytes.length - 7));
        final Recordings recordings = new Recordings();
        final CaptureImporter importer = new CaptureImporter(recordings);
        importer.importFile(file);
        assertEquals(8, recordings.sessions().get(0).count(), "all but the last (truncated) message");
        final PcapReader reader = new PcapReader();
        final long[] packets = new long[1];
        reader.read(file, (timestamp, linkType, buffer, offset, length) -> packets[0]++);
        assertEquals(1, reader.truncatedRecords(), "the cut record is counted");
        assertEquals(packets[0], reader.packets(), "the records before it are read");
    }
}
