package io.fixtape.replay.drive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.session.SessionId;
import io.fixtape.journal.Journal;
import io.fixtape.replay.recording.JournalRecordings;
import io.fixtape.replay.recording.Recordings;
import io.fixtape.replay.recording.SessionRecording;
import io.fixtape.replay.recording.SyntheticSession;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the replayer keeps track of besides the digest: one latency sample per answered inbound message (filled in
 * after the measured window), and a replayed engine's journal whose roll cycles follow the recorded clock.
 */
class ReplayBookkeepingTest
{
    private static final SessionId ENGINE = new SessionId("FIX.4.4", "FIXTAPE", "CLIENT");
    /** 2025-12-02T00:00:00Z. */
    private static final long MIDNIGHT = 1_764_633_600_000_000_000L;

    @TempDir
    Path dir;

    @Test
    void everyFilledOrderHasOneResponseAndOneServiceSample()
    {
        final int orders = 3_000;
        // a full recording (the counterparty's stream + the engine's replies): replies answer their inbound message
        final Path kept = dir.resolve("full");
        final Replayer replayer = new Replayer(FixtapeReplayEngines.factory());
        replayer.run(synthetic(orders, 100_000, MIDNIGHT), new ReplayOptions().transport(TransportKind.INPROC)
            .journalMode("audit").journalDirectory(kept).collectOutbound(false));
        final SessionRecording recording = JournalRecordings.load(kept).find("FIXTAPE:CLIENT");
        final ReplayResult result = replayer.run(recording,
            new ReplayOptions().transport(TransportKind.INPROC).journalMode("none").collectOutbound(false));

        assertEquals(orders + 2, result.outboundReplayed, "Logon, a fill per order, Logout");
        final long newOrderSingle = MsgTypes.NEW_ORDER_SINGLE;
        final Histogram response = result.latency.response(newOrderSingle);
        final Histogram service = result.latency.service(newOrderSingle);
        assertEquals(orders, response.getTotalCount());
        assertEquals(orders, service.getTotalCount());
        assertTrue(service.getMinValue() > 0, "a fill arrives after its order was sent");
        // pace max: every order is due at the start, so each response (from the schedule) >= its service (from the send)
        assertTrue(response.getMean() >= service.getMean(), response.getMean() + " vs " + service.getMean());
        assertTrue(response.getMaxValue() <= result.elapsedNanos * 1.001 + 1_000, "inside the measured window");
        assertEquals(List.of(MsgTypes.LOGON, newOrderSingle, MsgTypes.LOGOUT), result.latency.sampledTypes());
    }

    @Test
    void nothingFollowsTheLogonUntilTheEngineAnsweredIt() throws IOException
    {
        final int orders = 200;
        final SessionRecording stream = synthetic(orders, 100_000, MIDNIGHT);
        final Path kept = dir.resolve("full");
        final Replayer replayer = new Replayer(FixtapeReplayEngines.factory());
        final Path streamLog = dir.resolve("stream.csv");
        // the counterparty's stream alone records no answer to its Logon: nothing to wait for, one burst at pace max
        replayer.run(stream, new ReplayOptions().transport(TransportKind.INPROC).journalMode("audit")
            .journalDirectory(kept).collectOutbound(false).latencyLog(streamLog));
        final List<long[]> burst = latencyLog(streamLog);
        assertEquals(burst.get(0)[SENT], burst.get(1)[SENT], "the first order went out with the Logon");

        // a full recording: its Logon was answered, so the replay waits for the replayed engine's answer, as an
        // initiator does, and the paced schedule of what follows starts from that answer
        final SessionRecording full = JournalRecordings.load(kept).find("FIXTAPE:CLIENT");
        final Path fullLog = dir.resolve("full.csv");
        final long rate = 20_000;
        replayer.run(full, new ReplayOptions().transport(TransportKind.INPROC).journalMode("audit")
            .pacing(Pacing.rate(rate)).collectOutbound(false).latencyLog(fullLog));
        final List<long[]> paced = latencyLog(fullLog);
        final long logonAnswered = paced.get(0)[ANSWERED];
        assertTrue(paced.get(1)[SENT] >= logonAnswered, paced.get(1)[SENT] + " < " + logonAnswered);
        final long interval = 1_000_000_000L / rate;
        assertEquals(Math.max(interval, logonAnswered), paced.get(1)[SCHEDULED], "slid to the answer, never earlier");
        for (int i = 2; i < paced.size(); i++)
        {
            assertEquals(paced.get(1)[SCHEDULED] + (i - 1) * interval, paced.get(i)[SCHEDULED], "spacing kept: " + i);
        }
        assertEquals(orders + 2, paced.size(), "Logon, the orders, Logout");

        // which recordings make the replay wait: one whose engine answered the counterparty's opening Logon waits
        // for that answer before the first order; the counterparty's stream alone records no answer to wait for
        assertTrue(ReplayPlan.of(full).waitsForEngine(1));
        assertFalse(ReplayPlan.of(full).waitsForEngine(0), "the Logon itself goes first");
        assertFalse(ReplayPlan.of(stream).waitsForEngine(1));
        final SessionRecording engineFirst = engineSpeaksFirst(full);
        final ReplayPlan initiator = ReplayPlan.of(engineFirst);
        assertTrue(initiator.sessions().get(0).engineInitiates(), "its Logon went first: the engine initiated");
        assertTrue(initiator.waitsForEngine(0), "the counterparty answers the engine's Logon once it is there");
    }

    /**
     * The same messages as an initiator's recording: the engine's Logon before the counterparty's, and its next
     * message right after that answer (records 0 and 1, 2 and 3 swapped) — the engine spoke first.
     */
    private static SessionRecording engineSpeaksFirst(final SessionRecording recording)
    {
        assertTrue(recording.isInbound(0) && !recording.isInbound(1) && recording.isInbound(2) && !recording.isInbound(3));
        final SessionRecording swapped = new SessionRecording(recording.sessionId());
        for (final int i : new int[] {1, 0, 3, 2})
        {
            swapped.add(recording.isInbound(i), recording.timestampNanos(i < 2 ? 0 : 2), recording.buffer(),
                recording.offset(i), recording.length(i));
        }
        for (int i = 4; i < recording.count(); i++)
        {
            swapped.add(recording.isInbound(i), recording.timestampNanos(i), recording.buffer(), recording.offset(i),
                recording.length(i));
        }
        return swapped;
    }

    @Test
    void aReplayedJournalRollsByTheRecordedClock() throws IOException
    {
        // 1,000 orders at 1,000/s starting half a second before midnight: the recording spans two days
        final SessionRecording recording = synthetic(1_000, 1_000, MIDNIGHT - 500_000_000L);
        final Path kept = dir.resolve("kept");
        final Replayer replayer = new Replayer(FixtapeReplayEngines.factory());
        final ReplayResult first = replayer.run(recording, new ReplayOptions().transport(TransportKind.INPROC)
            .journalMode("audit").journalDirectory(kept).collectOutbound(false));
        assertEquals(1_002, first.outboundReplayed);

        // the cycle files are the recorded days, not the day this test runs
        assertEquals(List.of("20251201F.cq4", "20251202F.cq4"), cycleFiles(kept.resolve(Journal.QUEUE_DIR)));

        // and the kept journal is a full recording across the roll: inbound and the engine's replies, in order
        final SessionRecording full = JournalRecordings.load(kept).find("FIXTAPE:CLIENT");
        assertEquals(recording.count() + first.outboundReplayed, full.count());
        final ReplayResult again = replayer.run(full, new ReplayOptions().transport(TransportKind.INPROC)
            .journalMode("audit").collectOutbound(true));
        assertEquals(first.digest, again.digest);
        assertEquals(first.outboundReplayed, again.outboundReplayed);
    }

    private static final int SCHEDULED = 0;
    private static final int SENT = 1;
    private static final int ANSWERED = 2;

    /** The latency log's scheduled, sent and answered times per inbound message (answered -1 when unanswered). */
    private static List<long[]> latencyLog(final Path csv) throws IOException
    {
        final List<String> lines = Files.readAllLines(csv);
        assertEquals("inbound,msg_type,scheduled_ns,sent_ns,answered_ns,service_ns,response_ns", lines.get(0));
        return lines.stream().skip(1).map(line -> line.split(",", -1))
            .map(f -> new long[] {Long.parseLong(f[2]), Long.parseLong(f[3]), f[4].isEmpty() ? -1 : Long.parseLong(f[4])})
            .collect(Collectors.toList());
    }

    private static SessionRecording synthetic(final int orders, final long ratePerSecond, final long startNanos)
    {
        final Recordings recordings = new Recordings();
        SyntheticSession.generate(ENGINE, orders, ratePerSecond, startNanos, recordings);
        return recordings.session(ENGINE);
    }

    private static List<String> cycleFiles(final Path queueDir) throws IOException
    {
        try (Stream<Path> files = Files.list(queueDir))
        {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".cq4")).sorted()
                .collect(Collectors.toList());
        }
    }
}
