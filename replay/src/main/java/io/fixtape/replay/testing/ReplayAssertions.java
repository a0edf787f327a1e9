package io.fixtape.replay.testing;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.ApplicationFactory;
import io.fixtape.replay.drive.FixtapeReplayEngines;
import io.fixtape.replay.drive.ReplayDiff;
import io.fixtape.replay.drive.ReplayOptions;
import io.fixtape.replay.drive.ReplayPlan;
import io.fixtape.replay.drive.ReplayResult;
import io.fixtape.replay.drive.Replayer;
import io.fixtape.replay.recording.JournalRecordings;
import io.fixtape.replay.recording.Recordings;
import io.fixtape.replay.recording.SessionRecording;

/**
 * "This recording must replay identically through my application", in one line of a test: every session of a
 * recorded journal is replayed into a fresh fixtape engine running the given application, and what the engine
 * sends back is compared, field by field, with what was recorded. A difference fails with an {@link AssertionError}
 * listing it (JUnit 5, JUnit 4 and TestNG report it as a test failure); nothing here depends on a test framework.
 *
 * <pre>{@code
 * @Test
 * void ordersReplayIdentically()
 * {
 *     ReplayAssertions.assertReplaysIdentically(Path.of("src/test/recordings/open-close"), MyApplication::new);
 * }
 * }</pre>
 *
 * The application must take its time from the session ({@code session.sendingTimeNanos()}) or the clock it is
 * given, never from the system clock. Options (transport, journal mode, ignored fields such as
 * {@code options.ignore("60,8:37")}) go in a {@link ReplayOptions}; the replay collects the outbound messages
 * whatever the options say. Thread-safe: each call runs its own replay.
 */
public final class ReplayAssertions
{
    /** Differences listed in a failure's message. */
    public static final int SHOWN_DIFFERENCES = 20;

    private ReplayAssertions()
    {
    }

    /**
     * One new {@code application} per session, default options (in-process transport, audit journal).
     *
     * @param recording   a fixtape journal directory.
     * @param application a new application per replayed session.
     * @return the (clean) comparison.
     * @throws AssertionError when a session differs or a recorded inbound message did not reach the engine.
     */
    public static ReplayDiff assertReplaysIdentically(final Path recording,
        final Supplier<? extends Application> application)
    {
        return assertReplaysIdentically(recording, (sessionId, clock) -> application.get(), new ReplayOptions());
    }

    /**
     * Applications from {@code applications} (one call per session), default options.
     *
     * @param recording    a fixtape journal directory.
     * @param applications the application of each replayed session.
     * @return the (clean) comparison.
     * @throws AssertionError when a session differs or a recorded inbound message did not reach the engine.
     */
    public static ReplayDiff assertReplaysIdentically(final Path recording,
        final ApplicationFactory applications)
    {
        return assertReplaysIdentically(recording, applications, new ReplayOptions());
    }

    /**
     * Replays every session of {@code recording} through {@code applications} as {@code options} say.
     *
     * @param recording    a fixtape journal directory (an engine's audit journal or an import's output).
     * @param applications the application of each replayed session.
     * @param options      how to replay and which fields to skip.
     * @return the (clean) comparison.
     * @throws AssertionError when a session differs or a recorded inbound message did not reach the engine.
     */
    public static ReplayDiff assertReplaysIdentically(final Path recording,
        final ApplicationFactory applications, final ReplayOptions options)
    {
        return assertSessionsReplayIdentically(recording, List.of(), applications, options);
    }

    /**
     * As {@link #assertReplaysIdentically(Path, ApplicationFactory, ReplayOptions)} for the
     * sessions {@code sessions} name ({@code SENDER:TARGET}, the full id, or the number; empty: every session).
     *
     * @param recording    a fixtape journal directory.
     * @param sessions     the sessions to replay.
     * @param applications the application of each replayed session.
     * @param options      how to replay and which fields to skip.
     * @return the (clean) comparison.
     * @throws AssertionError when a session differs or a recorded inbound message did not reach the engine.
     */
    public static ReplayDiff assertSessionsReplayIdentically(final Path recording, final List<String> sessions,
        final ApplicationFactory applications, final ReplayOptions options)
    {
        final Recordings recordings = JournalRecordings.load(recording);
        final List<SessionRecording> selected = recordings.select(sessions);
        if (selected.isEmpty())
        {
            throw new AssertionError(recording + " holds no session to replay");
        }
        final ReplayPlan plan = ReplayPlan.of(recordings, selected);
        final ReplayResult result = new Replayer(FixtapeReplayEngines.factory(applications))
            .run(plan, options.collectOutbound(true));
        final ReplayDiff diff = ReplayDiff.compare(plan.recordings(), result, options.ignoredFields());
        if (!diff.isClean())
        {
            throw new AssertionError(recording + " did not replay identically (" + options.transport().cliName() +
                "):" + System.lineSeparator() + diff.describe(SHOWN_DIFFERENCES));
        }
        return diff;
    }
}
