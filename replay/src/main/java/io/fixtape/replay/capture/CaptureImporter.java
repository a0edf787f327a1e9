package io.fixtape.replay.capture;

import java.io.IOException;
import java.nio.file.Path;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.session.SessionId;
import io.fixtape.replay.recording.RecordingSink;
import org.agrona.DirectBuffer;

/**
 * Imports a pcap/pcapng capture of FIX over TCP: reads packets ({@link PcapReader}), reassembles each connection
 * ({@link TcpReassembler}), frames FIX, decides per connection which side was the recorded engine and writes every
 * message to a {@link RecordingSink} as inbound (counterparty → engine) or outbound, keyed by the engine-side
 * {@link SessionId}.
 *
 * <p>Which side is the engine, in order of precedence: the side whose SenderCompID is {@link #engineCompId} when
 * given; else the acceptor (receiver of the first Logon), or the initiator when {@link #engineIsInitiator} is set;
 * else, with no Logon in the capture, the TCP server (receiver of the SYN) or its opposite; else the receiver of
 * the first message.
 *
 * <p>Not thread-safe; one import at a time.
 */
public final class CaptureImporter implements FixStreamHandler
{
    private final RecordingSink sink;
    private final FixDecoder decoder = new FixDecoder();
    private String engineCompId;
    private boolean engineIsInitiator;

    public CaptureImporter(final RecordingSink sink)
    {
        this.sink = sink;
    }

    /** The recorded engine's own SenderCompID (overrides the Logon/SYN heuristics). */
    public CaptureImporter engineCompId(final String engineCompId)
    {
        this.engineCompId = engineCompId;
        return this;
    }

    /** Treat the initiator (Logon sender) as the recorded engine instead of the acceptor. */
    public CaptureImporter engineIsInitiator(final boolean engineIsInitiator)
    {
        this.engineIsInitiator = engineIsInitiator;
        return this;
    }

    /** Read and import {@code file}; returns what reassembly saw. */
    public TcpReassembler.Stats importFile(final Path file) throws IOException
    {
        final TcpReassembler reassembler = new TcpReassembler(this);
        final PcapReader reader = new PcapReader();
        reader.read(file, reassembler);
        reassembler.finish();
        return reassembler.stats();
    }

    @Override
    public void onMessage(final ReassembledTcpFlow flow, final boolean fromFirstSender, final long timestampNanos,
        final DirectBuffer buffer, final int offset, final int length)
    {
        decoder.wrap(buffer, offset, length);
        Roles roles = (Roles)flow.attachment();
        if (roles == null)
        {
            final boolean senderIsEngine = senderIsEngine(flow, fromFirstSender);
            final SessionId session = FixFields.sessionOf(decoder, senderIsEngine);
            if (session == null)
            {
                return; // no BeginString/CompIDs yet: the session cannot be identified from this message
            }
            roles = new Roles(senderIsEngine == fromFirstSender, session);
            flow.attachment(roles);
        }
        final boolean inbound = fromFirstSender != roles.firstSenderIsEngine;
        sink.onMessage(roles.session, inbound, timestampNanos, buffer, offset, length);
    }

    private boolean senderIsEngine(final ReassembledTcpFlow flow, final boolean fromFirstSender)
    {
        if (engineCompId != null)
        {
            return engineCompId.equals(FixFields.string(decoder, 49));
        }
        if (decoder.msgType() == MsgTypes.LOGON)
        {
            return engineIsInitiator; // the first Logon comes from the initiator
        }
        final Boolean firstSenderIsClient = flow.firstSenderIsClient();
        if (firstSenderIsClient != null)
        {
            final boolean senderIsClient = firstSenderIsClient == fromFirstSender;
            return senderIsClient == engineIsInitiator;
        }
        return false;
    }

    private static final class Roles
    {
        final boolean firstSenderIsEngine;
        final SessionId session;

        Roles(final boolean firstSenderIsEngine, final SessionId session)
        {
            this.firstSenderIsEngine = firstSenderIsEngine;
            this.session = session;
        }
    }
}
