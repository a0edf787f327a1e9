package io.fixtape.replay.drive;

import java.net.InetSocketAddress;
import java.util.concurrent.atomic.AtomicIntegerArray;

import io.fixtape.engine.transport.Connection;
import io.fixtape.engine.transport.DisconnectReason;
import io.fixtape.engine.transport.Transport;
import io.fixtape.engine.transport.TransportListener;
import org.agrona.DirectBuffer;
import org.agrona.collections.IntArrayList;
import org.agrona.collections.Long2LongHashMap;
import org.agrona.collections.LongArrayList;
import org.agrona.collections.Long2ObjectHashMap;

/**
 * Wraps the engine side of a replay's transport so that the engine sees the recording's messages in recorded order
 * at the recorded clock readings ({@link Timeline}), over as many connections as were recorded.
 *
 * <p><b>Messages.</b> Bytes arriving on a connection are cut into messages here by their recorded lengths (the
 * counterparty writes exactly the recorded messages of that connection, in order, so no parsing is needed) and
 * handed to the engine one message per {@code onData}, in the recorded order across all connections: a message
 * that arrives before an earlier one of another connection waits (copied aside) until that one was handed over.
 * Just before the n-th inbound message the {@link ReplayClock} is advanced to its recorded time, and then to the
 * engine time of the first reply it caused; each time the engine writes a reply, the clock advances to the engine
 * time of the next reply to the same message. Whatever the transport does to message boundaries (TCP coalescing,
 * Aeron fragments), the engine sees the same messages at the same clock readings.
 *
 * <p><b>Output that is not a reply.</b> A recorded Heartbeat or TestRequest that the engine sent because time
 * passed, an initiator's Logon and a Logout the engine started ({@link ReplayPlan#outboundKind}) are owed once the
 * inbound message before them was handled: the clock steps to their recorded time, and the next inbound message
 * waits for up to {@value #TIMER_POLLS} polls (the poller reads its clock before polling the transport, then runs
 * the session timers and initiator connects), so the engine's timers fire and its initiators connect at the
 * recorded time. A Logout the engine does not start by itself within those polls is asked of it
 * ({@link ReplayEngine#logout}) with the recorded Text — what an operator or a shutdown did. If an owed message
 * does not appear (the replay differs), delivery resumes and {@code --diff} shows it.
 *
 * <p><b>Connections.</b> Connections the counterparty opens are matched to the recorded ones in order (the
 * replayer opens the next only once the engine has seen the previous one); connections the engine opens are
 * matched by the address they go to ({@link #sessionAddresses}), and made only when the recording has that session
 * open its next connection (its Logon is the output owed): an initiator that reconnects at any other time — after
 * the recording's last Logout, say — finds nobody there. When a connection ends, its messages not handed over yet
 * are skipped. What the engine has seen of each recorded connection is published for the replay thread
 * ({@link #connectionState}).
 *
 * <p>Read pausing ({@link TransportListener#isReadPaused}) is honoured for every wrapped transport: while the
 * engine's application holds back-pressured replies nothing is read, so the counterparty (the replay loop) meets
 * back-pressure instead of the engine queueing without bound.
 *
 * <p>Threading: used by the engine's poller thread only (it is the engine's {@link Transport}), except
 * {@link #connectionState}, which the replay thread reads. Allocation-free per message after a connection's first
 * messages (its waiting room grows to the largest backlog and stays).
 */
public final class TimelineTransport implements Transport, TransportListener
{
    /** Duty cycles a timer-driven message may take to appear once the clock reached its time. */
    static final int TIMER_POLLS = 3;
    /** {@link #connectionState}: the engine has not seen the recorded connection yet. */
    static final int NOT_SEEN = 0;
    /** {@link #connectionState}: the engine has the connection. */
    static final int CONNECTED = 1;
    /** {@link #connectionState}: the connection has ended, as far as the engine is concerned. */
    static final int ENDED = 2;

    private final Transport inner;
    private final ReplayClock clock;
    private final ReplayPlan plan;
    private final Inflow[] inflows;
    private final Long2ObjectHashMap<Inflow> byConnectionId = new Long2ObjectHashMap<>();
    private final Long2LongHashMap pendingConnects = new Long2LongHashMap(-1);
    private final int[] acceptedOrder;
    private final int[][] sessionConnections;
    private final int[] sessionConnected;
    private final AtomicIntegerArray connectionStates;
    /** Per recorded connection, 1 once the counterparty's side is ready for it ({@link #counterpartyReady}). */
    private final AtomicIntegerArray counterpartyReady;
    private boolean connectsWaitForCounterparty;
    /** Engine connects held until the counterparty is ready: the connect ids and their recorded connections. */
    private final LongArrayList heldConnects = new LongArrayList();
    private final IntArrayList heldConnections = new IntArrayList();
    private InetSocketAddress[] sessionAddresses = new InetSocketAddress[0];
    private ReplayEngine control;
    private TransportListener engine;
    private int nextAccepted;
    private int next;
    private static final int[] NO_MESSAGES = new int[0];

    private int lastDelivered = -1;
    private int delivered;
    private int skipped;
    private int written;
    private long writtenBytes;
    private long unexpectedBytes;
    private int waitingForWritten = -1;
    private int timerPolls;
    private boolean blocked;
    /** Clock reading at the last disconnect or refused connect (MIN_VALUE: none yet). */
    private long connectBlockedAt = Long.MIN_VALUE;
    /** Connects refused because the recording does not open that connection yet, reported at the next poll. */
    private final LongArrayList refusedConnects = new LongArrayList();
    private long nextRefusedId = Long.MIN_VALUE / 2;

    /**
     * @param inner    the engine end of the replay transport.
     * @param clock    the engine's clock.
     * @param timeline recorded clock readings, connections and inbound message lengths.
     */
    public TimelineTransport(final Transport inner, final ReplayClock clock, final Timeline timeline)
    {
        this.inner = inner;
        this.clock = clock;
        this.plan = timeline.plan;
        final int connections = plan.connectionCount();
        this.inflows = new Inflow[connections];
        this.connectionStates = new AtomicIntegerArray(connections);
        this.counterpartyReady = new AtomicIntegerArray(connections);
        int accepted = 0;
        for (int c = 0; c < connections; c++)
        {
            accepted += plan.connectionEngineInitiates[c] ? 0 : 1;
        }
        acceptedOrder = new int[accepted];
        final int sessions = plan.sessions().size();
        sessionConnections = new int[sessions][];
        sessionConnected = new int[sessions];
        final int[] perSession = new int[sessions];
        for (int c = 0, a = 0; c < connections; c++)
        {
            if (!plan.connectionEngineInitiates[c])
            {
                acceptedOrder[a++] = c;
            }
            perSession[plan.connectionSession[c]]++;
        }
        for (int s = 0; s < sessions; s++)
        {
            sessionConnections[s] = new int[perSession[s]];
            perSession[s] = 0;
        }
        for (int c = 0; c < connections; c++)
        {
            final int s = plan.connectionSession[c];
            sessionConnections[s][perSession[s]++] = c;
        }
    }

    /** Where each session's initiator connects (by session position), to tell its connections apart. */
    public TimelineTransport sessionAddresses(final InetSocketAddress[] addresses)
    {
        this.sessionAddresses = addresses.clone();
        return this;
    }

    /**
     * Make an initiator session's connects wait until the replay says the counterparty is ready for that connection
     * ({@link #counterpartyReady}). Without it a reconnecting initiator may reach the counterparty's listening
     * socket before the counterparty has seen the previous connection end, and the two connections' bytes would
     * arrive at the counterparty out of order.
     */
    public TimelineTransport connectsWaitForCounterparty()
    {
        this.connectsWaitForCounterparty = true;
        return this;
    }

    /**
     * Replay thread: the counterparty's side of recorded connection {@code connection} is ready (the session's
     * previous connection is over on both sides); an engine connect for it held until now goes ahead as a refused
     * connect that the initiator retries at once.
     */
    public void counterpartyReady(final int connection)
    {
        counterpartyReady.set(connection, 1);
    }

    /** The engine to ask for a Logout it started when recorded (set once it runs, before it is polled). */
    public TimelineTransport control(final ReplayEngine engine)
    {
        this.control = engine;
        return this;
    }

    @Override
    public int poll(final TransportListener listener)
    {
        this.engine = listener;
        blocked = false;
        int work = releaseHeldConnects();
        work += reportRefusedConnects();
        work += serveOwedOutput();
        work += deliverWaiting();
        if (!blocked && next < plan.inboundCount())
        {
            final Inflow inflow = inflows[plan.inboundConnection[next]];
            blocked = inflow != null && !inflow.ended && listener.isReadPaused(inflow.view);
        }
        if (blocked)
        {
            return work + 1; // the inner transport waits until the waiting message can go (order, back-pressure)
        }
        return work + inner.poll(this);
    }

    /**
     * The next outbound message to be written, if it is not a reply and the inbound message before it was handled:
     * step the clock to its time once; count the polls it is waited for; ask for a Logout the engine started.
     */
    private int serveOwedOutput()
    {
        if (!isOwed())
        {
            return 0;
        }
        if (waitingForWritten != written)
        {
            waitingForWritten = written;
            timerPolls = 0;
            clock.advanceTo(plan.outboundClock[written]);
            return 1;
        }
        timerPolls++;
        if (plan.outboundKind[written] == ReplayPlan.ENGINE_LOGON && connectBlockedAt != Long.MIN_VALUE &&
            clock.nanoTime() <= connectBlockedAt)
        {
            // an initiator retries a reconnect interval (the replay's: 1 ns) after its disconnect or refused connect
            clock.advanceTo(connectBlockedAt + 1);
            return 1;
        }
        if (timerPolls == TIMER_POLLS && plan.outboundKind[written] == ReplayPlan.ENGINE_LOGOUT && control != null)
        {
            control.logout(plan.sessions().get(plan.outboundSession[written]).sessionId(),
                plan.outboundLogoutText[written]);
            return 1;
        }
        return 0;
    }

    /** The next outbound message to be written is not a reply and is owed by an inbound message already handled. */
    private boolean isOwed()
    {
        return written < plan.outboundCount() && plan.outboundKind[written] != ReplayPlan.REPLY &&
            plan.outboundCause[written] < next;
    }

    /** Whether inbound message {@link #next} waits for owed output (see {@link #serveOwedOutput}). */
    private boolean holdForOwedOutput()
    {
        if (!isOwed())
        {
            return false;
        }
        final int budget = plan.outboundKind[written] == ReplayPlan.ENGINE_LOGOUT ? TIMER_POLLS + 1 : TIMER_POLLS;
        return waitingForWritten != written || timerPolls < budget;
    }

    /** Hand over every waiting message that is next in recorded order; stops at the first that cannot go yet. */
    private int deliverWaiting()
    {
        int work = 0;
        while (next < plan.inboundCount())
        {
            final Inflow inflow = inflows[plan.inboundConnection[next]];
            if (inflow == null)
            {
                return work; // its connection is not there yet
            }
            if (inflow.ended)
            {
                skipNext(inflow);
                continue;
            }
            final int length = plan.inboundLength[next];
            if (inflow.waitingBytes() < length || !mayDeliver(inflow))
            {
                return work;
            }
            final int offset = inflow.waitingStart;
            inflow.waitingStart += length;
            deliver(inflow, inflow.waiting, offset, length);
            inflow.compact();
            work++;
        }
        return work;
    }

    private void skipNext(final Inflow inflow)
    {
        next++;
        skipped++;
        inflow.cursor++;
    }

    private boolean mayDeliver(final Inflow inflow)
    {
        if (engine.isReadPaused(inflow.view) || holdForOwedOutput())
        {
            blocked = true;
            return false;
        }
        return true;
    }

    @Override
    public String name()
    {
        return inner.name();
    }

    @Override
    public boolean canConnect()
    {
        return inner.canConnect();
    }

    /**
     * An initiator session's connect: made when the recording has its session open its next connection now (its
     * Logon is the next output owed), else refused (reported at the next poll), as a connect that found nobody
     * listening; the session retries when the clock moves on.
     */
    @Override
    public long connect(final InetSocketAddress address)
    {
        final int session = sessionOf(address);
        if (session >= 0 && !(isOwed() && plan.outboundKind[written] == ReplayPlan.ENGINE_LOGON &&
            plan.outboundSession[written] == session))
        {
            final long refused = nextRefusedId++;
            refusedConnects.addLong(refused);
            connectBlockedAt = clock.nanoTime();
            return refused;
        }
        if (session >= 0 && connectsWaitForCounterparty)
        {
            final int[] connections = sessionConnections[session];
            final int ordinal = sessionConnected[session];
            if (ordinal < connections.length && counterpartyReady.get(connections[ordinal]) == 0)
            {
                // reported as refused once the counterparty is ready: the initiator then retries and connects
                final long held = nextRefusedId++;
                heldConnects.addLong(held);
                heldConnections.addInt(connections[ordinal]);
                return held;
            }
        }
        final long connectionId = inner.connect(address);
        pendingConnects.put(connectionId, session);
        return connectionId;
    }

    private int releaseHeldConnects()
    {
        int released = 0;
        for (int i = heldConnects.size() - 1; i >= 0; i--)
        {
            if (counterpartyReady.get(heldConnections.getInt(i)) != 0)
            {
                refusedConnects.addLong(heldConnects.removeAt(i));
                heldConnections.removeAt(i);
                connectBlockedAt = clock.nanoTime();
                released++;
            }
        }
        return released;
    }

    private int reportRefusedConnects()
    {
        final int refused = refusedConnects.size();
        for (int i = 0; i < refused; i++)
        {
            engine.onConnectFailed(refusedConnects.getLong(i));
        }
        refusedConnects.clear();
        return refused;
    }

    private int sessionOf(final InetSocketAddress address)
    {
        for (int s = 0; s < sessionAddresses.length; s++)
        {
            if (address.equals(sessionAddresses[s]))
            {
                return s;
            }
        }
        return -1;
    }

    @Override
    public void close()
    {
        inner.close();
    }

    @Override
    public void onConnected(final Connection connection, final boolean initiated)
    {
        final int recorded = recordedConnectionOf(connection, initiated);
        final Inflow inflow = new Inflow(recorded, recorded < 0 ? NO_MESSAGES : plan.connectionInbound[recorded],
            new CountingConnection(connection, this::onWritten));
        if (recorded >= 0)
        {
            inflows[recorded] = inflow;
            connectionStates.set(recorded, CONNECTED);
        }
        byConnectionId.put(connection.connectionId(), inflow);
        if (!initiated && next < plan.inboundCount())
        {
            clock.advanceTo(plan.inboundTimestamps[next]); // the counterparty connected to send its next message
        }
        engine.onConnected(inflow.view, initiated);
    }

    /** The recorded connection a new one stands for, or -1 when the recording has none left for it. */
    private int recordedConnectionOf(final Connection connection, final boolean initiated)
    {
        if (!initiated)
        {
            return nextAccepted < acceptedOrder.length ? acceptedOrder[nextAccepted++] : -1;
        }
        final long session = pendingConnects.remove(connection.connectionId());
        if (session < 0)
        {
            return -1;
        }
        final int[] connections = sessionConnections[(int)session];
        final int ordinal = sessionConnected[(int)session]++;
        return ordinal < connections.length ? connections[ordinal] : -1;
    }

    @Override
    public void onData(final Connection connection, final DirectBuffer buffer, final int offset, final int length)
    {
        final Inflow inflow = byConnectionId.get(connection.connectionId());
        if (inflow == null || inflow.recorded < 0)
        {
            unexpectedBytes += length; // a connection the recording does not have: nothing of it is expected
            return;
        }
        if (inflow.waitingBytes() > 0)
        {
            inflow.append(buffer, offset, length); // behind what already waits
            deliverWaiting();
            return;
        }
        int position = offset;
        final int end = offset + length;
        while (position < end)
        {
            final int inbound = inflow.nextInbound();
            if (inbound < 0)
            {
                unexpectedBytes += end - position; // more than the recording holds: never expected
                return;
            }
            final int expected = plan.inboundLength[inbound];
            if (end - position < expected || inbound != next || !mayDeliver(inflow))
            {
                break; // a part, or not its turn yet: wait
            }
            if (!deliver(inflow, buffer, position, expected))
            {
                return;
            }
            position += expected;
        }
        if (position < end)
        {
            inflow.append(buffer, position, end - position);
        }
        deliverWaiting();
    }

    /** @return false when the engine closed the connection while handling it. */
    private boolean deliver(final Inflow inflow, final DirectBuffer buffer, final int offset, final int length)
    {
        final int inbound = next++;
        inflow.cursor++;
        delivered++;
        lastDelivered = inbound;
        clock.advanceTo(plan.inboundTimestamps[inbound]);
        advanceToReply(inbound);
        engine.onData(inflow.view, buffer, offset, length);
        return inflow.view.isOpen();
    }

    /** If the next outbound message to be written answers {@code inbound}, move the clock to its engine time. */
    private void advanceToReply(final int inbound)
    {
        if (inbound >= 0 && written < plan.outboundCount() && plan.outboundCause[written] == inbound &&
            plan.outboundKind[written] == ReplayPlan.REPLY)
        {
            clock.advanceTo(plan.outboundClock[written]);
        }
    }

    @Override
    public void onDisconnected(final Connection connection, final DisconnectReason reason)
    {
        final Inflow inflow = byConnectionId.remove(connection.connectionId());
        if (inflow == null)
        {
            return;
        }
        inflow.ended = true;
        connectBlockedAt = clock.nanoTime();
        inflow.waitingStart = 0;
        inflow.waitingEnd = 0;
        if (inflow.recorded >= 0)
        {
            connectionStates.set(inflow.recorded, ENDED);
        }
        engine.onDisconnected(inflow.view, reason);
        deliverWaiting(); // the next message in order may be one of its own, now never handed over
    }

    @Override
    public void onConnectFailed(final long connectionId)
    {
        pendingConnects.remove(connectionId);
        engine.onConnectFailed(connectionId);
    }

    /** Inbound messages handed to the engine so far. */
    public int delivered()
    {
        return delivered;
    }

    /** Inbound messages handed over or skipped because their connection ended first. */
    public int resolved()
    {
        return delivered + skipped;
    }

    /** Inbound messages never handed over: their connection ended before them. */
    public int skipped()
    {
        return skipped;
    }

    /** A message of {@code length} bytes the engine wrote: the clock steps to the next recorded reply. */
    private void onWritten(final int length)
    {
        written++;
        writtenBytes += length;
        advanceToReply(lastDelivered);
    }

    /** Bytes of the messages the engine wrote into the transport so far (each taken whole). */
    public long writtenBytes()
    {
        return writtenBytes;
    }

    /** Bytes beyond the recorded inbound messages (never expected: the counterparty sends only those). */
    public long unexpectedBytes()
    {
        return unexpectedBytes;
    }

    /** What the engine has seen of recorded connection {@code connection}: not seen, connected, ended (any thread). */
    public int connectionState(final int connection)
    {
        return connectionStates.get(connection);
    }
}
