package io.fixtape.bench.micro;

import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.session.Session;
import io.fixtape.engine.status.SessionEventLog;
import io.fixtape.engine.status.SessionEventLogger;
import io.fixtape.engine.store.InMemoryMessageStore;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.SleepingMillisIdleStrategy;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * Do session event lines cost the message path anything? One operation is the round trip of
 * {@link StoreCompiledOutBenchmark} (NewOrderSingle → ExecutionReport between two real sessions over an in-process
 * pipe, in-memory stores) plus one session event on the acceptor: the initiator also sends a Reject with a Text,
 * which the acceptor reports as a REJECT_RECEIVED event (the text copied into the ring). Two variants in their own
 * forks:
 * <ul>
 *     <li>{@link #eventsOff} — no event log attached: the event calls return at once;</li>
 *     <li>{@link #eventsOn} — both sessions report to a {@link SessionEventLog} whose {@link SessionEventLogger}
 *     formats every event on its own thread ({@value SessionEventLogger#ROLE_NAME}) into a sink that drops the
 *     line, as a logging binding would take it.</li>
 * </ul>
 * Run with {@code -prof gc} to see the 0 B/op as well:
 * {@code java $FLAGS -cp "$CP" org.openjdk.jmh.Main SessionEventsBenchmark -prof gc} (docs/BENCHMARKS.md).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1)
public class SessionEventsBenchmark
{
    private static final byte[] TEXT = "Value is incorrect (out of range) for this tag".getBytes();

    @Benchmark
    public long eventsOff(final EventsOff pair)
    {
        return pair.roundTripWithEvent();
    }

    @Benchmark
    public long eventsOn(final EventsOn pair)
    {
        return pair.roundTripWithEvent();
    }

    /** The round trip plus a Reject the acceptor receives (an event when a log is attached). */
    abstract static class EventPair extends StoreCompiledOutBenchmark.SessionPair
    {
        long roundTripWithEvent()
        {
            final Session initiator = initiator();
            initiator.newMessage(MsgTypes.REJECT).putInt(Tags.REF_SEQ_NUM, 1).putInt(Tags.SESSION_REJECT_REASON, 5)
                .putBytes(Tags.TEXT, TEXT);
            if (initiator.send() <= 0)
            {
                throw new IllegalStateException("reject not sent");
            }
            return roundTrip();
        }
    }

    @State(Scope.Thread)
    public static class EventsOff extends EventPair
    {
        @Setup(Level.Trial)
        public void setUp()
        {
            start(new InMemoryMessageStore(), new InMemoryMessageStore());
        }
    }

    @State(Scope.Thread)
    public static class EventsOn extends EventPair
    {
        private AgentRunner logger;
        private SessionEventLog log;
        private long lines;

        @Setup(Level.Trial)
        public void setUp()
        {
            start(new InMemoryMessageStore(), new InMemoryMessageStore());
            log = new SessionEventLog(1 << 20); // ~13k events: the 1 ms idle sleep of the logger never fills it
            initiator().events(log);
            acceptor().events(log);
            logger = new AgentRunner(new SleepingMillisIdleStrategy(1), Throwable::printStackTrace, null,
                new SessionEventLogger(log, (type, warning, line) -> lines += line.length()));
            AgentRunner.startOnThread(logger);
        }

        @TearDown(Level.Trial)
        public void tearDown()
        {
            logger.close();
            if (log.dropped() != 0)
            {
                throw new IllegalStateException("events dropped: " + log.dropped() + " (the logger fell behind)");
            }
        }
    }
}
