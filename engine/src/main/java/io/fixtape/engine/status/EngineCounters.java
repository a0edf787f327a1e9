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
    /** Room in a counters file per session (its metrics take about 110). */
    public static final int COUNTERS_PER_SESSION = 128;

    private final CountersManager manager;

    /** Connections accepted by an acceptor socket. */
    public final AtomicCounter connectionsAccepted;
    /** Outbound connections established by an initiator. */
    public final AtomicCounter connectionsInitiated;
    /**
     * Outbound connections that failed: refused or unreachable, timed out ({@link #connectTimeouts}), or closed
     * before the initiator's Logon completed.
     */
    public final AtomicCounter connectFailures;
    /** Outbound connects abandoned after the initiator's ConnectTimeout (also in {@link #connectFailures}). */
    public final AtomicCounter connectTimeouts;
    /** Accepted sockets closed at once because the connection limit was reached. */
    public final AtomicCounter connectionsRefusedLimit;
    /** Accepted sockets closed at once because the caps on connections without a Logon were reached. */
    public final AtomicCounter connectionsRefusedUnauthenticated;
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
    /** TLS handshakes completed. */
    public final AtomicCounter tlsHandshakes;
    /** TLS handshakes that failed (each also logged with the peer address). */
    public final AtomicCounter tlsHandshakeFailures;
    /** Bad TLS records after the handshake. */
    public final AtomicCounter tlsErrors;

    private final AtomicCounter[] disconnects = new AtomicCounter[DisconnectReason.values().length];

    private final CountersFile file;

    /** In memory: readable by this process only. */
    public EngineCounters()
    {
        this(new UnsafeBuffer(ByteBuffer.allocateDirect(MAX_COUNTERS * CountersReader.METADATA_LENGTH)),
            new UnsafeBuffer(ByteBuffer.allocateDirect(MAX_COUNTERS * CountersReader.COUNTER_LENGTH)), null);
    }

    /** In memory with room for the metrics of {@code sessions} sessions (for the metrics endpoint). */
    public static EngineCounters inMemory(final int sessions)
    {
        final int max = MAX_COUNTERS + COUNTERS_PER_SESSION * sessions;
        return new EngineCounters(new UnsafeBuffer(ByteBuffer.allocateDirect(max * CountersReader.METADATA_LENGTH)),
            new UnsafeBuffer(ByteBuffer.allocateDirect(max * CountersReader.COUNTER_LENGTH)), null);
    }

    /**
     * In the counters file of an engine directory ({@link CountersFile}), readable by other processes; with room for
     * the engine's own counters and {@link #COUNTERS_PER_SESSION} per session for {@code sessions} sessions.
     */
    public static EngineCounters inDirectory(
        final java.nio.file.Path directory, final String engineName, final int sessions, final long nowEpochMs)
    {
        final CountersFile file = CountersFile.create(
            directory, engineName, MAX_COUNTERS + COUNTERS_PER_SESSION * sessions, nowEpochMs);
        return new EngineCounters(file.metadataBuffer(), file.valuesBuffer(), file);
    }

    private EngineCounters(final UnsafeBuffer meta, final UnsafeBuffer values, final CountersFile file)
    {
        this.file = file;
        manager = new CountersManager(meta, values);
        connectionsAccepted = manager.newCounter("connections.accepted");
        connectionsInitiated = manager.newCounter("connections.initiated");
        connectFailures = manager.newCounter("connect.failures");
        connectTimeouts = manager.newCounter("connect.timeouts");
        connectionsRefusedLimit = manager.newCounter("connections.refused.limit");
        connectionsRefusedUnauthenticated = manager.newCounter("connections.refused.unauthenticated");
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
        tlsHandshakes = manager.newCounter("tls.handshakes");
        tlsHandshakeFailures = manager.newCounter("tls.handshake.failures");
        tlsErrors = manager.newCounter("tls.errors");
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

    /** Visit every engine counter (label, value), not the sessions' series; for reports, not the hot path. */
    public void forEach(final ObjLongConsumer<String> consumer)
    {
        manager.forEach((counterId, typeId, keyBuffer, label) ->
        {
            if (typeId == MetricTypes.ENGINE_COUNTER)
            {
                consumer.accept(label, manager.getCounterValue(counterId));
            }
        });
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

    /** Allocates session counters; configuration time and the poller thread only. */
    public CountersManager manager()
    {
        return manager;
    }

    /** The counters file these counters live in, or null when they are in memory only. */
    public CountersFile file()
    {
        return file;
    }
}
