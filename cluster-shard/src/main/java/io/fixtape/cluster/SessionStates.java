package io.fixtape.cluster;

import io.fixtape.engine.api.SessionCountersView;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.session.SessionCounters;

import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * What the application agent's {@link RemoteSession}s read of the real sessions on the workers, per session index:
 * the next sender and target sequence numbers, and the session's counters. The worker serving a session publishes
 * its numbers (an ordered write) before each event it fans out and after each reply it sends, so a handle read
 * during an event sees numbers at least as recent as that event; the counters object is published once, when the
 * session is bound to a worker (the pool model moves the same session object between workers).
 *
 * <p>Threading: written by the workers' poller threads, read by the application agent. Allocation-free.
 */
final class SessionStates
{
    /** The counters of a session no worker has created yet: all zero. */
    private static final SessionCountersView NOT_CREATED = new SessionCounters();

    private final AtomicLongArray sequenceNumbers;
    private final AtomicReferenceArray<SessionCountersView> counters;

    SessionStates(final int sessions)
    {
        this.sequenceNumbers = new AtomicLongArray(sessions);
        this.counters = new AtomicReferenceArray<>(sessions);
        for (int i = 0; i < sessions; i++)
        {
            sequenceNumbers.set(i, pack(1, 1));
            counters.set(i, NOT_CREATED); // pool: until the session first logs on
        }
    }

    /** Session {@code index} is served by a worker from now on: publish its counters and numbers (worker thread). */
    void bind(final int index, final SessionHandle session)
    {
        counters.set(index, session.counters());
        publish(index, session);
    }

    /** The session's sequence numbers as they are now (worker thread). */
    void publish(final int index, final SessionHandle session)
    {
        sequenceNumbers.lazySet(index, pack(session.nextSenderSeqNum(), session.nextTargetSeqNum()));
    }

    int nextSenderSeqNum(final int index)
    {
        return (int)(sequenceNumbers.get(index) >>> 32);
    }

    int nextTargetSeqNum(final int index)
    {
        return (int)sequenceNumbers.get(index);
    }

    SessionCountersView counters(final int index)
    {
        return counters.get(index);
    }

    private static long pack(final int nextSender, final int nextTarget)
    {
        return ((long)nextSender << 32) | (nextTarget & 0xFFFF_FFFFL);
    }
}
