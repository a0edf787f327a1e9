package io.fixtape.replay.recording;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.fixtape.engine.session.SessionId;
import org.agrona.DirectBuffer;
import org.agrona.collections.IntArrayList;

/**
 * An in-memory {@link RecordingSink}: one {@link SessionRecording} per session, in order of first appearance, and
 * the order in which the messages of all sessions were recorded ({@link #interleaving}): a journal's order is the
 * order one engine handled them in, which a replay of several sessions keeps. Used by tests and by the replayer
 * (which loads a journal into it before re-driving).
 */
public final class Recordings implements RecordingSink
{
    private final Map<SessionId, SessionRecording> sessions = new LinkedHashMap<>();
    /** Per recorded message, in recording order: its session's position in {@link #sessions()}. */
    private final IntArrayList order = new IntArrayList();
    private final Map<SessionId, Integer> positions = new HashMap<>();

    @Override
    public void onMessage(final SessionId session, final boolean inbound, final long timestampNanos,
        final DirectBuffer buffer, final int offset, final int length)
    {
        SessionRecording recording = sessions.get(session);
        if (recording == null)
        {
            recording = new SessionRecording(session);
            positions.put(session, sessions.size());
            sessions.put(session, recording);
        }
        recording.add(inbound, timestampNanos, buffer, offset, length);
        order.addInt(positions.get(session));
    }

    /**
     * The recording order of the messages of {@code selected} (sessions of this recording): for each message in
     * turn, the position of its session in {@code selected}; within a session, messages follow its own order.
     */
    public int[] interleaving(final List<SessionRecording> selected)
    {
        final List<SessionRecording> all = sessions();
        final int[] positionInSelected = new int[all.size()];
        Arrays.fill(positionInSelected, -1);
        for (int i = 0; i < selected.size(); i++)
        {
            final int index = all.indexOf(selected.get(i));
            if (index < 0)
            {
                throw new IllegalArgumentException("not a session of this recording: " + selected.get(i).sessionId());
            }
            positionInSelected[index] = i;
        }
        final IntArrayList result = new IntArrayList();
        for (int i = 0; i < order.size(); i++)
        {
            final int position = positionInSelected[order.getInt(i)];
            if (position >= 0)
            {
                result.addInt(position);
            }
        }
        return result.toIntArray();
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
     * The sessions {@code selectors} name ({@link #find}), in recording order; every session when there are none.
     *
     * @throws IllegalArgumentException naming a selector that matches no session, and listing the sessions.
     */
    public List<SessionRecording> select(final List<String> selectors)
    {
        if (selectors == null || selectors.isEmpty())
        {
            return sessions();
        }
        final List<SessionRecording> selected = new ArrayList<>();
        for (final String selector : selectors)
        {
            final SessionRecording recording = find(selector);
            if (recording == null)
            {
                final StringBuilder known = new StringBuilder();
                for (final SessionRecording session : sessions())
                {
                    known.append(known.length() == 0 ? "" : ", ").append(session.sessionId());
                }
                throw new IllegalArgumentException("no session '" + selector + "' (sessions: " +
                    (known.length() == 0 ? "none" : known) + ")");
            }
            if (!selected.contains(recording))
            {
                selected.add(recording);
            }
        }
        final List<SessionRecording> ordered = sessions();
        ordered.retainAll(selected);
        return ordered;
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
