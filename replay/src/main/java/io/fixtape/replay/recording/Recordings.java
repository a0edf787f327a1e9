package io.fixtape.replay.recording;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.fixtape.engine.session.SessionId;
import org.agrona.DirectBuffer;

/**
 * An in-memory {@link RecordingSink}: one {@link SessionRecording} per session, in order of first appearance.
 * Used by tests and by the replayer (which loads a journal into it before re-driving).
 */
public final class Recordings implements RecordingSink
{
    private final Map<SessionId, SessionRecording> sessions = new LinkedHashMap<>();

    @Override
    public void onMessage(final SessionId session, final boolean inbound, final long timestampNanos,
        final DirectBuffer buffer, final int offset, final int length)
    {
        sessions.computeIfAbsent(session, SessionRecording::new).add(inbound, timestampNanos, buffer, offset, length);
    }

    public List<SessionRecording> sessions()
    {
        return new ArrayList<>(sessions.values());
    }

    public SessionRecording session(final SessionId sessionId)
    {
        return sessions.get(sessionId);
    }

    /**
     * Find a session by {@code SENDER:TARGET} (our CompIDs, as recorded), by its full {@link SessionId#toString()},
     * or by its 1-based position ({@code 1}, {@code 2}…); null if none matches.
     */
    public SessionRecording find(final String selector)
    {
        final List<SessionRecording> all = sessions();
        if (selector == null)
        {
            return all.size() == 1 ? all.get(0) : null;
        }
        for (final SessionRecording recording : all)
        {
            final SessionId id = recording.sessionId();
            if (selector.equals(id.toString()) || selector.equals(id.senderCompId() + ":" + id.targetCompId()))
            {
                return recording;
            }
        }
        if (selector.matches("[0-9]+"))
        {
            final int index = Integer.parseInt(selector) - 1;
            return index >= 0 && index < all.size() ? all.get(index) : null;
        }
        return null;
    }
}
