package io.fixtape.engine.testkit;

import io.fixtape.engine.session.Session;

/**
 * Two real {@link Session}s, an initiator and an acceptor, wired through an in-process byte pipe and framed by
 * the real framer: a complete FIX conversation on the test thread, deterministic under a {@link TestClock}.
 * {@link #pump()} moves bytes until both sides are quiet; {@link #advanceSeconds} moves time and runs both
 * sessions' timers. Reusable by other modules through the engine test-jar. Single-threaded.
 */
public final class InProcessSessionPair
{
    private final Session initiator;
    private final Session acceptor;
    private final TestClock clock;
    private final int capacity;
    private SessionPump initiatorPump;
    private SessionPump acceptorPump;

    public InProcessSessionPair(final Session initiator, final Session acceptor, final TestClock clock)
    {
        this(initiator, acceptor, clock, 1 << 20);
    }

    /** @param capacity bytes each direction buffers before {@code BACK_PRESSURED}. */
    public InProcessSessionPair(
        final Session initiator, final Session acceptor, final TestClock clock, final int capacity)
    {
        this.initiator = initiator;
        this.acceptor = acceptor;
        this.clock = clock;
        this.capacity = capacity;
    }

    /** New pipe: the acceptor binds it, the initiator binds it and sends its Logon; then pump. */
    public InProcessSessionPair connect()
    {
        final InProcessConnection[] pipe = InProcessConnection.pair("initiator", "acceptor", capacity);
        initiatorPump = new SessionPump(initiator);
        acceptorPump = new SessionPump(acceptor);
        if (!acceptorPump.connect(pipe[1], false) || !initiatorPump.connect(pipe[0], true))
        {
            throw new IllegalStateException("connect refused");
        }
        pump();
        return this;
    }

    /** Move bytes both ways until nothing is delivered. @return messages delivered. */
    public int pump()
    {
        int total = 0;
        int delivered;
        do
        {
            delivered = acceptorPump.poll() + initiatorPump.poll();
            total += delivered;
        }
        while (delivered > 0);
        return total;
    }

    /** One poll of each side (no loop): for step-by-step tests. */
    public int pollOnce()
    {
        return acceptorPump.poll() + initiatorPump.poll();
    }

    /** Advance the clock, run both sessions' timers, pump. */
    public InProcessSessionPair advanceSeconds(final long seconds)
    {
        clock.advanceSeconds(seconds);
        return doWork();
    }

    public InProcessSessionPair advanceMillis(final long millis)
    {
        clock.advanceMillis(millis);
        return doWork();
    }

    /** Run both sessions' timers at the current time and pump. */
    public InProcessSessionPair doWork()
    {
        initiator.doWork(clock.nanoTime());
        acceptor.doWork(clock.nanoTime());
        pump();
        return this;
    }

    public Session initiator()
    {
        return initiator;
    }

    public Session acceptor()
    {
        return acceptor;
    }

    public TestClock clock()
    {
        return clock;
    }

    /** Initiator's end of the pipe. */
    public InProcessConnection initiatorConnection()
    {
        return initiatorPump.connection();
    }

    /** Acceptor's end of the pipe. */
    public InProcessConnection acceptorConnection()
    {
        return acceptorPump.connection();
    }
}
