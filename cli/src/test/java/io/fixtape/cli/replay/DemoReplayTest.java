package io.fixtape.cli.replay;

import static io.fixtape.cli.CliRun.fixtape;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.fixtape.cli.CliRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a user tries first: {@code fixtape demo --dir D}, then {@code fixtape replay D --diff}. The demo's journal
 * holds two connections (the acceptor shuts down half-way with a Logout, the initiator reconnects and logs on with
 * the numbers that followed); the replay sends all of it, on every transport and into the acceptor under every
 * acceptor model, and finds no difference.
 */
class DemoReplayTest
{
    @TempDir
    Path dir;

    @Test
    void theDemosRecordingReplaysIdenticallyOnEveryTransport()
    {
        final Path journal = dir.resolve("demo");
        final CliRun demo = fixtape("demo", "--orders", "300", "--rate", "0", "--dir", journal.toString());
        assertEquals(0, demo.exit, demo.toString());

        final List<String> digests = new ArrayList<>();
        for (final String transport : List.of("inproc", "tcp", "aeron-ipc", "aeron-udp"))
        {
            final CliRun replay = fixtape("replay", journal.toString(), "--transport", transport, "--diff");
            assertEquals(ReplayCommand.EXIT_IDENTICAL, replay.exit, transport + ": " + replay);
            assertTrue(replay.out.contains("acceptor, 2 connections, 304 inbound, 304 outbound replayed (304 recorded)"),
                transport + ": Logon, 150 orders, Logout answer; Logon, 150 orders, Logout: " + replay);
            assertTrue(replay.out.contains("diff: 304 recorded vs 304 replayed outbound messages: identical"),
                transport + ": " + replay);
            digests.add(CliRun.digest(replay));
        }
        assertEquals(1, digests.stream().distinct().count(), "one digest on every transport: " + digests);

        for (final String model : List.of("single", "mono", "pool", "shard"))
        {
            final CliRun replay = fixtape("replay", journal.toString(), "--model", model, "--diff");
            assertEquals(ReplayCommand.EXIT_IDENTICAL, replay.exit, model + ": " + replay);
            assertTrue(replay.out.contains(", model " + model), model + ": " + replay);
            assertTrue(replay.out.contains("diff: 304 recorded vs 304 replayed outbound messages: identical"),
                model + ": " + replay);
            digests.add(CliRun.digest(replay));
        }
        assertEquals(1, digests.stream().distinct().count(), "one digest under every acceptor model too: " + digests);
    }
}
