package io.fixtape.cli.ops;

import io.fixtape.cli.CliPaths;
import io.fixtape.cli.UserError;
import io.fixtape.engine.session.SessionId;
import io.fixtape.journal.AdminRecords;
import io.fixtape.journal.Journal;
import io.fixtape.journal.JournalContext;
import io.fixtape.journal.JournalSessionTable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code fixtape session list|show|set-seq|reset}: the sessions of a running engine (from its EngineDirectory's
 * counters file) or of a stopped engine's journal, and the operator's changes to a stopped engine's sequence
 * numbers. A change is journaled as an admin record and applied to the sequence state (recovery applies it again
 * should the command die in between); it is refused while an engine holds the journal (its lock), as a running
 * engine's numbers are changed through JMX instead.
 */
@Command(name = "session", mixinStandardHelpOptions = true,
    description = "List or show sessions (live or from a journal); set or reset a stopped engine's sequence numbers.",
    subcommands = {SessionCommand.ListCommand.class, SessionCommand.ShowCommand.class,
        SessionCommand.SetSeqCommand.class, SessionCommand.ResetCommand.class})
public final class SessionCommand
{
    /** Where to read sessions from: a running engine's directory or a stopped engine's journal. */
    static final class Source
    {
        @Option(names = "--dir", description = "A running (or stopped) engine's EngineDirectory: live values.")
        Path dir;

        @Option(names = "--journal", description = "A stopped engine's journal directory (JournalPath).")
        Path journal;
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "One line per session.")
    static final class ListCommand implements Callable<Integer>
    {
        @ArgGroup(multiplicity = "1")
        Source source;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call()
        {
            final PrintWriter out = spec.commandLine().getOut();
            if (source.dir != null)
            {
                final CounterSnapshot snapshot = CounterSnapshot.read(source.dir);
                out.println("engine '" + snapshot.engineName + "' " + snapshot.status(System.currentTimeMillis()));
                out.printf("%-40s %-14s %-9s %9s %9s %12s %12s%n", "SESSION", "STATE", "LOGGED_ON", "NEXT_OUT",
                    "NEXT_IN", "MSGS_IN", "MSGS_OUT");
                snapshot.bySession().forEach((session, series) -> out.printf("%-40s %-14s %-9s %9d %9d %12d %12d%n",
                    session, stateName(CounterSnapshot.value(series, "fixtape_session_state")),
                    CounterSnapshot.value(series, "fixtape_session_logged_on") == 1 ? "yes" : "no",
                    CounterSnapshot.value(series, "fixtape_session_next_sender_seq_num"),
                    CounterSnapshot.value(series, "fixtape_session_next_target_seq_num"),
                    sum(series, "fixtape_session_messages_total", "direction=\"in\""),
                    sum(series, "fixtape_session_messages_total", "direction=\"out\"")));
                return 0;
            }
            try (Journal journal = openStopped(source.journal))
            {
                out.printf("%-40s %9s %9s  %s%n", "SESSION", "NEXT_OUT", "NEXT_IN", "SEQUENCE STATE SINCE");
                final JournalSessionTable registry = journal.registry();
                for (final int id : registry.ids())
                {
                    out.printf("%-40s %9d %9d  %s%n", registry.sessionOf(id), journal.nextSenderSeqNum(id),
                        journal.nextTargetSeqNum(id), since(journal.sequenceStateSince(id)));
                }
            }
            return 0;
        }
    }

    @Command(name = "show", mixinStandardHelpOptions = true, description = "Everything known about one session.")
    static final class ShowCommand implements Callable<Integer>
    {
        @ArgGroup(multiplicity = "1")
        Source source;

        @Option(names = "--session", required = true, paramLabel = "ID", description = "e.g. FIX.4.4:EXEC->BANK")
        String session;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call()
        {
            final PrintWriter out = spec.commandLine().getOut();
            if (source.dir != null)
            {
                final Map<String, Map<String, CounterSnapshot.Counter>> sessions =
                    CounterSnapshot.read(source.dir).bySession();
                final Map<String, CounterSnapshot.Counter> series = sessions.get(session);
                if (series == null)
                {
                    throw new UserError("no session " + session + " in " + source.dir + "; sessions: " +
                        String.join(", ", sessions.keySet()));
                }
                out.println(session + " state " + stateName(CounterSnapshot.value(series, "fixtape_session_state")));
                series.values().forEach(c -> out.println("  " + c.label().replace("session=\"" + session + "\",", "")
                    .replace("{session=\"" + session + "\"}", "") + " " + c.value()));
                return 0;
            }
            try (Journal journal = openStopped(source.journal))
            {
                final int id = idOf(journal, session);
                out.println(session + " (journal session id " + id + ")");
                out.println("  next sender MsgSeqNum " + journal.nextSenderSeqNum(id));
                out.println("  next target MsgSeqNum " + journal.nextTargetSeqNum(id));
                out.println("  sequence state since " + since(journal.sequenceStateSince(id)));
            }
            return 0;
        }
    }

    @Command(name = "set-seq", mixinStandardHelpOptions = true,
        description = "Set a stopped engine's next sender and target MsgSeqNum of a session (journaled).")
    static final class SetSeqCommand implements Callable<Integer>
    {
        @Option(names = "--journal", required = true, description = "The stopped engine's journal directory.")
        Path journal;

        @Option(names = "--session", required = true, paramLabel = "ID", description = "e.g. FIX.4.4:EXEC->BANK")
        String session;

        @Option(names = "--sender", required = true, paramLabel = "N",
            description = "The next MsgSeqNum this engine sends (the counterparty's expected number).")
        int sender;

        @Option(names = "--target", required = true, paramLabel = "M",
            description = "The next MsgSeqNum this engine expects (the counterparty's next outgoing number).")
        int target;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call()
        {
            if (sender < 1 || target < 1)
            {
                throw new UserError("--sender and --target must be >= 1, got " + sender + " and " + target);
            }
            try (Journal j = openStopped(journal))
            {
                final int id = idOf(j, session);
                final int oldSender = j.nextSenderSeqNum(id);
                final int oldTarget = j.nextTargetSeqNum(id);
                j.appendAdmin(j.registry().sessionOf(id), AdminRecords.SET_SEQUENCE_NUMBERS, sender, target,
                    System.currentTimeMillis() * 1_000_000L, "fixtape session set-seq: next sender " + oldSender +
                        " -> " + sender + ", next target " + oldTarget + " -> " + target);
                j.syncSequenceState();
                spec.commandLine().getOut().println(session + ": next sender MsgSeqNum " + oldSender + " -> " + sender +
                    ", next target MsgSeqNum " + oldTarget + " -> " + target + " (journaled)");
            }
            return 0;
        }
    }

    @Command(name = "reset", mixinStandardHelpOptions = true,
        description = "Reset a stopped engine's session to MsgSeqNum 1 both ways (journaled; no resend of older).")
    static final class ResetCommand implements Callable<Integer>
    {
        @Option(names = "--journal", required = true, description = "The stopped engine's journal directory.")
        Path journal;

        @Option(names = "--session", required = true, paramLabel = "ID", description = "e.g. FIX.4.4:EXEC->BANK")
        String session;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call()
        {
            try (Journal j = openStopped(journal))
            {
                final int id = idOf(j, session);
                j.appendAdmin(j.registry().sessionOf(id), AdminRecords.RESET, 1, 1,
                    System.currentTimeMillis() * 1_000_000L, "fixtape session reset: next sender " +
                        j.nextSenderSeqNum(id) + " -> 1, next target " + j.nextTargetSeqNum(id) + " -> 1");
                j.syncSequenceState();
                spec.commandLine().getOut().println(session + ": sequence numbers reset to 1 (journaled)");
            }
            return 0;
        }
    }

    /** Opens (and locks) an existing journal; a running engine's lock refuses it with the holder named. */
    static Journal openStopped(final Path dir)
    {
        final Path journalDir = CliPaths.journalToRead(dir);
        if (!Files.isRegularFile(journalDir.resolve(JournalSessionTable.FILE_NAME)))
        {
            throw new UserError(dir + " is not a fixtape journal (no " + JournalSessionTable.FILE_NAME + ")");
        }
        return Journal.open(new JournalContext().directory(journalDir).conclude());
    }

    static int idOf(final Journal journal, final String session)
    {
        final List<String> known = new ArrayList<>();
        for (final int id : journal.registry().ids())
        {
            final SessionId sessionId = journal.registry().sessionOf(id);
            if (sessionId.toString().equals(session))
            {
                return id;
            }
            known.add(sessionId.toString());
        }
        throw new UserError("no session " + session + " in " + journal.directory() + "; sessions: " +
            String.join(", ", known));
    }

    static String stateName(final long ordinal)
    {
        final io.fixtape.engine.session.SessionState[] states = io.fixtape.engine.session.SessionState.values();
        return ordinal >= 0 && ordinal < states.length ? states[(int)ordinal].name() : "?";
    }

    static long sum(final Map<String, CounterSnapshot.Counter> series, final String name, final String label)
    {
        long total = 0;
        for (final CounterSnapshot.Counter counter : series.values())
        {
            if (counter.name().equals(name) && counter.label().contains(label))
            {
                total += counter.value();
            }
        }
        return total;
    }

    static String since(final long epochSeconds)
    {
        return epochSeconds == 0 ? "unknown" : Instant.ofEpochSecond(epochSeconds).toString();
    }
}
