package io.fixtape.replay.capture;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.fixtape.replay.drive.FixDiff;
import io.fixtape.replay.drive.FixtapeReplayEngines;
import io.fixtape.replay.drive.ReplayOptions;
import io.fixtape.replay.drive.ReplayPlan;
import io.fixtape.replay.drive.ReplayResult;
import io.fixtape.replay.drive.Replayer;
import io.fixtape.replay.fixtures.ScenarioRecorder;
import io.fixtape.replay.recording.JournalRecordings;
import io.fixtape.replay.recording.Recordings;
import io.fixtape.replay.recording.SessionRecording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A capture of several sessions over several TCP connections — a session whose acceptor restarted (two
 * connections) and three sessions trading side by side — imports them all: every session, every message byte for
 * byte in its direction, and the import replays with a clean diff.
 */
class CaptureManyConnectionsTest
{
    @TempDir
    Path dir;

    @Test
    void everyConnectionAndSessionOfACaptureIsImportedAndReplays() throws Exception
    {
        ScenarioRecorder.restartedAcceptor(dir.resolve("restarted"), 20);
        ScenarioRecorder.severalSessions(dir.resolve("several"), 3, 10);
        final List<Recordings> journals = List.of(JournalRecordings.load(dir.resolve("restarted")),
            JournalRecordings.load(dir.resolve("several")));

        // one pcapng (ns timestamps): each recorded connection a TCP connection of its own, the counterparty the client
        final CaptureWriter capture = new CaptureWriter(true);
        final Map<Integer, CaptureWriter.Connection> connections = new HashMap<>();
        final int[] connectionBase = {0};
        for (final Recordings journal : journals)
        {
            final ReplayPlan plan = ReplayPlan.of(journal, journal.sessions());
            plan.forEachMessage((session, index, inbound, connection) ->
            {
                final SessionRecording recording = plan.recordings().get(session);
                final int key = connectionBase[0] + connection;
                capture.at(recording.timestampNanos(index));
                final CaptureWriter.Connection tcp = connections.computeIfAbsent(key, k ->
                {
                    final CaptureWriter.Connection opened = capture.connection(40_000 + k, 1000 * k, 0x7000_0000 + k);
                    opened.handshake();
                    capture.at(recording.timestampNanos(index));
                    return opened;
                });
                final byte[] bytes = new byte[recording.length(index)];
                recording.buffer().getBytes(recording.offset(index), bytes);
                tcp.send(inbound, bytes);
            });
            connectionBase[0] += plan.connectionCount();
        }
        assertEquals(5, connections.size(), "two connections of the restarted session, one per other session");
        final Path file = dir.resolve("many.pcapng");
        capture.write(file);

        final Recordings imported = new Recordings();
        final TcpReassembler.Stats stats = new CaptureImporter(imported).importFile(file);
        assertTrue(stats.toString().startsWith("connections=5 "), stats.toString());
        final List<SessionRecording> recorded = new ArrayList<>();
        journals.forEach(journal -> recorded.addAll(journal.sessions()));
        assertEquals(4, imported.sessions().size(), "every session of the capture");
        for (final SessionRecording original : recorded)
        {
            final SessionRecording copy = imported.session(original.sessionId());
            assertNotNull(copy, original.sessionId() + " imported, seen from the acceptor");
            assertEquals(original.count(), copy.count(), original.sessionId().toString());
            for (int i = 0; i < original.count(); i++)
            {
                assertEquals(original.isInbound(i), copy.isInbound(i), original.sessionId() + " direction " + i);
                assertEquals(original.timestampNanos(i), copy.timestampNanos(i), original.sessionId() + " time " + i);
                final byte[] expected = new byte[original.length(i)];
                final byte[] actual = new byte[copy.length(i)];
                original.buffer().getBytes(original.offset(i), expected);
                copy.buffer().getBytes(copy.offset(i), actual);
                assertArrayEquals(expected, actual, original.sessionId() + " message " + i);
            }
        }

        final ReplayPlan plan = ReplayPlan.of(imported, imported.sessions());
        assertEquals(5, plan.connectionCount());
        final ReplayResult result = new Replayer(FixtapeReplayEngines.factory()).run(plan, new ReplayOptions());
        assertTrue(result.isComplete(), result.inboundDelivered + " of " + result.inboundTotal);
        for (final SessionRecording session : imported.sessions())
        {
            final FixDiff.Report report = new FixDiff(Set.of()).compare(session,
                result.session(session.sessionId()).replayedOutbound);
            assertTrue(report.isClean(), session.sessionId() + ": " + report.describe(10));
        }
    }
}
