package io.fixtape.cli.replay;

import static io.fixtape.cli.CliRun.fixtape;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.fixtape.cli.CliRun;
import io.fixtape.cli.FixtapeMain;
import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.store.StoreSwitch;
import io.fixtape.replay.recording.JournalRecordings;
import io.fixtape.replay.recording.RecordingSink;
import io.fixtape.replay.recording.Recordings;
import io.fixtape.replay.recording.SessionRecording;
import io.fixtape.replay.recording.SyntheticSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fixtape replay} run in-process (picocli) on the fixture journals the replay module recorded against a
 * QuickFIX/J counterparty: the {@code --diff} exit code a CI regression test relies on, the {@code --json} result,
 * session selection, and the pacing flags reaching the schedule. Real engine, real transports, real journals in
 * temporary directories.
 */
class ReplayCommandTest
{
    private static final Pattern FIELD_DIFFERENCE = Pattern.compile(
        "(?m)^  seq=\\d+ MsgType=\\w+ (tag=\\d+ recorded=(\"[^\"]*\"|<absent>) replayed=(\"[^\"]*\"|<absent>)|" +
            "extra message in replay: 8=FIX|message missing in replay: 8=FIX)");

    @TempDir
    Path dir;

    @Test
    void diffOfACleanReplayExitsZero() throws Exception
    {
        final Path journal = CliRun.fixture("fix44-exec", dir);
        final CliRun inproc = fixtape("replay", journal.toString(), "--transport", "inproc", "--diff");
        assertEquals(0, inproc.exit, inproc.toString());
        assertTrue(inproc.out.contains(" replayed outbound messages: identical"), inproc.toString());
        final CliRun tcp = fixtape("replay", journal.toString(), "--transport", "tcp", "--diff");
        assertEquals(0, tcp.exit, tcp.toString());
        assertEquals(CliRun.digest(inproc), CliRun.digest(tcp), "one digest for both transports");
    }

    @Test
    void diffOfADifferentApplicationExitsNonZeroWithTheFirstDifferenceReadable() throws Exception
    {
        final Path journal = CliRun.fixture("fix44-exec", dir);
        final CliRun run = fixtape("replay", journal.toString(), "--app", "echo", "--diff", "--show", "3");
        assertEquals(ReplayCommand.EXIT_DIFFERENT, run.exit, run.toString());
        assertTrue(run.out.contains(" differ, "), run.toString());
        final Matcher first = FIELD_DIFFERENCE.matcher(run.out);
        assertTrue(first.find(), "first difference as seq/MsgType/tag/recorded/replayed: " + run);
        // the recorded Logon is identical; exec's first ExecutionReport (seq 2) is where echo differs
        assertTrue(first.group().startsWith("  seq=2 MsgType=8 "), first.group());
        assertTrue(run.out.contains("... "), "more than --show 3 differences, the rest summarised: " + run);
    }

    @Test
    void jsonCarriesParamsProfileAndPerMsgTypeHistograms() throws Exception
    {
        final Path journal = CliRun.fixture("fix44-exec", dir);
        final Path json = dir.resolve("result.json");
        final String[] args = {"replay", journal.toString(), "--journal-mode", "none", "--rate", "5000", "--json",
            json.toString()};
        final CliRun run = fixtape(args);
        assertEquals(0, run.exit, run.toString());
        final JsonObject result = JsonParser.parseString(Files.readString(json)).getAsJsonObject();

        assertEquals("replay", result.get("bench").getAsString());
        final List<String> params = new ArrayList<>();
        result.getAsJsonArray("bench_params").forEach(p -> params.add(p.getAsString()));
        assertTrue(params.containsAll(List.of("--journal-mode", "none", "--rate", "5000", "--json")), params.toString());

        final JsonObject profile = result.getAsJsonObject("bench_profile");
        assertEquals("inproc", profile.get("transport").getAsString());
        assertEquals("none", profile.get("store").getAsString());
        // journal mode none is not the compiled-out flavour: the flag is what this JVM read
        assertEquals(StoreSwitch.COMPILED_OUT, profile.get("store_compiled_out").getAsBoolean());
        assertFalse(profile.get("store_compiled_out").getAsBoolean(), "surefire does not set " + StoreSwitch.PROPERTY);
        assertEquals("5000/s", profile.get("pacing").getAsString());
        for (final String field : List.of("application", "engine", "threads", "cpu_pinning", "jvm", "jvm_flags", "data"))
        {
            assertTrue(profile.has(field), "bench_profile." + field + " in " + profile);
        }
        assertTrue(result.has("bench_standards"));

        final JsonObject figures = result.getAsJsonObject("result");
        assertTrue(figures.get("complete").getAsBoolean(), figures.toString());
        assertEquals(5000, figures.get("offered_inbound_per_second").getAsDouble(), 1e-9);
        assertTrue(figures.get("sha256").getAsString().matches("[0-9a-f]{64}"));
        final JsonObject latency = figures.getAsJsonObject("latency_ns");
        final Set<String> types = latency.keySet();
        assertTrue(types.containsAll(Set.of("A", "D")), "per inbound MsgType: " + types);
        for (final String type : types)
        {
            for (final String kind : List.of("response", "service"))
            {
                final JsonObject histogram = latency.getAsJsonObject(type).getAsJsonObject(kind);
                for (final String field : List.of("count", "p50", "p90", "p99", "p99_9", "max"))
                {
                    assertTrue(histogram.has(field), type + "." + kind + "." + field);
                }
                assertTrue(histogram.get("count").getAsLong() > 0, type + "." + kind + " has samples");
                assertTrue(histogram.get("max").getAsLong() >= histogram.get("p50").getAsLong());
            }
        }
    }

    @Test
    void engineThreadRunsTheInprocEngineOnItsOwnThreadWithTheSameOutput() throws Exception
    {
        final Path journal = CliRun.fixture("fix44-exec", dir);
        final Path sameJson = dir.resolve("same.json");
        final Path ownJson = dir.resolve("own.json");
        final CliRun same = fixtape("replay", journal.toString(), "--json", sameJson.toString());
        final CliRun own = fixtape("replay", journal.toString(), "--engine-thread", "--json", ownJson.toString());
        assertEquals(0, same.exit, same.toString());
        assertEquals(0, own.exit, own.toString());
        assertTrue(same.out.contains("on the replay thread") && same.out.contains("(engine included)"), same.out);
        assertFalse(same.out.contains("on the engine thread"), same.out);
        assertTrue(own.out.contains("on the engine thread"), own.out);

        final JsonObject sameResult = JsonParser.parseString(Files.readString(sameJson)).getAsJsonObject();
        final JsonObject ownResult = JsonParser.parseString(Files.readString(ownJson)).getAsJsonObject();
        assertEquals("replay+engine on one thread (busy loop)",
            sameResult.getAsJsonObject("bench_profile").get("threads").getAsString());
        assertEquals("replay thread (spin) + engine agent thread (backoff)",
            ownResult.getAsJsonObject("bench_profile").get("threads").getAsString());
        final JsonObject sameFigures = sameResult.getAsJsonObject("result");
        final JsonObject ownFigures = ownResult.getAsJsonObject("result");
        assertTrue(sameFigures.get("engine_on_replay_thread").getAsBoolean());
        assertEquals(-1, sameFigures.get("engine_thread_cpu_ns").getAsLong());
        assertFalse(ownFigures.get("engine_on_replay_thread").getAsBoolean());
        assertTrue(ownFigures.get("engine_thread_cpu_ns").getAsLong() > 0, ownFigures.toString());
        assertEquals(sameFigures.get("sha256").getAsString(), ownFigures.get("sha256").getAsString(),
            "the engine's thread does not change what it sends");
    }

    @Test
    void latencyLogHasOneLinePerInboundMessageConsistentWithItsTimes() throws Exception
    {
        final Path journal = CliRun.fixture("fix44-exec", dir);
        final Path csv = dir.resolve("latency.csv");
        final CliRun run = fixtape("replay", journal.toString(), "--rate", "2000", "--latency-log", csv.toString());
        assertEquals(0, run.exit, run.toString());
        final List<String> lines = Files.readAllLines(csv);
        assertEquals("inbound,msg_type,scheduled_ns,sent_ns,answered_ns,service_ns,response_ns", lines.get(0));
        final int inbound = Integer.parseInt(run.out.replaceAll("(?s).*inbound +(\\d+)/\\d+ sent.*", "$1"));
        assertEquals(inbound + 1, lines.size(), "one line per inbound message");
        int answered = 0;
        for (final String line : lines.subList(1, lines.size()))
        {
            final String[] f = line.split(",", -1);
            assertEquals(7, f.length, line);
            final long scheduled = Long.parseLong(f[2]);
            final long sent = Long.parseLong(f[3]);
            assertTrue(sent >= scheduled, "sent no earlier than scheduled: " + line);
            if (!f[4].isEmpty())
            {
                answered++;
                final long arrived = Long.parseLong(f[4]);
                assertEquals(arrived - sent, Long.parseLong(f[5]), line);
                assertEquals(arrived - scheduled, Long.parseLong(f[6]), line);
            }
        }
        assertEquals("D", lines.get(2).split(",")[1], "the fixture's second inbound message is an order");
        assertTrue(answered >= 12, "the fixture's orders are answered: " + answered);
    }

    /** Run on a thread of its own: the pin applies to the calling thread, which must not be the test's. */
    @Test
    void pinReplayThreadPinsItBeforeTheMeasuredWindowAndSaysSo() throws Exception
    {
        final Path journal = CliRun.fixture("fix44-exec", dir);
        final Path json = dir.resolve("pinned.json");
        final CliRun[] runs = new CliRun[2];
        final Thread replay = new Thread(() ->
        {
            runs[0] = fixtape("replay", journal.toString(), "--pin-replay-thread", "0", "--json", json.toString());
            runs[1] = fixtape("replay", journal.toString(), "--pin-replay-thread", "4096");
        }, "pinned-replay");
        replay.start();
        replay.join(120_000);
        assertEquals(0, runs[0].exit, runs[0].toString());
        assertTrue(runs[0].out.contains("placement replay thread pinned to CPU 0 (read back: 0)"), runs[0].out);
        final String pinning = JsonParser.parseString(Files.readString(json)).getAsJsonObject()
            .getAsJsonObject("bench_profile").get("cpu_pinning").getAsString();
        assertTrue(pinning.startsWith("replay thread pinned to CPU 0 (read back: 0); process allowed CPUs "), pinning);
        assertEquals(2, runs[1].exit, runs[1].toString());
        assertTrue(runs[1].err.contains("--pin-replay-thread 4096: this machine has"), runs[1].toString());
    }

    @Test
    void journalSettingsReachTheReplayedEnginesJournalAndUnknownKeysAreRefused() throws Exception
    {
        final Path journal = CliRun.fixture("fix44-exec", dir);
        final Path json = dir.resolve("duty.json");
        final Path kept = dir.resolve("kept");
        final CliRun duty = fixtape("replay", journal.toString(), "--journal-setting", "JournalPretouch=duty",
            "--keep-journal", kept.toString(), "--json", json.toString());
        assertEquals(0, duty.exit, duty.toString());
        final JsonObject profile = JsonParser.parseString(Files.readString(json)).getAsJsonObject()
            .getAsJsonObject("bench_profile");
        assertEquals("{JournalPretouch=duty}", profile.get("journal_settings").getAsString());
        assertTrue(Files.isDirectory(kept), "the replayed engine journaled into --keep-journal");
        final CliRun again = fixtape("replay", journal.toString(), "--keep-journal", kept.toString());
        assertEquals(2, again.exit, "a kept journal is never continued by a second replay: " + again);
        assertTrue(again.err.contains("--keep-journal " + kept + " already holds a journal"), again.toString());

        final CliRun unknown = fixtape("replay", journal.toString(), "--journal-setting", "NoSuchKey=1");
        assertEquals(2, unknown.exit, unknown.toString());
        assertTrue(unknown.err.contains("NoSuchKey is not a journal key"), unknown.toString());
        final CliRun badValue = fixtape("replay", journal.toString(), "--journal-setting", "JournalPretouch=maybe");
        assertEquals(2, badValue.exit, badValue.toString());
        assertTrue(badValue.err.contains("JournalPretouch=maybe"), badValue.toString());
    }

    /**
     * {@link StoreSwitch#COMPILED_OUT} is fixed when the class initialises, so the compiled-out flavour runs in a
     * child JVM (same java, classpath and flags, plus {@code -Dfixtape.store.compiledOut=true}).
     */
    @Test
    void storeCompiledOutIsWhatTheRunningJvmRead() throws Exception
    {
        final Path journal = CliRun.fixture("fix44-exec", dir);
        final Path json = dir.resolve("compiled-out.json");
        final List<String> command = new ArrayList<>();
        command.add(System.getProperty("java.home") + File.separator + "bin" + File.separator + "java");
        for (final String arg : ManagementFactory.getRuntimeMXBean().getInputArguments())
        {
            if (!arg.startsWith("-javaagent") && !arg.startsWith("-agentlib") && !arg.startsWith("-D" + StoreSwitch.PROPERTY))
            {
                command.add(arg);
            }
        }
        command.add("-D" + StoreSwitch.PROPERTY + "=true");
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(FixtapeMain.class.getName());
        command.addAll(List.of("replay", journal.toString(), "--journal-mode", "none", "--diff", "--json", json.toString()));
        final Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        final boolean exited = child.waitFor(300, TimeUnit.SECONDS); // a safety net only: a JVM start and a replay
        if (!exited)
        {
            child.destroyForcibly();
        }
        final String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(exited, "child JVM did not finish: " + output);
        assertEquals(0, child.exitValue(), output);
        final JsonObject profile = JsonParser.parseString(Files.readString(json)).getAsJsonObject()
            .getAsJsonObject("bench_profile");
        assertTrue(profile.get("store_compiled_out").getAsBoolean(), profile.toString());
        assertEquals("none", profile.get("store").getAsString());
    }

    @Test
    void sessionIsSelectedByIdBySenderTargetOrByNumber() throws Exception
    {
        final Path fixture = CliRun.fixture("fix44-exec", dir);
        final SessionRecording recorded = JournalRecordings.load(fixture).find("FIXTAPE:CLIENT");
        final SessionId other = new SessionId("FIX.4.4", "OTHER", "PEER");
        final Recordings synthetic = new Recordings();
        // after the recorded session (the journal is written in time order)
        SyntheticSession.generate(other, 5, 1_000, recorded.timestampNanos(recorded.count() - 1) + 1_000_000_000L, synthetic);
        final Path journal = dir.resolve("two-sessions");
        try (RecordingSink sink = JournalRecordings.writer(journal))
        {
            for (final SessionRecording session : List.of(recorded, synthetic.session(other)))
            {
                for (int i = 0; i < session.count(); i++)
                {
                    sink.onMessage(session.sessionId(), session.isInbound(i), session.timestampNanos(i), session.buffer(),
                        session.offset(i), session.length(i));
                }
            }
        }

        // without --session, every session replays, together (the synthetic one recorded no answers to compare)
        final CliRun both = fixtape("replay", journal.toString());
        assertEquals(0, both.exit, both.toString());
        assertTrue(both.out.contains("session   FIX.4.4:FIXTAPE->CLIENT\n"), both.toString());
        assertTrue(both.out.contains("session   FIX.4.4:OTHER->PEER\n"), both.toString());
        assertTrue(both.out.contains("inbound   26/26 sent"), "19 recorded + 7 synthetic: " + both);

        final CliRun bySenderTarget = fixtape("replay", journal.toString(), "--session", "FIXTAPE:CLIENT", "--diff");
        assertEquals(0, bySenderTarget.exit, bySenderTarget.toString());
        assertTrue(bySenderTarget.out.contains("session   FIX.4.4:FIXTAPE->CLIENT\n"), bySenderTarget.toString());
        final CliRun byId = fixtape("replay", journal.toString(), "--session", "FIX.4.4:FIXTAPE->CLIENT", "--diff");
        assertEquals(0, byId.exit, byId.toString());
        assertEquals(CliRun.digest(bySenderTarget), CliRun.digest(byId));

        final List<String> others = new ArrayList<>();
        for (final String selector : List.of("OTHER:PEER", "FIX.4.4:OTHER->PEER"))
        {
            final CliRun run = fixtape("replay", journal.toString(), "--session", selector);
            assertEquals(0, run.exit, run.toString());
            assertTrue(run.out.contains("session   FIX.4.4:OTHER->PEER\n"), run.toString());
            assertTrue(run.out.contains("inbound   7/7 sent"), "Logon, 5 orders, Logout: " + run);
            others.add(CliRun.digest(run));
        }
        assertEquals(1, others.stream().distinct().count(), others.toString());
        assertFalse(others.contains(CliRun.digest(byId)));

        final CliRun unknown = fixtape("replay", journal.toString(), "--session", "NOBODY:HERE");
        assertEquals(ReplayCommand.EXIT_NO_SESSION, unknown.exit, unknown.toString());
        assertTrue(unknown.err.contains("no session 'NOBODY:HERE' (sessions: FIX.4.4:FIXTAPE->CLIENT, " +
            "FIX.4.4:OTHER->PEER)"), unknown.toString());
    }

    @Test
    void paceSpeedAndRateReachTheSchedule() throws Exception
    {
        final Path journal = CliRun.fixture("fix44-exec", dir);
        final List<String> pacing = new ArrayList<>();
        final List<Double> offered = new ArrayList<>();
        final List<String> digests = new ArrayList<>();
        for (final List<String> flags : List.of(List.of("--pace", "max"), List.of("--pace", "recorded", "--speed", "1000"),
            List.of("--pace", "recorded", "--speed", "500"), List.of("--rate", "2000")))
        {
            final Path json = dir.resolve("pacing-" + pacing.size() + ".json");
            final List<String> args = new ArrayList<>(List.of("replay", journal.toString(), "--diff", "--json", json.toString()));
            args.addAll(flags);
            final CliRun run = fixtape(args.toArray(new String[0]));
            assertEquals(0, run.exit, run.toString());
            final JsonObject result = JsonParser.parseString(Files.readString(json)).getAsJsonObject();
            pacing.add(result.getAsJsonObject("bench_profile").get("pacing").getAsString());
            offered.add(result.getAsJsonObject("result").get("offered_inbound_per_second").getAsDouble());
            digests.add(CliRun.digest(run));
        }
        assertEquals(List.of("max", "recorded x1000.0", "recorded x500.0", "2000/s"), pacing);
        assertEquals(0, offered.get(0), 1e-9, "max: everything due at the start");
        assertTrue(offered.get(1) > 0, offered.toString());
        assertEquals(offered.get(1), offered.get(2) * 2, offered.get(1) * 1e-3, "--speed scales the recorded rate: " + offered);
        assertEquals(2000, offered.get(3), 1e-9);
        assertEquals(1, digests.stream().distinct().count(), "pacing changes when, never what: " + digests);
    }

    /** Sanity for the JSON helpers above: bench_params is the argument vector as given. */
    @Test
    void benchParamsIsTheArgumentVector() throws Exception
    {
        final Path journal = CliRun.fixture("fix44-exec", dir);
        final Path json = dir.resolve("params.json");
        final CliRun run = fixtape("replay", journal.toString(), "--transport", "inproc", "--json", json.toString());
        assertEquals(0, run.exit, run.toString());
        final JsonArray params = JsonParser.parseString(Files.readString(json)).getAsJsonObject().getAsJsonArray("bench_params");
        final List<String> values = new ArrayList<>();
        params.forEach(p -> values.add(p.getAsString()));
        assertEquals(List.of(journal.toString(), "--transport", "inproc", "--json", json.toString()),
            values.stream().filter(v -> !"replay".equals(v)).collect(Collectors.toList()), values.toString());
    }
}
