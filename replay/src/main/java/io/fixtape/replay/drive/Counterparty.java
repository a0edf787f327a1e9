package io.fixtape.replay.drive;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

import io.fixtape.engine.codec.FixFramer;
import io.fixtape.engine.runtime.MessageAssembler;
import io.fixtape.engine.transport.Connection;
import io.fixtape.engine.transport.DisconnectReason;
import io.fixtape.engine.transport.Transport;
import io.fixtape.engine.transport.TransportListener;
import io.fixtape.replay.recording.SessionRecording;
import org.agrona.DirectBuffer;

/**
 * The replay's stand-in for the recorded counterparty: it owns the counterparty end of the transport, writes the
 * recorded inbound messages (the replayer decides when), and frames everything the engine sends back: each
 * outbound message goes into a SHA-256 digest of the stream, optionally into a {@link SessionRecording} for the
 * diff, and its arrival time answers the latency of the inbound message that caused it.
 *
 * <p>Threading: the replay thread only. Allocation-free per message (the digest works on a reused byte array).
 */
final class Counterparty implements TransportListener, MessageAssembler.Handler
{
    private final Transport transport;
    private final MessageAssembler assembler;
    private final MessageDigest digest;
    private final SessionRecording replayedOutbound;
    private final OutboundListener listener;
    private byte[] scratch = new byte[4096];
    private Connection connection;
    private DisconnectReason disconnectReason;
    private int outboundCount;
    private long receivedBytes;
    private long garbledBytes;

    /** Told about each outbound message as it arrives (index = its position in the outbound stream). */
    interface OutboundListener
    {
        void onOutbound(int index, DirectBuffer buffer, int offset, int length);
    }

    Counterparty(final Transport transport, final int maxMessageSize, final SessionRecording replayedOutbound,
        final OutboundListener listener)
    {
        this.transport = transport;
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
        return transport.poll(this);
    }

    /** The recorded message, whole: the number of bytes taken, {@link Connection#BACK_PRESSURED} or NOT_CONNECTED. */
    long send(final DirectBuffer buffer, final int offset, final int length)
    {
        return connection == null ? Connection.NOT_CONNECTED : connection.write(buffer, offset, length);
    }

    @Override
    public void onConnected(final Connection connection, final boolean initiated)
    {
        this.connection = connection;
    }

    @Override
    public void onData(final Connection connection, final DirectBuffer buffer, final int offset, final int length)
    {
        receivedBytes += length;
        assembler.onData(buffer, offset, length, this);
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
        listener.onOutbound(outboundCount++, buffer, offset, length);
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
        disconnectReason = reason;
    }

    boolean isConnected()
    {
        return connection != null && disconnectReason == null;
    }

    DisconnectReason disconnectReason()
    {
        return disconnectReason;
    }

    int outboundCount()
    {
        return outboundCount;
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

    /** Hex SHA-256 of every outbound message, in order (call once, at the end). */
    String digestHex()
    {
        final byte[] hash = digest.digest();
        final StringBuilder hex = new StringBuilder(64);
        for (final byte b : hash)
        {
            hex.append(Character.forDigit(b >> 4 & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
        }
        return hex.toString();
    }

    void close()
    {
        if (connection != null && connection.isOpen())
        {
            connection.close(DisconnectReason.ENGINE_CLOSE);
        }
    }
}
