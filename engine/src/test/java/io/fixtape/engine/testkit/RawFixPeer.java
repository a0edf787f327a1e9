package io.fixtape.engine.testkit;

import io.fixtape.engine.codec.FixFramer;
import io.fixtape.engine.session.Session;
import org.agrona.concurrent.UnsafeBuffer;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A scripted counterparty for one {@link Session}, in the style of the QuickFIX acceptance scripts: the test sends
 * readable messages ({@code |} for SOH, BodyLength/CheckSum computed, {@code <TIME±n>} from the test clock) or
 * raw bytes, and reads back what the session wrote, framed by the real {@link FixFramer}. Single-threaded.
 */
public final class RawFixPeer
{
    private final TestClock clock;
    private final SessionPump pump;
    private final InProcessConnection ours;
    private final FixFramer framer = new FixFramer();
    private final List<String> received = new ArrayList<>();
    private int fillerBytes;

    /** Connect a fresh in-process pipe to {@code session} (as acceptor: the peer speaks first). */
    public RawFixPeer(final Session session, final TestClock clock)
    {
        this(session, clock, false);
    }

    public RawFixPeer(final Session session, final TestClock clock, final boolean sessionInitiates)
    {
        this.clock = clock;
        final InProcessConnection[] pair = InProcessConnection.pair("session", "peer", 1 << 20);
        this.ours = pair[1];
        this.pump = new SessionPump(session);
        if (!pump.connect(pair[0], sessionInitiates))
        {
            throw new IllegalStateException("session refused the connection: " + session);
        }
    }

    /** Send a readable message (BodyLength, CheckSum and times filled in) and let the session process it. */
    public RawFixPeer send(final String readable)
    {
        return sendBytes(FixMessages.wire(readable, clock.nanoTime()));
    }

    /** Send exactly these bytes ({@code |} becomes SOH, times filled in, nothing computed). */
    public RawFixPeer sendRaw(final String readable)
    {
        return sendBytes(FixMessages.replaceTimes(readable, clock.nanoTime()).replace('|', '\u0001')
            .getBytes(StandardCharsets.ISO_8859_1));
    }

    /** Send exactly these bytes (e.g. built beforehand with {@link FixMessages#wire}) and let the session process them. */
    public RawFixPeer sendBytes(final byte[] bytes)
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(bytes);
        if (ours.write(buffer, 0, bytes.length) < 0)
        {
            throw new IllegalStateException("session side refused bytes (closed or full)");
        }
        pump.poll();
        return this;
    }

    /** Run the session's timers at the current test time. */
    public int doWork()
    {
        return pump.session().doWork(clock.nanoTime()) + pump.poll();
    }

    /**
     * Stop reading: what the session sent so far is kept for {@link #drain()}, then the connection's room is taken
     * by filler bytes so that only {@code room} more bytes fit (a counterparty that stopped reading, a full socket).
     */
    public RawFixPeer stopReading(final int room)
    {
        frameReceived();
        final int fill = ours.inbox().capacity() - ours.inboxLength() - room;
        if (ours.inboxLength() != 0 || fill <= 0 || fillerBytes != 0)
        {
            throw new IllegalStateException("cannot stop reading here: " + ours.inboxLength() + " bytes pending");
        }
        sessionSide().write(new UnsafeBuffer(new byte[fill]), 0, fill);
        fillerBytes = fill;
        return this;
    }

    /** Read again ({@link #stopReading}): the filler is discarded; what the session sent since follows it. */
    public RawFixPeer resumeReading()
    {
        ours.consume(fillerBytes);
        fillerBytes = 0;
        return this;
    }

    /** Messages the session sent since the last call, readable ({@code |} for SOH). */
    public List<String> drain()
    {
        if (fillerBytes != 0)
        {
            throw new IllegalStateException("not reading: call resumeReading() first");
        }
        frameReceived();
        final List<String> out = new ArrayList<>(received);
        received.clear();
        return out;
    }

    private void frameReceived()
    {
        int offset = 0;
        final int length = ours.inboxLength();
        while (offset < length)
        {
            final int result = framer.frame(ours.inbox(), offset, length - offset);
            if (result == FixFramer.PARTIAL)
            {
                break;
            }
            if (result < 0)
            {
                throw new AssertionError("session wrote a garbled message, framer reason " + framer.lastReason());
            }
            received.add(ours.inbox().getStringWithoutLengthAscii(offset, result).replace('\u0001', '|'));
            offset += result;
        }
        ours.consume(offset);
    }

    /** The single next message the session sent, as fields (fails if there is not exactly one). */
    public Map<String, String> expectOne()
    {
        final List<String> messages = drain();
        if (messages.size() != 1)
        {
            throw new AssertionError("expected exactly one message, got " + messages);
        }
        return FixMessages.fields(messages.get(0));
    }

    /** Whether the session closed the connection. */
    public boolean isDisconnected()
    {
        return ours.isPeerClosed();
    }

    /** Close from the peer's side (TCP reset/close as the session sees it). */
    public void close()
    {
        ours.close(null);
        pump.poll();
    }

    public InProcessConnection sessionSide()
    {
        return pump.connection();
    }
}
