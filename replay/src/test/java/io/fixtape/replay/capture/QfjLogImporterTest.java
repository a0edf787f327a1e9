package io.fixtape.replay.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

import io.fixtape.engine.session.SessionId;
import io.fixtape.replay.recording.Recordings;
import io.fixtape.replay.recording.SessionRecording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class QfjLogImporterTest
{
    @TempDir
    Path dir;

    @Test
    void readsTimestampedAndPlainLinesAndTellsDirectionFromTheFileName() throws IOException
    {
        final String logon = new String(CaptureImporterTest.fromClient(1, "A", "98=0\u0001108=30\u0001"), StandardCharsets.US_ASCII);
        final String ack = new String(CaptureImporterTest.fromServer(1, "A", "98=0\u0001108=30\u0001"), StandardCharsets.US_ASCII);
        final String order = new String(CaptureImporterTest.fromClient(2, "D", "11=o1\u0001"), StandardCharsets.US_ASCII);
        final String text = "20261202-14:55:47.500: " + logon + "\n" +
            "20261202-14:55:47.501123: " + ack + "\r\n" +
            "not a FIX line\n" +
            order.replace('\u0001', '|') + "\n"; // no prefix: SendingTime, and '|' separators
        final Path file = Files.writeString(dir.resolve("FIX.4.4-ENGINE-CLIENT.messages.log"), text, StandardCharsets.ISO_8859_1);

        final Recordings recordings = new Recordings();
        final QfjLogImporter importer = new QfjLogImporter(recordings);
        importer.importFile(file);

        assertEquals(3, importer.messages());
        assertEquals(1, importer.skippedLines());
        final SessionRecording session = recordings.session(new SessionId("FIX.4.4", "ENGINE", "CLIENT"));
        assertEquals(3, session.count());
        assertTrue(session.isInbound(0));
        assertTrue(!session.isInbound(1));
        assertTrue(session.isInbound(2));
        assertEquals(Instant.parse("2026-12-02T14:55:47.500Z").toEpochMilli() * 1_000_000L, session.timestampNanos(0));
        assertEquals(Instant.parse("2026-12-02T14:55:47.501123Z").toEpochMilli() * 1_000_000L + 123_000L,
            session.timestampNanos(1));
        assertEquals(Instant.parse("2026-12-02T14:55:47.123Z").toEpochMilli() * 1_000_000L, session.timestampNanos(2));
        assertEquals(order, session.buffer().getStringWithoutLengthAscii(session.offset(2), session.length(2)));
    }

    @Test
    void withoutATellingFileNameTheAcceptorIsTheEngineAndALogWithoutLogonNeedsACompId() throws IOException
    {
        assertEquals("BANZAI", QfjLogImporter.compIdFromFileName("FIX.4.2-BANZAI-EXEC.messages.log"));
        assertEquals("S", QfjLogImporter.compIdFromFileName("FIXT.1.1-S-T-q1.messages.log"));
        assertNull(QfjLogImporter.compIdFromFileName("messages.log"));

        final String logon = new String(CaptureImporterTest.fromClient(1, "A", "98=0\u0001108=30\u0001"), StandardCharsets.US_ASCII);
        final String ack = new String(CaptureImporterTest.fromServer(1, "A", "98=0\u0001108=30\u0001"), StandardCharsets.US_ASCII);
        final String order = new String(CaptureImporterTest.fromClient(2, "D", "11=o1\u0001"), StandardCharsets.US_ASCII);
        final Path file = Files.writeString(dir.resolve("messages.log"), logon + "\n" + ack + "\n" + order + "\n",
            StandardCharsets.ISO_8859_1);
        final Recordings recordings = new Recordings();
        final QfjLogImporter importer = new QfjLogImporter(recordings);
        importer.importFile(file);
        assertEquals(3, importer.messages());
        assertEquals(0, importer.skippedLines(), "the first pass, which finds the Logon, counts nothing");
        final SessionRecording session = recordings.sessions().get(0);
        assertEquals(new SessionId("FIX.4.4", "ENGINE", "CLIENT"), session.sessionId(), "the receiver of the Logon");
        assertTrue(session.isInbound(0) && !session.isInbound(1) && session.isInbound(2));
        assertEquals(1, importer.sides().size());
        assertEquals("FIX.4.4 CLIENT-ENGINE: engine ENGINE, the acceptor (it received the first Logon)",
            importer.sides().get(0));

        // the other side, by name
        final Recordings client = new Recordings();
        new QfjLogImporter(client).engineCompId("CLIENT").importFile(file);
        assertEquals(new SessionId("FIX.4.4", "CLIENT", "ENGINE"), client.sessions().get(0).sessionId());

        final Path noLogon = Files.writeString(dir.resolve("orders.log"), order + "\n", StandardCharsets.ISO_8859_1);
        final IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
            () -> new QfjLogImporter(new Recordings()).importFile(noLogon));
        assertTrue(refused.getMessage().startsWith("cannot tell which side orders.log belongs to: it holds no Logon"),
            refused.getMessage());
        assertTrue(refused.getMessage().endsWith("give the engine's SenderCompID (--comp-id)"), refused.getMessage());
        assertEquals(0, new Recordings().sessions().size());
    }
}
