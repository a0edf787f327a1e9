package io.fixtape.replay.drive;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

import io.fixtape.engine.codec.FixFramer;
import io.fixtape.engine.runtime.MessageAssembler;
import io.fixtape.engine.transport.Connection;
import io.fixtape.engine.transport.DisconnectReason;
import io.fixtape.engine.transport.TransportListener;
import io.fixtape.replay.recording.SessionRecording;
import org.agrona.DirectBuffer;

/**
 * The replay's stand-in for one session's recorded counterparty: it owns the session's end of the replay network
 * ({@link ReplayNetwork.Link}), opens its connections when told, writes the recorded inbound messages (the replayer
 * decides when), and frames everything the engine sends back: each outbound message goes into a SHA-256 digest of
 * the session's outbound stream (all its connections, in order), optionally into a {@link SessionRecording} for
 * the diff, and its arrival time answers the latency of the inbound message that caused it.
 *
 * <p>Threading: the replay thread only. Allocation-free per message (the digest works on a reused byte array).
 */
final class Counterparty implements TransportListener, MessageAssembler.Handler
{
    private final int session;
    private final ReplayNetwork.Link link;
    private final MessageAssembler assembler;
    private final MessageDigest digest;
    private final SessionRecording replayedOutbound;
    private final OutboundListener listener;
    private byte[] scratch = new byte[4096];
    private Connection connection;
    private DisconnectReason disconnectReason;
    private int connections;
    private int outboundCount;
    private int outboundOnConnection;
    private long lastOutboundNanos;
    private long receivedBytes;
    private long garbledBytes;

    /** Told about each outbound message as it arrives (index = its position in the session's outbound stream). */
    interface OutboundListener
    {
        void onOutbound(int session, int index, long arrivedNanos, DirectBuffer buffer, int offset, int length);
    }

    Counterparty(final int session, final ReplayNetwork.Link link, final int maxMessageSize,
        final SessionRecording replayedOutbound, final OutboundListener listener)
    {
        this.session = session;
        this.link = link;
        this.assembler = new MessageAssembler(new FixFramer(maxMessageSize));
        this.replayedOutbound = replayedOutbound;
        this.listener = listener;
        try
        {
            this.digest = MessageDigest.getInstance("SHA-256");
        }
        catch (final NoSuchAlgorithmException ex)
        {
            throw new IllegalStateException("SHA-256 is part of every JDK", ex);
        }
    }

    int poll()
    {
        return link.poll(this);
    }

    /** Open the session's next connection (or be there for the engine to open it). */
    void openNext()
    {
        link.openNext();
    }

    /** The recorded message, whole: the number of bytes taken, {@link Connection#BACK_PRESSURED} or NOT_CONNECTED. */
    long send(final DirectBuffer buffer, final int offset, final int length)
    {
        return connection == null ? Connection.NOT_CONNECTED : connection.write(buffer, offset, length);
    }

    /** End the current connection from this side (the recording shows a new connection without a Logout). */
    void closeConnection()
    {
        if (connection != null && connection.isOpen())
        {
            connection.close(DisconnectReason.REMOTE_CLOSED);
        }
    }

    @Override
    public void onConnected(final Connection connection, final boolean initiated)
    {
        this.connection = connection;
        disconnectReason = null;
        connections++;
        outboundOnConnection = 0;
        assembler.reset();
    }

    @Override
    public void onData(final Connection connection, final DirectBuffer buffer, final int offset, final int length)
    {
        receivedBytes += length;
        if (connection == this.connection)
        {
            assembler.onData(buffer, offset, length, this);
        }
        else
        {
            garbledBytes += length; // an earlier connection of this session: nothing more is expected on it
        }
    }

    @Override
    public boolean onMessage(final DirectBuffer buffer, final int offset, final int length)
    {
        if (scratch.length < length)
        {
            scratch = new byte[Math.max(length, scratch.length * 2)];
        }
        buffer.getBytes(offset, scratch, 0, length);
        digest.update(scratch, 0, length);
        if (replayedOutbound != null)
        {
            replayedOutbound.add(false, 0, buffer, offset, length);
        }
        final long now = System.nanoTime();
        lastOutboundNanos = now;
        outboundOnConnection++;
        listener.onOutbound(session, outboundCount++, now, buffer, offset, length);
        return true;
    }

    @Override
    public boolean onGarbled(final int reason, final int discardedBytes)
    {
        garbledBytes += discardedBytes;
        return true;
    }

    @Override
    public void onDisconnected(final Connection connection, final DisconnectReason reason)
    {
        if (connection == this.connection)
        {
            this.connection = null;
            disconnectReason = reason;
            assembler.reset();
        }
    }

    boolean isConnected()
    {
        return connection != null;
    }

    /** Connections opened so far (established, whoever opened them). */
    int connections()
    {
        return connections;
    }

    /** Why the last connection ended (null while connected or before any). */
    DisconnectReason disconnectReason()
    {
        return disconnectReason;
    }

    /** Outbound messages received, all connections. */
    int outboundCount()
    {
        return outboundCount;
    }

    /** Outbound messages received on the current (or last) connection. */
    int outboundOnConnection()
    {
        return outboundOnConnection;
    }

    /** When the last outbound message arrived ({@link System#nanoTime()}). */
    long lastOutboundNanos()
    {
        return lastOutboundNanos;
    }

    /** The outbound messages received (null unless collected). */
    SessionRecording replayedOutbound()
    {
        return replayedOutbound;
    }

    /** Bytes received from the engine so far (framed or not). */
    long receivedBytes()
    {
        return receivedBytes;
    }

    long garbledBytes()
    {
        return garbledBytes;
    }

    /** Hex SHA-256 of every outbound message of the session, in order (call once, at the end). */
    String digestHex()
    {
        return hex(digest.digest());
    }

    static String hex(final byte[] hash)
    {
        final StringBuilder hex = new StringBuilder(64);
        for (final byte b : hash)
        {
            hex.append(Character.forDigit(b >> 4 & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
        }
        return hex.toString();
    }

    void close()
    {
        closeConnection();
        link.close();
    }
}
