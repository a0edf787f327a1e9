package io.fixtape.engine.status;

import io.fixtape.engine.transport.DisconnectReason;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.status.AtomicCounter;
import org.agrona.concurrent.status.CountersManager;
import org.agrona.concurrent.status.CountersReader;

import java.nio.ByteBuffer;
import java.util.function.ObjLongConsumer;

/**
 * The engine's counters, kept in an Agrona {@link CountersManager} over off-heap buffers so that any thread (a
 * CLI report, a test) can read them while the poller thread writes them.
 *
 * <p>Threading: counters are written only by the poller thread ({@code increment*Release}), read from anywhere.
 * All counters are created in the constructor; nothing is allocated afterwards.
 */
public final class EngineCounters
{
    private static final int MAX_COUNTERS = 128;

    private final CountersManager manager;

    /** Connections accepted by an acceptor socket. */
    public final AtomicCounter connectionsAccepted;
    /** Outbound connections established by an initiator. */
    public final AtomicCounter connectionsInitiated;
    /** Outbound connection attempts that failed. */
    public final AtomicCounter connectFailures;
    /** Accepted sockets closed at once because the connection limit was reached. */
    public final AtomicCounter connectionsRefusedLimit;
    /** Sockets on which TCP_NODELAY read back false after being set. */
    public final AtomicCounter tcpNoDelayNotSet;
    public final AtomicCounter bytesRead;
    public final AtomicCounter bytesWritten;
    /** Writes refused with BACK_PRESSURED because the outbound buffer was full. */
    public final AtomicCounter backPressureEvents;
    /** Complete messages framed from the wire. */
    public final AtomicCounter messagesReceived;
    /** Bytes skipped by the framer because they did not start a valid message (garbled input). */
    public final AtomicCounter garbledMessages;
    /** Messages refused because BodyLength announced more than the maximum message size. */
    public final AtomicCounter messagesTooLarge;
    /** Logons (or first messages) naming CompIDs/BeginString no configured session has. */
    public final AtomicCounter unknownSessions;
    /** Sessions an acceptor template created on a Logon (not those re-created at start-up). */
    public final AtomicCounter templateSessionsCreated;
    /** Logons matching an acceptor template that its authenticator refused (nothing was created). */
    public final AtomicCounter templateLogonsRefused;
    /** Connections whose first message was not a Logon. */
    public final AtomicCounter messagesBeforeLogon;
    /** Connections that sent no Logon within the logon timeout. */
    public final AtomicCounter logonTimeouts;
    /** Errors caught in the duty cycle (they never escape it). */
    public final AtomicCounter errors;

    private final AtomicCounter[] disconnects = new AtomicCounter[DisconnectReason.values().length];

    public EngineCounters()
    {
        final UnsafeBuffer meta = new UnsafeBuffer(ByteBuffer.allocateDirect(MAX_COUNTERS * CountersReader.METADATA_LENGTH));
        final UnsafeBuffer values = new UnsafeBuffer(ByteBuffer.allocateDirect(MAX_COUNTERS * CountersReader.COUNTER_LENGTH));
        manager = new CountersManager(meta, values);
        connectionsAccepted = manager.newCounter("connections.accepted");
        connectionsInitiated = manager.newCounter("connections.initiated");
        connectFailures = manager.newCounter("connect.failures");
        connectionsRefusedLimit = manager.newCounter("connections.refused.limit");
        tcpNoDelayNotSet = manager.newCounter("tcp.nodelay.not.set");
        bytesRead = manager.newCounter("bytes.read");
        bytesWritten = manager.newCounter("bytes.written");
        backPressureEvents = manager.newCounter("back.pressure");
        messagesReceived = manager.newCounter("messages.received");
        garbledMessages = manager.newCounter("messages.garbled");
        messagesTooLarge = manager.newCounter("messages.too.large");
        unknownSessions = manager.newCounter("sessions.unknown");
        templateSessionsCreated = manager.newCounter("sessions.created.template");
        templateLogonsRefused = manager.newCounter("template.logons.refused");
        messagesBeforeLogon = manager.newCounter("messages.before.logon");
        logonTimeouts = manager.newCounter("logon.timeouts");
        errors = manager.newCounter("errors");
        for (final DisconnectReason reason : DisconnectReason.values())
        {
            disconnects[reason.ordinal()] = manager.newCounter("disconnect." + reason.name().toLowerCase());
        }
    }

    public AtomicCounter disconnects(final DisconnectReason reason)
    {
        return disconnects[reason.ordinal()];
    }

    /** Current value of the counter with this label, or -1 when there is none (tests, reports). */
    public long value(final String label)
    {
        final long[] found = {-1};
        manager.forEach((counterId, typeId, keyBuffer, counterLabel) ->
        {
            if (counterLabel.equals(label))
            {
                found[0] = manager.getCounterValue(counterId);
            }
        });
        return found[0];
    }

    /** Visit every counter (label, value); for reports, not the hot path. */
    public void forEach(final ObjLongConsumer<String> consumer)
    {
        manager.forEach((counterId, typeId, keyBuffer, label) -> consumer.accept(label, manager.getCounterValue(counterId)));
    }

    /** Non-zero counters as {@code label=value} pairs, one line. */
    public String summary()
    {
        final StringBuilder sb = new StringBuilder();
        forEach((label, value) ->
        {
            if (value != 0)
            {
                sb.append(sb.length() == 0 ? "" : " ").append(label).append('=').append(value);
            }
        });
        return sb.toString();
    }

    public CountersReader reader()
    {
        return manager;
    }
}
