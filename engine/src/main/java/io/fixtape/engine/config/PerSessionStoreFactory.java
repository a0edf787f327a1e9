package io.fixtape.engine.config;

import io.fixtape.engine.api.DutyCycleTask;
import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.store.MessageStore;
import io.fixtape.engine.store.MessageStoreFactory;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The engine's store factory built from a settings file: each session's section chose its own factory
 * ({@code MessageStore=}, {@code JournalPath=}); several sessions may share one (one journal per directory), and so
 * may acceptor templates, whose factories are housekept here too.
 */
final class PerSessionStoreFactory implements MessageStoreFactory
{
    private final Map<SessionId, MessageStoreFactory> bySession;
    private final List<MessageStoreFactory> templateFactories;

    /** @param templateFactories the acceptor templates' factories (they create their sessions' stores themselves). */
    PerSessionStoreFactory(final Map<SessionId, MessageStoreFactory> bySession,
        final List<MessageStoreFactory> templateFactories)
    {
        this.bySession = bySession;
        this.templateFactories = templateFactories;
    }

    @Override
    public MessageStore create(final SessionId sessionId)
    {
        final MessageStoreFactory factory = bySession.get(sessionId);
        if (factory == null)
        {
            throw new IllegalArgumentException("no store configured for session " + sessionId);
        }
        return factory.create(sessionId);
    }

    /** Passed once to every distinct factory (a journal shared by several sessions hears it once). */
    @Override
    public void concurrentWriters(final int threads)
    {
        for (final MessageStoreFactory factory : distinct())
        {
            factory.concurrentWriters(threads);
        }
    }

    /** The distinct factories that need the writer's duty cycle (periodic msync, free-space checks), once each. */
    List<DutyCycleTask> housekeepingTasks()
    {
        final List<DutyCycleTask> tasks = new ArrayList<>();
        for (final MessageStoreFactory factory : distinct())
        {
            if (factory instanceof DutyCycleTask)
            {
                tasks.add((DutyCycleTask)factory);
            }
        }
        return tasks;
    }

    private Set<MessageStoreFactory> distinct()
    {
        final Set<MessageStoreFactory> distinct = Collections.newSetFromMap(new IdentityHashMap<>());
        distinct.addAll(bySession.values());
        distinct.addAll(templateFactories);
        return distinct;
    }
}
