package io.fixtape.launcher;

import io.fixtape.engine.api.Application;
import io.fixtape.launcher.internal.AssembledEngine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The defaults live in one place: an engine built from a settings file and one built with {@link FixtapeBuilder}'s
 * methods, each given only the keys a session cannot do without, are configured identically — engine, sessions,
 * validators, stores, tasks, acceptor model and journal.
 */
class DefaultsParityTest
{
    private static final Application APP = (message, session) ->
    {
    };

    @Test
    void anAcceptorAndAnInitiatorWithOnlyTheirRequiredKeys(@TempDir final Path dir) throws IOException
    {
        final Path file = Files.writeString(dir.resolve("minimal.cfg"), String.join("\n",
            "[DEFAULT]",
            "[SESSION]",
            "ConnectionType=acceptor",
            "BeginString=FIX.4.4",
            "SenderCompID=EXEC",
            "TargetCompID=BANZAI",
            "SocketAcceptPort=0",
            "NonStopSession=Y",
            "[SESSION]",
            "ConnectionType=initiator",
            "BeginString=FIXT.1.1",
            "DefaultApplVerID=FIX.5.0SP2",
            "SenderCompID=BANZAI",
            "TargetCompID=EXEC",
            "SocketConnectHost=127.0.0.1",
            "SocketConnectPort=9878",
            "NonStopSession=Y",
            ""));
        final FixtapeBuilder fromFile = FixtapeBuilder.fromFile(file).application((id, clock) -> APP);
        final FixtapeBuilder fluent = new FixtapeBuilder()
            .session(s -> s.acceptor(0).sessionId("FIX.4.4", "EXEC", "BANZAI").nonStopSession(true))
            .session(s -> s.initiator("127.0.0.1", 9878).sessionId("FIXT.1.1", "BANZAI", "EXEC")
                .defaultApplVerId("FIX.5.0SP2").nonStopSession(true))
            .application((id, clock) -> APP);

        final Map<String, String> expected = describe(fromFile);
        assertTrue(expected.size() > 100, "a full description: " + expected);
        assertEquals(expected, describe(fluent));
        assertEquals("io.fixtape.engine.validation.MessageValidator", expected.get("session.0.validator"),
            "validation is on");
        assertTrue(expected.get("session.0.store").startsWith("io.fixtape.engine.store.InMemoryMessageStore"),
            expected.get("session.0.store"));
        assertEquals("SINGLE", expected.get("cluster.model"));
    }

    @Test
    void aJournaledSessionGetsTheSameJournalAndHousekeeping(@TempDir final Path dir) throws IOException
    {
        final Path file = Files.writeString(dir.resolve("journal.cfg"), String.join("\n",
            "[DEFAULT]",
            "JournalPath=" + dir.resolve("a"),
            "[SESSION]",
            "ConnectionType=acceptor",
            "BeginString=FIX.4.2",
            "SenderCompID=EXEC",
            "TargetCompID=BANZAI",
            "SocketAcceptPort=0",
            "NonStopSession=Y",
            ""));
        final FixtapeBuilder fromFile = FixtapeBuilder.fromFile(file).application((id, clock) -> APP);
        final FixtapeBuilder fluent = new FixtapeBuilder()
            .defaults(d -> d.journalPath(dir.resolve("b")))
            .session(s -> s.acceptor(0).sessionId("FIX.4.2", "EXEC", "BANZAI").nonStopSession(true))
            .application((id, clock) -> APP);

        final Map<String, String> expected = describe(fromFile);
        assertEquals(expected, describe(fluent));
        assertEquals("journal housekeeping", expected.get("engine.task.0"), "the journal's tasks are registered");
        assertEquals("AUDIT", expected.get("journal.0.mode"));
        assertTrue(expected.get("session.0.store").startsWith("io.fixtape.journal."), expected.get("session.0.store"));
    }

    private static Map<String, String> describe(final FixtapeBuilder builder)
    {
        final AssembledEngine assembled = builder.assemble();
        try
        {
            return ContextDescription.of(assembled);
        }
        finally
        {
            assembled.abandon();
        }
    }
}
