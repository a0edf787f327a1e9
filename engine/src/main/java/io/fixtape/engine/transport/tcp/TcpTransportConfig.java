package io.fixtape.engine.transport.tcp;

/**
 * Settings of one {@link TcpTransport}: fluent setters, documented defaults, validated by {@link #conclude()}.
 * Mutated only before the transport is created.
 */
public final class TcpTransportConfig
{
    /** Default maximum number of open connections (accepted plus initiated). */
    public static final int DEFAULT_MAX_CONNECTIONS = 1024;
    /** Default bytes a connection may queue for sending before back-pressure (off-heap, per connection). */
    public static final int DEFAULT_OUTBOUND_BUFFER_CAPACITY = 1 << 20;
    /** Default size of the one read buffer shared by all connections of the transport. */
    public static final int DEFAULT_RECEIVE_BUFFER_SIZE = 64 * 1024;
    /** Default max connections accepted per poll, so that an accept storm cannot starve established sessions. */
    public static final int DEFAULT_MAX_ACCEPTS_PER_POLL = 16;
    /**
     * Default largest number of open connections that are read directly every poll instead of through the
     * selector (see {@link #directReadConnections(int)}).
     */
    public static final int DEFAULT_DIRECT_READ_CONNECTIONS = 4;

    private int maxConnections = DEFAULT_MAX_CONNECTIONS;
    private int outboundBufferCapacity = DEFAULT_OUTBOUND_BUFFER_CAPACITY;
    private int receiveBufferSize = DEFAULT_RECEIVE_BUFFER_SIZE;
    private int maxAcceptsPerPoll = DEFAULT_MAX_ACCEPTS_PER_POLL;
    private int directReadConnections = DEFAULT_DIRECT_READ_CONNECTIONS;
    private int socketSendBufferSize;
    private int socketReceiveBufferSize;
    private boolean socketKeepAlive;
    private SlowConsumerPolicy slowConsumerPolicy = SlowConsumerPolicy.BACK_PRESSURE;

    public int maxConnections()
    {
        return maxConnections;
    }

    public TcpTransportConfig maxConnections(final int maxConnections)
    {
        this.maxConnections = maxConnections;
        return this;
    }

    public int outboundBufferCapacity()
    {
        return outboundBufferCapacity;
    }

    public TcpTransportConfig outboundBufferCapacity(final int outboundBufferCapacity)
    {
        this.outboundBufferCapacity = outboundBufferCapacity;
        return this;
    }

    public int receiveBufferSize()
    {
        return receiveBufferSize;
    }

    public TcpTransportConfig receiveBufferSize(final int receiveBufferSize)
    {
        this.receiveBufferSize = receiveBufferSize;
        return this;
    }

    public int maxAcceptsPerPoll()
    {
        return maxAcceptsPerPoll;
    }

    public TcpTransportConfig maxAcceptsPerPoll(final int maxAcceptsPerPoll)
    {
        this.maxAcceptsPerPoll = maxAcceptsPerPoll;
        return this;
    }

    /** SO_SNDBUF; 0 (default) keeps the OS default. */
    public int socketSendBufferSize()
    {
        return socketSendBufferSize;
    }

    public TcpTransportConfig socketSendBufferSize(final int socketSendBufferSize)
    {
        this.socketSendBufferSize = socketSendBufferSize;
        return this;
    }

    /** SO_RCVBUF; 0 (default) keeps the OS default. */
    public int socketReceiveBufferSize()
    {
        return socketReceiveBufferSize;
    }

    public TcpTransportConfig socketReceiveBufferSize(final int socketReceiveBufferSize)
    {
        this.socketReceiveBufferSize = socketReceiveBufferSize;
        return this;
    }

    /**
     * SO_KEEPALIVE on every socket: the operating system probes an idle connection and reports a dead peer even when
     * no FIX heartbeat is expected. Default false.
     */
    public boolean socketKeepAlive()
    {
        return socketKeepAlive;
    }

    public TcpTransportConfig socketKeepAlive(final boolean keepAlive)
    {
        this.socketKeepAlive = keepAlive;
        return this;
    }

    public SlowConsumerPolicy slowConsumerPolicy()
    {
        return slowConsumerPolicy;
    }

    public TcpTransportConfig slowConsumerPolicy(final SlowConsumerPolicy slowConsumerPolicy)
    {
        this.slowConsumerPolicy = slowConsumerPolicy;
        return this;
    }

    public int directReadConnections()
    {
        return directReadConnections;
    }

    /**
     * With at most this many open connections every poll reads each socket directly (one {@code read} per
     * connection, data or not) and asks the selector only every few polls, for accepts, connects and write
     * readiness. A poll through the selector costs an {@code epoll_wait} before every read that finds data, and each
     * arriving segment runs the epoll wake-up callback on the sender's CPU: with few connections reading directly
     * is cheaper and reacts sooner. With more connections the idle polls would cost one system call per socket, so
     * the selector takes over again. 0 always uses the selector.
     */
    public TcpTransportConfig directReadConnections(final int directReadConnections)
    {
        this.directReadConnections = directReadConnections;
        return this;
    }

    /** Validate; the exception names the bad field and its limit. */
    public TcpTransportConfig conclude()
    {
        requirePositive("maxConnections", maxConnections);
        requirePositive("maxAcceptsPerPoll", maxAcceptsPerPoll);
        if (directReadConnections < 0)
        {
            throw new IllegalArgumentException("directReadConnections must be >= 0: " + directReadConnections);
        }
        if (outboundBufferCapacity < 1024)
        {
            throw new IllegalArgumentException("outboundBufferCapacity must be >= 1024: " + outboundBufferCapacity);
        }
        if (receiveBufferSize < 256)
        {
            throw new IllegalArgumentException("receiveBufferSize must be >= 256: " + receiveBufferSize);
        }
        if (socketSendBufferSize < 0 || socketReceiveBufferSize < 0)
        {
            throw new IllegalArgumentException("socketSendBufferSize/socketReceiveBufferSize must be >= 0 (0 = OS default)");
        }
        if (slowConsumerPolicy == null)
        {
            throw new IllegalArgumentException("slowConsumerPolicy must not be null");
        }
        return this;
    }

    private static void requirePositive(final String name, final int value)
    {
        if (value <= 0)
        {
            throw new IllegalArgumentException(name + " must be > 0: " + value);
        }
    }
}
