package io.fixtape.cli.replay;

import java.io.PrintWriter;

import io.fixtape.cli.CliPaths;
import io.fixtape.cli.UserError;
import io.fixtape.journal.JournalException;
import io.fixtape.replay.drive.ReplayDiff;
import io.fixtape.replay.drive.ReplayEngineFactory;
import io.fixtape.replay.drive.ReplayOptions;
import io.fixtape.replay.drive.ReplayPlan;
import io.fixtape.replay.drive.ReplayReport;
import io.fixtape.replay.drive.ReplayResult;
import io.fixtape.replay.drive.ReplayStalledException;
import io.fixtape.replay.drive.Replayer;
import io.fixtape.replay.drive.WarmUp;
import io.fixtape.replay.recording.JournalRecordings;
import io.fixtape.replay.recording.Recordings;

/**
 * One {@code fixtape replay}: checks what was asked (a mistake is one line and {@link ReplayCommand#EXIT_USAGE}),
 * loads the recording and the application, replays, prints the table and the diff, writes the files asked for,
 * and says how it ended in the exit code. A replay that cannot run (stalled, no connection, a failing engine or
 * application, an unreadable journal) is one line and {@link ReplayCommand#EXIT_COULD_NOT_RUN}.
 */
final class ReplayRunner
{
    private final ReplayCommand command;
    private final PrintWriter out;
    private final PrintWriter err;

    ReplayRunner(final ReplayCommand command, final PrintWriter out, final PrintWriter err)
    {
        this.command = command;
        this.out = out;
        this.err = err;
    }

    int run()
    {
        final ReplayOptions options;
        final ReplayPlan plan;
        final ReplayEngineFactory engines;
        try
        {
            options = command.options();
            final Recordings recordings = JournalRecordings.load(CliPaths.journalToRead(command.directory));
            if (recordings.sessions().isEmpty())
            {
                throw new IllegalArgumentException(command.directory + " holds no session to replay");
            }
            plan = command.plan(recordings);
            engines = command.engines();
        }
        catch (final IllegalArgumentException | JournalException | UserError ex)
        {
            err.println("fixtape replay: " + ex.getMessage());
            return ReplayCommand.EXIT_USAGE;
        }
        try
        {
            return replay(options, plan, engines);
        }
        catch (final ReplayStalledException ex)
        {
            return couldNotRun("FAILED: " + ex.getMessage());
        }
        catch (final RuntimeException | java.io.IOException ex)
        {
            return couldNotRun("fixtape replay: could not run: " + describe(ex));
        }
    }

    private int replay(final ReplayOptions options, final ReplayPlan plan, final ReplayEngineFactory engines)
        throws java.io.IOException
    {
        if (plan.inboundCount() == 0)
        {
            return couldNotRun("fixtape replay: nothing to replay: " + plan.sessions() + " recorded no inbound " +
                "messages");
        }
        final Replayer replayer = new Replayer(engines);
        WarmUp.Result warm = null;
        if (command.warmup() > 0)
        {
            warm = WarmUp.run(replayer, plan, options, command.warmup(), command.warmupRounds());
            out.println("warm-up   " + warm.describe());
        }
        final long startEpochMillis = System.currentTimeMillis();
        final ReplayResult result = replayer.run(plan, options);
        out.print(ReplayReport.table(result));
        int exit = ReplayCommand.EXIT_IDENTICAL;
        if (!result.isComplete())
        {
            err.printf("incomplete: %d of %d inbound messages did not reach the engine (it ended their connection)%n",
                result.inboundTotal - result.inboundDelivered, result.inboundTotal);
            exit = ReplayCommand.EXIT_DIFFERENT;
        }
        ReplayDiff diff = null;
        if (command.diff())
        {
            diff = ReplayDiff.compare(plan.recordings(), result, options.ignoredFields());
            out.println(diff.describe(command.show()));
            if (!diff.isClean())
            {
                exit = ReplayCommand.EXIT_DIFFERENT;
            }
        }
        command.writeOutputs(out, result, options, plan, warm == null ? null : warm.describe(), diff, exit,
            startEpochMillis);
        return exit;
    }

    private int couldNotRun(final String line)
    {
        err.println(line);
        command.writeCouldNotRun(line);
        return ReplayCommand.EXIT_COULD_NOT_RUN;
    }

    /** The exception and its causes' messages on one line. */
    private static String describe(final Throwable failure)
    {
        final StringBuilder sb = new StringBuilder();
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause())
        {
            final String message = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
            if (sb.indexOf(message) < 0)
            {
                sb.append(sb.length() == 0 ? "" : ": ").append(message);
            }
        }
        return sb.toString().replace('\n', ' ');
    }
}
