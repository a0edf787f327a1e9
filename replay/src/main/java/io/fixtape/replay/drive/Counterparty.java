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
 * <p>Threading: the replay thread only. Allocation-free per message: outbound bytes are gathered in a reused
 * 4 KiB array and hashed a block at a time (SHA-256 over the concatenated stream, whatever the chunking).
 */
final class Counterparty implements TransportListener, MessageAssembler.Handler
{
    /**
     * Bytes of outbound messages gathered before one {@code MessageDigest.update} (SHA-256 of the stream is the same):
     * ~16 typical replies per call, small enough to stay in L1 (a 64 KiB block evicted the engine's working set and
     * cost more than the per-call overhead it saved: in-JVM interleaved A/B, median replay-thread CPU per message 868 ns
     * one update per message, 938 ns with 64 KiB, 852 ns with 4 KiB).
     */
    static final int DIGEST_BLOCK = 4 * 1024;
    private final Transport transport;
    private final MessageAssembler assembler;
    private final MessageDigest digest;
    private final SessionRecording replayedOutbound;
    private final OutboundListener listener;
    /** Outbound bytes not yet in the digest: hashed a block at a time, not one {@code update} per message. */
    private final byte[] undigested = new byte[DIGEST_BLOCK];
    private int undigestedLength;
    private Connection connection;
    private DisconnectReason disconnectReason;
    private int outboundCount;
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
        assembler.onData(buffer, offset, length, this);
    }

    @Override
    public boolean onMessage(final DirectBuffer buffer, final int offset, final int length)
    {
        digest(buffer, offset, length);
        if (replayedOutbound != null)
        {
            replayedOutbound.add(false, 0, buffer, offset, length);
        }
        listener.onOutbound(outboundCount++, buffer, offset, length);
        return true;
    }

    private void digest(final DirectBuffer buffer, final int offset, final int length)
    {
        int position = offset;
        int remaining = length;
        while (remaining > 0)
        {
            if (undigestedLength == DIGEST_BLOCK)
            {
                flushDigest();
            }
            final int chunk = Math.min(remaining, DIGEST_BLOCK - undigestedLength);
            buffer.getBytes(position, undigested, undigestedLength, chunk);
            undigestedLength += chunk;
            position += chunk;
            remaining -= chunk;
        }
    }

    private void flushDigest()
    {
        digest.update(undigested, 0, undigestedLength);
        undigestedLength = 0;
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

    long garbledBytes()
    {
        return garbledBytes;
    }

    /** Hex SHA-256 of every outbound message, in order (call once, at the end). */
    String digestHex()
    {
        flushDigest();
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
