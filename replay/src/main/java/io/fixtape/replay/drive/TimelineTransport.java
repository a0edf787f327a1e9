package io.fixtape.replay.drive;

import io.fixtape.engine.transport.Connection;
import io.fixtape.engine.transport.DisconnectReason;
import io.fixtape.engine.transport.Transport;
import io.fixtape.engine.transport.TransportListener;
import org.agrona.DirectBuffer;
import org.agrona.ExpandableDirectByteBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Wraps the engine side of a replay transport so that the engine's clock follows the recording ({@link Timeline}):
 * bytes arriving from the counterparty are cut into messages here by their recorded lengths (the counterparty
 * writes exactly the recorded messages, in order, so no parsing is needed) and handed to the engine one message
 * per {@code onData};
 * just before the n-th inbound message the {@link ReplayClock} is advanced to its recorded time, and then to the
 * engine time of the first reply it caused; each time the engine writes a reply, the clock advances to the engine
 * time of the next reply to the same message. Whatever the transport does to message boundaries (TCP coalescing,
 * Aeron fragments), the engine sees the same messages at the same clock readings.
 *
 * <p>Timers: a recorded Heartbeat or TestRequest that the engine sent because time passed ({@link
 * Timeline#isTimerDriven}) is not a reply. Before handing over the next inbound message while such a message is
 * still owed by an earlier one, the clock steps to its recorded time and delivery pauses for up to
 * {@value #TIMER_POLLS} duty cycles (the poller reads its clock before polling the transport, then runs the
 * session timers), so the engine's timers fire at the recorded time — between inbound messages, as when recorded.
 * Held bytes are delivered first on the next poll, and the inner transport is not polled meanwhile (order kept;
 * the counterparty sees back-pressure). If the engine does not produce the owed message (the replay differs),
 * delivery resumes and {@code --diff} shows it. Timer output after the last inbound message is stepped to the same
 * way.
 *
 * <p>Read pausing ({@link TransportListener#isReadPaused}) is honoured for every wrapped transport: while the
 * engine's application holds back-pressured replies nothing is read, so the counterparty (the replay loop) meets
 * back-pressure instead of the engine queueing without bound.
 *
 * <p>The engine gets a wrapping {@link Connection} (to see its writes); everything else passes through.
 *
 * <p>Threading: used by the engine's poller thread only (it is the engine's {@link Transport}). Allocation-free
 * after construction.
 */
public final class TimelineTransport implements Transport, TransportListener
{
    /** Duty cycles a timer-driven message may take to appear once the clock reached its time. */
    static final int TIMER_POLLS = 3;

    private final Transport inner;
    private final ReplayClock clock;
    private final Timeline timeline;
    private final UnsafeBuffer pending;
    private final ExpandableDirectByteBuffer held = new ExpandableDirectByteBuffer(4096);
    private int heldLength;
    private int heldPosition;
    private boolean holding;
    private int waitingForWritten = -1;
    private int timerPolls;
    private final CountingConnection connection = new CountingConnection();
    private TransportListener engine;
    private int pendingLength;
    private int next;
    private int written;
    private long writtenBytes;
    private long unexpectedBytes;

    /**
     * @param inner          the engine end of the replay transport pair.
     * @param clock          the engine's clock.
     * @param timeline       recorded clock readings and inbound message lengths.
     */
    public TimelineTransport(final Transport inner, final ReplayClock clock, final Timeline timeline)
    {
        this.inner = inner;
        this.clock = clock;
        this.timeline = timeline;
        int largest = 0;
        for (final int length : timeline.inboundLengths)
        {
            largest = Math.max(largest, length);
        }
        this.pending = new UnsafeBuffer(new byte[Math.max(largest, 64) * 2]);
    }

    @Override
    public int poll(final TransportListener listener)
    {
        this.engine = listener;
        if (connection.delegate != null && listener.isReadPaused(connection))
        {
            return 0; // the engine's application holds replies: leave the counterparty's bytes in the transport
        }
        if (holding)
        {
            holding = false;
            final int from = heldPosition;
            final int to = heldLength;
            heldPosition = 0;
            heldLength = 0;
            onData(connection.delegate, held, from, to - from); // may hold again (in place)
            return 1; // the inner transport waits until every held byte is delivered (order)
        }
        if (next == timeline.inboundLengths.length && isTimerOutputOwed(next))
        {
            clock.advanceTo(timeline.outboundClock[written]); // timer output after the last inbound message
        }
        return inner.poll(this);
    }

    /** The next outbound message to be written is timer-driven and owed by an inbound message before {@code inbound}. */
    private boolean isTimerOutputOwed(final int inbound)
    {
        return written < timeline.outboundCause.length && timeline.outboundTimerDriven[written] &&
            timeline.outboundCause[written] < inbound;
    }

    /**
     * Whether to hold inbound message {@code inbound} back for the engine's timers: the clock steps to the owed
     * timer message's time and the engine gets {@link #TIMER_POLLS} duty cycles to send it (a fresh budget each
     * time one is written).
     */
    private boolean holdForTimer(final int inbound)
    {
        if (!isTimerOutputOwed(inbound))
        {
            return false;
        }
        if (waitingForWritten != written)
        {
            waitingForWritten = written;
            timerPolls = 0;
            clock.advanceTo(timeline.outboundClock[written]);
        }
        return timerPolls++ < TIMER_POLLS;
    }

    /**
     * Keep {@code buffer[offset, end)} to deliver on the next poll; whatever else the inner transport hands over
     * in the same poll is appended behind it (see {@link #onData}).
     */
    private void hold(final DirectBuffer buffer, final int offset, final int end)
    {
        holding = true;
        if (buffer == held)
        {
            heldPosition = offset; // still in place
            heldLength = end;
            return;
        }
        held.putBytes(0, buffer, offset, end - offset);
        heldPosition = 0;
        heldLength = end - offset;
    }

    @Override
    public String name()
    {
        return inner.name();
    }

    @Override
    public void close()
    {
        inner.close();
    }

    @Override
    public void onConnected(final Connection connection, final boolean initiated)
    {
        this.connection.delegate = connection;
        if (next < timeline.inboundTimestamps.length)
        {
            clock.advanceTo(timeline.inboundTimestamps[next]);
        }
        engine.onConnected(this.connection, initiated);
    }

    @Override
    public void onData(final Connection connection, final DirectBuffer buffer, final int offset, final int length)
    {
        this.connection.delegate = connection;
        if (holding && buffer != held)
        {
            held.putBytes(heldLength, buffer, offset, length); // behind what waits for the engine's timers
            heldLength += length;
            return;
        }
        int position = offset;
        final int end = offset + length;
        while (pendingLength > 0)
        {
            // complete the message started by an earlier chunk
            final int expected = expectedLength();
            if (pendingLength < expected)
            {
                final int take = Math.min(expected - pendingLength, end - position);
                pending.putBytes(pendingLength, buffer, position, take);
                pendingLength += take;
                position += take;
                if (pendingLength < expected)
                {
                    return;
                }
            }
            if (holdForTimer(next))
            {
                hold(buffer, position, end); // the completed message waits in pending
                return;
            }
            pendingLength = 0;
            if (!deliver(pending, 0, expected))
            {
                return;
            }
            if (pausedAfterDelivery(buffer, position, end))
            {
                return;
            }
        }
        while (position < end)
        {
            final int expected = expectedLength();
            if (expected < 0)
            {
                unexpectedBytes += end - position; // more than the recording holds: never expected
                return;
            }
            if (end - position < expected)
            {
                pending.putBytes(0, buffer, position, end - position);
                pendingLength = end - position;
                return;
            }
            if (holdForTimer(next))
            {
                hold(buffer, position, end);
                return;
            }
            if (!deliver(buffer, position, expected))
            {
                return;
            }
            position += expected;
            if (pausedAfterDelivery(buffer, position, end))
            {
                return;
            }
        }
    }

    private int expectedLength()
    {
        return expectedLengthOf(next);
    }

    private int expectedLengthOf(final int index)
    {
        return index < timeline.inboundLengths.length ? timeline.inboundLengths[index] : -1;
    }

    /**
     * The engine paused reading (its application holds a reply the transport could not take): keep the rest for
     * later, so no further inbound message moves the clock before the held reply is sent — it keeps the clock
     * reading it had when recorded.
     */
    private boolean pausedAfterDelivery(final DirectBuffer buffer, final int position, final int end)
    {
        if (!engine.isReadPaused(connection))
        {
            return false;
        }
        hold(buffer, position, end); // even when empty: later chunks of this poll queue behind
        return true;
    }

    /** @return false when the engine closed the connection while handling it. */
    private boolean deliver(final DirectBuffer buffer, final int offset, final int length)
    {
        final int inbound = next++;
        if (inbound < timeline.inboundTimestamps.length)
        {
            clock.advanceTo(timeline.inboundTimestamps[inbound]);
        }
        advanceToReply(inbound);
        engine.onData(connection, buffer, offset, length);
        return connection.isOpen();
    }

    /** If the next outbound message to be written answers {@code inbound}, move the clock to its engine time. */
    private void advanceToReply(final int inbound)
    {
        if (written < timeline.outboundCause.length && timeline.outboundCause[written] == inbound &&
            !timeline.outboundTimerDriven[written])
        {
            clock.advanceTo(timeline.outboundClock[written]);
        }
    }

    @Override
    public void onDisconnected(final Connection connection, final DisconnectReason reason)
    {
        pendingLength = 0;
        heldLength = 0;
        heldPosition = 0;
        holding = false;
        engine.onDisconnected(this.connection, reason);
    }

    @Override
    public void onConnectFailed(final long connectionId)
    {
        engine.onConnectFailed(connectionId);
    }

    /** Inbound messages handed to the engine so far. */
    public int delivered()
    {
        return next;
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

    /** The engine's view of the connection: counts its writes to step the clock through the recorded replies. */
    private final class CountingConnection implements Connection
    {
        private Connection delegate;

        @Override
        public long connectionId()
        {
            return delegate.connectionId();
        }

        @Override
        public long write(final DirectBuffer buffer, final int offset, final int length)
        {
            final long result = delegate.write(buffer, offset, length);
            if (result >= 0)
            {
                written++;
                writtenBytes += length;
                advanceToReply(next - 1);
            }
            return result;
        }

        @Override
        public int writableBytes()
        {
            return delegate.writableBytes();
        }

        @Override
        public int pendingBytes()
        {
            return delegate.pendingBytes();
        }

        @Override
        public boolean isOpen()
        {
            return delegate.isOpen();
        }

        @Override
        public void close(final DisconnectReason reason)
        {
            delegate.close(reason);
        }

        @Override
        public String remoteAddress()
        {
            return delegate.remoteAddress();
        }

        @Override
        public String toString()
        {
            return delegate.toString();
        }
    }
}
