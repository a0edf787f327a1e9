package io.fixtape.replay.drive;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import io.fixtape.engine.session.SessionId;
import io.fixtape.replay.recording.SessionRecording;

/**
 * A replay compared with its recording, session by session ({@link FixDiff}): what each session's engine sent back
 * against what it recorded, and whether every recorded inbound message reached the engine. Clean when every
 * session is identical (fields the {@link IgnoredFields} name aside) and nothing was left unsent. Written as JSON or
 * JUnit XML by {@link DiffReports}.
 *
 * <p>Immutable.
 */
public final class ReplayDiff
{
    /** One session's comparison. */
    public static final class SessionDiff
    {
        public final SessionId sessionId;
        /** Whether the recorded (and replayed) engine initiated the session. */
        public final boolean engineInitiates;
        public final int connections;
        public final int inboundTotal;
        public final String digest;
        public final FixDiff.Report report;

        SessionDiff(final SessionId sessionId, final boolean engineInitiates, final int connections,
            final int inboundTotal, final String digest, final FixDiff.Report report)
        {
            this.sessionId = sessionId;
            this.engineInitiates = engineInitiates;
            this.connections = connections;
            this.inboundTotal = inboundTotal;
            this.digest = digest;
            this.report = report;
        }

        public boolean isClean()
        {
            return report.isClean();
        }
    }

    private final List<SessionDiff> sessions;
    private final int inboundTotal;
    private final int inboundDelivered;
    private final IgnoredFields ignored;

    private ReplayDiff(final List<SessionDiff> sessions, final int inboundTotal, final int inboundDelivered,
        final IgnoredFields ignored)
    {
        this.sessions = Collections.unmodifiableList(sessions);
        this.inboundTotal = inboundTotal;
        this.inboundDelivered = inboundDelivered;
        this.ignored = ignored;
    }

    /**
     * Compare every replayed session of {@code result} (which must have collected its outbound messages) with
     * {@code recordings}.
     */
    public static ReplayDiff compare(final List<SessionRecording> recordings, final ReplayResult result,
        final IgnoredFields ignored)
    {
        final List<SessionDiff> sessions = new ArrayList<>();
        for (final SessionRecording recording : recordings)
        {
            final ReplayResult.Session replayed = result.session(recording.sessionId());
            if (replayed == null || replayed.replayedOutbound == null)
            {
                throw new IllegalArgumentException("the replay did not collect " + recording.sessionId() +
                    "'s outbound messages (ReplayOptions.collectOutbound)");
            }
            sessions.add(new SessionDiff(recording.sessionId(), replayed.engineInitiates, replayed.connections,
                replayed.inboundTotal, replayed.digest,
                new FixDiff(ignored).compare(recording, replayed.replayedOutbound)));
        }
        return new ReplayDiff(sessions, result.inboundTotal, result.inboundDelivered, ignored);
    }

    /** Identical (skipped fields aside) and complete. */
    public boolean isClean()
    {
        return inboundDelivered == inboundTotal && sessions.stream().allMatch(SessionDiff::isClean);
    }

    public List<SessionDiff> sessions()
    {
        return sessions;
    }

    public int inboundTotal()
    {
        return inboundTotal;
    }

    /** Inbound messages that reached the engine (the rest were due on connections it had ended). */
    public int inboundDelivered()
    {
        return inboundDelivered;
    }

    public IgnoredFields ignored()
    {
        return ignored;
    }

    /** Differences of all sessions. */
    public int differenceCount()
    {
        return sessions.stream().mapToInt(s -> s.report.differences.size()).sum();
    }

    /**
     * A readable account: per session the summary line and its first {@code limit} differences (one session: the
     * {@link FixDiff.Report#describe} line alone), then the inbound messages that did not reach the engine.
     */
    public String describe(final int limit)
    {
        final StringBuilder sb = new StringBuilder();
        for (final SessionDiff session : sessions)
        {
            if (sb.length() > 0)
            {
                sb.append(System.lineSeparator());
            }
            if (sessions.size() > 1)
            {
                sb.append(session.sessionId).append(": ");
            }
            sb.append(session.report.describe(limit));
        }
        if (!ignored.isEmpty())
        {
            sb.append(System.lineSeparator()).append("ignored fields: ").append(ignored);
        }
        if (inboundDelivered < inboundTotal)
        {
            sb.append(System.lineSeparator()).append("incomplete: ").append(inboundTotal - inboundDelivered)
                .append(" of ").append(inboundTotal).append(" inbound messages did not reach the engine (it had " +
                    "ended their connection)");
        }
        return sb.toString();
    }
}
