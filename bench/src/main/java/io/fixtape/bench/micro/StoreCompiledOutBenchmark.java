package io.fixtape.bench.micro;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.FixEncoder;
import io.fixtape.engine.codec.FixFramer;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.session.Session;
import io.fixtape.engine.session.SessionConfig;
import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.store.InMemoryMessageStore;
import io.fixtape.engine.store.MessageStore;
import io.fixtape.engine.store.NoMessageStore;
import io.fixtape.engine.store.StoreSwitch;
import io.fixtape.engine.transport.Connection;
import io.fixtape.engine.transport.DisconnectReason;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.OffsetEpochNanoClock;
import org.agrona.concurrent.UnsafeBuffer;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@code JournalMode=none}: is the store really compiled out? One operation is a full session round trip
 * between two real {@link Session}s over an in-process byte pipe, framed by the real {@link FixFramer}: the
 * initiator sends a NewOrderSingle, the acceptor's application answers with an ExecutionReport, the initiator
 * receives it. Three variants, each in its own fork:
 * <ul>
 *     <li>{@link #noStore} — {@link NoMessageStore} (settings {@code JournalMode=none}): the store calls are made,
 *     to empty methods;</li>
 *     <li>{@link #compiledOut} — {@link NoMessageStore} with {@code -Dfixtape.store.compiledOut=true}
 *     ({@link StoreSwitch#COMPILED_OUT}): the guarded calls are folded away, i.e. the "store calls deleted" build;</li>
 *     <li>{@link #inMemory} — {@link InMemoryMessageStore}: a store that copies every outbound application message.</li>
 * </ul>
 * Run: {@code java -cp bench/target/classes:$(cat bench/target/classpath) org.openjdk.jmh.Main StoreCompiledOut
 * -prof gc} (see docs/BENCHMARKS.md, "Store compiled out"). Single-threaded: the benchmark thread plays both
 * sessions' pollers.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public class StoreCompiledOutBenchmark
{
    @Benchmark
    @Fork(value = 1)
    public long noStore(final NoStorePair pair)
    {
        return pair.roundTrip();
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = "-D" + StoreSwitch.PROPERTY + "=true")
    public long compiledOut(final CompiledOutPair pair)
    {
        return pair.roundTrip();
    }

    @Benchmark
    @Fork(value = 1)
    public long inMemory(final InMemoryPair pair)
    {
        return pair.roundTrip();
    }

    /** {@link NoMessageStore}, store compiled in (unless the fork was started with the property). */
    @State(Scope.Thread)
    public static class NoStorePair extends SessionPair
    {
        @Setup(Level.Trial)
        public void setUp()
        {
            if (StoreSwitch.COMPILED_OUT)
            {
                throw new IllegalStateException("noStore must run without -D" + StoreSwitch.PROPERTY);
            }
            start(new NoMessageStore(), new NoMessageStore());
        }
    }

    /** {@link NoMessageStore} in a JVM where {@link StoreSwitch#COMPILED_OUT} is true. */
    @State(Scope.Thread)
    public static class CompiledOutPair extends SessionPair
    {
        @Setup(Level.Trial)
        public void setUp()
        {
            if (!StoreSwitch.COMPILED_OUT)
            {
                throw new IllegalStateException("compiledOut needs -D" + StoreSwitch.PROPERTY + "=true");
            }
            start(new NoMessageStore(), new NoMessageStore());
        }
    }

    /** {@link InMemoryMessageStore} on both sides (default ring and index sizes: they wrap, never fill). */
    @State(Scope.Thread)
    public static class InMemoryPair extends SessionPair
    {
        @Setup(Level.Trial)
        public void setUp()
        {
            start(new InMemoryMessageStore(), new InMemoryMessageStore());
        }
    }

    /** Two logged-on sessions and the pumps between them. */
    public abstract static class SessionPair
    {
        private static final byte[] CL_ORD_ID = "ORD-1".getBytes(StandardCharsets.US_ASCII);
        private static final byte[] ORDER_ID = "X-1".getBytes(StandardCharsets.US_ASCII);
        private static final byte[] SYMBOL = "INTC".getBytes(StandardCharsets.US_ASCII);

        private Session initiator;
        private Session acceptor;
        private Pipe initiatorEnd;
        private Pipe acceptorEnd;
        private final Pump acceptorPump = new Pump();
        private final Pump initiatorPump = new Pump();
        private long reports;

        void start(final MessageStore initiatorStore, final MessageStore acceptorStore)
        {
            // the engine's default clock (EngineContext): SystemEpochNanoClock goes through Instant.now(), which allocates
            // 24 B whenever escape analysis fails to remove it (it did in the store-compiled-in forks)
            final OffsetEpochNanoClock clock = new OffsetEpochNanoClock();
            final SessionConfig initiatorConfig = new SessionConfig()
                .sessionId(new SessionId("FIX.4.4", "TW", "ISLD")).role(SessionConfig.Role.INITIATOR)
                .heartBtIntSeconds(30);
            final SessionConfig acceptorConfig = new SessionConfig()
                .sessionId(new SessionId("FIX.4.4", "ISLD", "TW")).role(SessionConfig.Role.ACCEPTOR);
            final Application executor = SessionPair::execute;
            final Application receiver = (message, session) ->
            {
                if (message.msgType() == MsgTypes.EXECUTION_REPORT)
                {
                    reports++;
                }
            };
            initiator = new Session(initiatorConfig, initiatorStore, receiver, clock);
            acceptor = new Session(acceptorConfig, acceptorStore, executor, clock);
            initiatorEnd = new Pipe(1 << 16);
            acceptorEnd = new Pipe(1 << 16);
            initiatorEnd.peer = acceptorEnd;
            acceptorEnd.peer = initiatorEnd;
            if (!acceptor.onConnect(acceptorEnd, false) || !initiator.onConnect(initiatorEnd, true))
            {
                throw new IllegalStateException("connect refused");
            }
            pumpAll();
            if (!initiator.isLoggedOn() || !acceptor.isLoggedOn())
            {
                throw new IllegalStateException("not logged on: " + initiator + " / " + acceptor);
            }
        }

        Session initiator()
        {
            return initiator;
        }

        Session acceptor()
        {
            return acceptor;
        }

        /** Deliver everything in flight both ways. */
        void pump()
        {
            pumpAll();
        }

        /** NewOrderSingle out, ExecutionReport back. @return ExecutionReports received so far. */
        long roundTrip()
        {
            final FixEncoder order = initiator.newMessage(MsgTypes.NEW_ORDER_SINGLE);
            order.putBytes(Tags.CL_ORD_ID, CL_ORD_ID).putChar(Tags.HANDL_INST, '1').putBytes(Tags.SYMBOL, SYMBOL)
                .putChar(Tags.SIDE, '1').putUtcTimestamp(Tags.TRANSACT_TIME, initiator.sendingTimeNanos())
                .putDecimal(Tags.ORDER_QTY, 100, 0).putChar(Tags.ORD_TYPE, '2').putDecimal(Tags.PRICE, 12345, 2);
            if (initiator.send() <= 0)
            {
                throw new IllegalStateException("order not sent");
            }
            final long before = reports;
            pumpAll();
            if (reports != before + 1)
            {
                throw new IllegalStateException("no ExecutionReport");
            }
            return reports;
        }

        private void pumpAll()
        {
            int delivered;
            do
            {
                delivered = acceptorPump.poll(acceptor, acceptorEnd) + initiatorPump.poll(initiator, initiatorEnd);
            }
            while (delivered > 0);
        }

        private static void execute(final FixDecoder message, final SessionHandle session)
        {
            if (message.msgType() != MsgTypes.NEW_ORDER_SINGLE)
            {
                return;
            }
            final FixEncoder report = session.newMessage(MsgTypes.EXECUTION_REPORT);
            final int clOrdId = message.indexOf(Tags.CL_ORD_ID);
            report.putBytes(Tags.ORDER_ID, ORDER_ID).putBytes(Tags.EXEC_ID, ORDER_ID);
            if (clOrdId >= 0)
            {
                report.putField(message, clOrdId);
            }
            report.putChar(Tags.EXEC_TYPE, '0').putChar(Tags.ORD_STATUS, '0').putBytes(Tags.SYMBOL, SYMBOL)
                .putChar(Tags.SIDE, '1').putDecimal(Tags.LEAVES_QTY, 100, 0).putDecimal(Tags.CUM_QTY, 0, 0)
                .putDecimal(Tags.AVG_PX, 0, 0);
            session.send();
        }
    }

    /**
     * One end of an in-process byte pipe: the session bound to this end reads this end's inbox, and what it writes
     * lands in the {@link #peer}'s inbox. Never closes (the benchmark fails loudly instead). Single-threaded.
     */
    static final class Pipe implements Connection
    {
        private final UnsafeBuffer inbox;
        private int length;
        Pipe peer;

        Pipe(final int capacity)
        {
            inbox = new UnsafeBuffer(new byte[capacity]);
        }

        @Override
        public long connectionId()
        {
            return System.identityHashCode(this);
        }

        @Override
        public long write(final DirectBuffer buffer, final int offset, final int bytes)
        {
            final Pipe target = peer;
            if (bytes > target.inbox.capacity() - target.length)
            {
                return BACK_PRESSURED;
            }
            target.inbox.putBytes(target.length, buffer, offset, bytes);
            target.length += bytes;
            return bytes;
        }

        @Override
        public int writableBytes()
        {
            return peer.inbox.capacity() - peer.length;
        }

        @Override
        public int pendingBytes()
        {
            return 0;
        }

        @Override
        public boolean isOpen()
        {
            return true;
        }

        @Override
        public void close(final DisconnectReason reason)
        {
            throw new IllegalStateException("session closed the pipe: " + reason);
        }

        @Override
        public String remoteAddress()
        {
            return "inproc";
        }
    }

    /** Frames what arrived in a pipe's inbox and hands complete messages to the session. Allocation-free. */
    static final class Pump
    {
        private final FixFramer framer = new FixFramer();
        private final FixDecoder decoder = new FixDecoder();

        int poll(final Session session, final Pipe pipe)
        {
            int delivered = 0;
            int offset = 0;
            final int length = pipe.length;
            while (offset < length)
            {
                final int result = framer.frame(pipe.inbox, offset, length - offset);
                if (result <= 0)
                {
                    if (result == FixFramer.PARTIAL)
                    {
                        break;
                    }
                    throw new IllegalStateException("garbled: " + framer.lastReason());
                }
                decoder.wrap(pipe.inbox, offset, result);
                offset += result;
                session.onMessage(decoder);
                delivered++;
            }
            if (offset > 0)
            {
                pipe.inbox.putBytes(0, pipe.inbox, offset, length - offset);
                pipe.length = length - offset;
            }
            return delivered;
        }
    }
}
