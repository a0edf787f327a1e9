package io.fixtape.replay.transport.aeron;

import java.util.Objects;

/**
 * Configuration of one {@link AeronTransport} end: where the media driver is, which channel/stream it publishes
 * on and which it subscribes to. Fluent setters; {@link #conclude()} validates.
 *
 * <p>Defaults: fragment limit 64 per poll, IPC channels with a 16 MiB term (flow-control window 8 MiB for IPC, so a briefly descheduled reader or driver does
 * not back-pressure the engine; {@code maxMessageLength} 2 MiB,
 * ample for FIX), streams 1001 (initiator → acceptor) and 1002 (acceptor → initiator).
 */
public final class AeronTransportContext
{
    public static final String DEFAULT_IPC_CHANNEL = "aeron:ipc?term-length=16m";
    public static final int INITIATOR_TO_ACCEPTOR_STREAM = 1001;
    public static final int ACCEPTOR_TO_INITIATOR_STREAM = 1002;
    public static final int DEFAULT_FRAGMENT_LIMIT = 64;

    private String aeronDirectoryName;
    private String name = "aeron-ipc";
    private boolean initiated;
    private String publicationChannel = DEFAULT_IPC_CHANNEL;
    private int publicationStreamId = INITIATOR_TO_ACCEPTOR_STREAM;
    private String subscriptionChannel = DEFAULT_IPC_CHANNEL;
    private int subscriptionStreamId = ACCEPTOR_TO_INITIATOR_STREAM;
    private int fragmentLimit = DEFAULT_FRAGMENT_LIMIT;

    /** IPC, one end: initiator publishes on 1001 and subscribes to 1002, the acceptor the other way round. */
    public static AeronTransportContext ipc(final String aeronDirectoryName, final boolean initiated)
    {
        return new AeronTransportContext()
            .aeronDirectoryName(aeronDirectoryName)
            .name("aeron-ipc")
            .initiated(initiated)
            .channels(DEFAULT_IPC_CHANNEL, DEFAULT_IPC_CHANNEL);
    }

    /**
     * UDP unicast on loopback, one end: each direction is received on its own port ({@code initiatorPort}
     * receives acceptor → initiator, {@code acceptorPort} receives initiator → acceptor).
     */
    public static AeronTransportContext udp(
        final String aeronDirectoryName, final boolean initiated, final int initiatorPort, final int acceptorPort)
    {
        final String toAcceptor = "aeron:udp?endpoint=localhost:" + acceptorPort + "|term-length=16m";
        final String toInitiator = "aeron:udp?endpoint=localhost:" + initiatorPort + "|term-length=16m";
        return new AeronTransportContext()
            .aeronDirectoryName(aeronDirectoryName)
            .name("aeron-udp")
            .initiated(initiated)
            .channels(initiated ? toAcceptor : toInitiator, initiated ? toInitiator : toAcceptor);
    }

    private AeronTransportContext channels(final String publish, final String subscribe)
    {
        publicationChannel = publish;
        subscriptionChannel = subscribe;
        publicationStreamId = initiated ? INITIATOR_TO_ACCEPTOR_STREAM : ACCEPTOR_TO_INITIATOR_STREAM;
        subscriptionStreamId = initiated ? ACCEPTOR_TO_INITIATOR_STREAM : INITIATOR_TO_ACCEPTOR_STREAM;
        return this;
    }

    public AeronTransportContext aeronDirectoryName(final String aeronDirectoryName)
    {
        this.aeronDirectoryName = aeronDirectoryName;
        return this;
    }

    public AeronTransportContext name(final String name)
    {
        this.name = name;
        return this;
    }

    /** Whether this end reports its connection as initiated (true) or accepted (false). */
    public AeronTransportContext initiated(final boolean initiated)
    {
        this.initiated = initiated;
        return this;
    }

    public AeronTransportContext publicationChannel(final String channel)
    {
        this.publicationChannel = channel;
        return this;
    }

    public AeronTransportContext publicationStreamId(final int streamId)
    {
        this.publicationStreamId = streamId;
        return this;
    }

    public AeronTransportContext subscriptionChannel(final String channel)
    {
        this.subscriptionChannel = channel;
        return this;
    }

    public AeronTransportContext subscriptionStreamId(final int streamId)
    {
        this.subscriptionStreamId = streamId;
        return this;
    }

    /** Fragments delivered per {@link AeronTransport#poll} at most (bounds one duty cycle). */
    public AeronTransportContext fragmentLimit(final int fragmentLimit)
    {
        this.fragmentLimit = fragmentLimit;
        return this;
    }

    public String aeronDirectoryName()
    {
        return aeronDirectoryName;
    }

    public String name()
    {
        return name;
    }

    public boolean initiated()
    {
        return initiated;
    }

    public String publicationChannel()
    {
        return publicationChannel;
    }

    public int publicationStreamId()
    {
        return publicationStreamId;
    }

    public String subscriptionChannel()
    {
        return subscriptionChannel;
    }

    public int subscriptionStreamId()
    {
        return subscriptionStreamId;
    }

    public int fragmentLimit()
    {
        return fragmentLimit;
    }

    /** Validate; throws naming the offending field. */
    public AeronTransportContext conclude()
    {
        Objects.requireNonNull(aeronDirectoryName, "aeronDirectoryName");
        Objects.requireNonNull(publicationChannel, "publicationChannel");
        Objects.requireNonNull(subscriptionChannel, "subscriptionChannel");
        if (fragmentLimit <= 0)
        {
            throw new IllegalArgumentException("fragmentLimit must be > 0: " + fragmentLimit);
        }
        if (publicationChannel.equals(subscriptionChannel) && publicationStreamId == subscriptionStreamId)
        {
            throw new IllegalArgumentException("publication and subscription are the same stream: " +
                publicationChannel + " stream " + publicationStreamId);
        }
        return this;
    }
}
