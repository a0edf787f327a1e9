package io.fixtape.cluster;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.FixFramer;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.session.SessionRegistry;
import io.fixtape.engine.transport.Connection;
import io.fixtape.engine.transport.DisconnectReason;
import io.fixtape.engine.transport.TransportListener;
import io.fixtape.engine.transport.tcp.TcpConnection;
import io.fixtape.engine.transport.tcp.TcpTransport;
import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.collections.Long2ObjectHashMap;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.EpochNanoClock;
import org.agrona.concurrent.UnsafeBuffer;

import java.nio.channels.SocketChannel;
import java.util.ArrayDeque;
import java.util.Map;

/**
 * The accepting agent of the {@code pool} and {@code shard} models: owns the listening sockets (a
 * {@link TcpTransport}), reads each new connection until its first complete message, identifies the session from
 * the Logon (BeginString + CompIDs), asks the {@link SessionPlacement} for the worker and hands the socket, with the
 * bytes already read, to that worker ({@link Handoff}). Refusals mirror the single-poller engine: garbled bytes,
 * an oversized BodyLength, a first message that is not a Logon or no message within the logon timeout end in a
 * disconnect; a Logon for an unknown session gets a Logout; each is counted in {@code accept.refused}.
 *
 * <p>Threading: one thread (its runner's). Allocates per connection (its pre-Logon buffer, the hand-over copy),
 * never per message of a logged-on session — those never pass here.
 */
final class AcceptingAgent implements Agent, TransportListener
{
    /** Receives a connection identified as {@code sessionIndex}, for {@code worker}. */
    interface Handoff
    {
        void handOff(int sessionIndex, int worker, SocketChannel channel, byte[] bytesRead);
    }

    private static final class PreLogon
    {
        final TcpConnection connection;
        final long acceptedAtNanos;
        final ExpandableArrayBuffer bytes = new ExpandableArrayBuffer(512);
        int length;
        boolean done;

        PreLogon(final TcpConnection connection, final long acceptedAtNanos)
        {
            this.connection = connection;
            this.acceptedAtNanos = acceptedAtNanos;
        }
    }

    private final TcpTransport transport;
    private final Map<String, Integer> sessionIndexByKey;
    private final SessionPlacement placement;
    private final Handoff handoff;
    private final EpochNanoClock clock;
    private final ClusterCounters counters;
    private final long logonTimeoutNanos;
    private final FixFramer framer;
    private final FixDecoder decoder = new FixDecoder().reserveLookups();
    private final UnsafeBuffer refusal = new UnsafeBuffer(new byte[2048]);
    private final Long2ObjectHashMap<PreLogon> states = new Long2ObjectHashMap<>();
    private final ArrayDeque<PreLogon> byAge = new ArrayDeque<>();
    private long nowNanos;

    /**
     * @param sessionIndexByKey {@link #key(String, String, String)} of each acceptor session (as the counterparty
     *                          writes it: their SenderCompID is our TargetCompID) to its index.
     */
    AcceptingAgent(
        final TcpTransport transport, final Map<String, Integer> sessionIndexByKey, final SessionPlacement placement,
        final Handoff handoff, final EpochNanoClock clock, final ClusterCounters counters,
        final long logonTimeoutNanos, final int maxMessageSize)
    {
        this.transport = transport;
        this.sessionIndexByKey = sessionIndexByKey;
        this.placement = placement;
        this.handoff = handoff;
        this.clock = clock;
        this.counters = counters;
        this.logonTimeoutNanos = logonTimeoutNanos;
        this.framer = new FixFramer(maxMessageSize);
    }

    /** Lookup key of a session: our BeginString, our SenderCompID, our TargetCompID. */
    static String key(final String beginString, final String ourSenderCompId, final String ourTargetCompId)
    {
        return beginString + '\u0001' + ourSenderCompId + '\u0001' + ourTargetCompId;
    }

    @Override
    public String roleName()
    {
        return "fixtape-accept";
    }

    @Override
    public int doWork()
    {
        nowNanos = clock.nanoTime();
        return transport.poll(this) + expireLogonTimeouts();
    }

    @Override
    public void onClose()
    {
        transport.close();
    }

    @Override
    public void onConnected(final Connection connection, final boolean initiated)
    {
        final PreLogon state = new PreLogon((TcpConnection)connection, nowNanos);
        states.put(connection.connectionId(), state);
        byAge.addLast(state);
    }

    @Override
    public void onData(final Connection connection, final DirectBuffer buffer, final int offset, final int length)
    {
        final PreLogon state = states.get(connection.connectionId());
        if (state == null || state.done)
        {
            return;
        }
        state.bytes.putBytes(state.length, buffer, offset, length);
        state.length += length;
        final int framed = framer.frame(state.bytes, 0, state.length);
        if (framed == FixFramer.PARTIAL)
        {
            return;
        }
        if (framed < 0)
        {
            refuse(state, framer.lastReason() == FixFramer.REASON_TOO_LARGE ?
                DisconnectReason.MESSAGE_TOO_LARGE : DisconnectReason.GARBLED_BEFORE_LOGON);
            return;
        }
        decoder.wrap(state.bytes, 0, framed);
        if (decoder.msgType() != MsgTypes.LOGON)
        {
            refuse(state, DisconnectReason.INVALID_LOGON);
            return;
        }
        final Integer sessionIndex = sessionIndexByKey.get(keyOf(decoder));
        if (sessionIndex == null)
        {
            final int refusalLength = SessionRegistry.encodeUnknownSessionLogout(
                decoder, "Unknown session", nowNanos, refusal, 0);
            if (refusalLength > 0)
            {
                connection.write(refusal, 0, refusalLength);
            }
            refuse(state, DisconnectReason.UNKNOWN_SESSION);
            return;
        }
        final int worker = placement.workerFor(sessionIndex);
        final byte[] bytesRead = new byte[state.length];
        state.bytes.getBytes(0, bytesRead);
        state.done = true;
        states.remove(connection.connectionId());
        final SocketChannel channel = transport.detach(state.connection);
        handoff.handOff(sessionIndex, worker, channel, bytesRead);
    }

    private static String keyOf(final FixDecoder logon)
    {
        final int begin = logon.indexOf(Tags.BEGIN_STRING);
        final int sender = logon.indexOf(Tags.SENDER_COMP_ID);
        final int target = logon.indexOf(Tags.TARGET_COMP_ID);
        if (begin < 0 || sender < 0 || target < 0)
        {
            return "";
        }
        // theirs → ours: their TargetCompID is our SenderCompID
        return key(logon.stringAt(begin).toString(), logon.stringAt(target).toString(),
            logon.stringAt(sender).toString());
    }

    private void refuse(final PreLogon state, final DisconnectReason reason)
    {
        state.done = true;
        counters.acceptRefused.increment();
        state.connection.close(reason);
    }

    @Override
    public void onDisconnected(final Connection connection, final DisconnectReason reason)
    {
        final PreLogon state = states.remove(connection.connectionId());
        if (state != null)
        {
            state.done = true;
        }
    }

    private int expireLogonTimeouts()
    {
        int work = 0;
        PreLogon state;
        while ((state = byAge.peekFirst()) != null)
        {
            if (state.done)
            {
                byAge.pollFirst();
                continue;
            }
            if (nowNanos - state.acceptedAtNanos < logonTimeoutNanos)
            {
                break;
            }
            byAge.pollFirst();
            refuse(state, DisconnectReason.LOGON_TIMEOUT);
            work++;
        }
        return work;
    }
}
