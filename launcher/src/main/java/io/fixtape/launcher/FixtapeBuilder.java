package io.fixtape.launcher;

import io.fixtape.engine.api.ApplicationFactory;
import io.fixtape.engine.api.DutyCycleTask;
import io.fixtape.engine.api.ResendFilter;
import io.fixtape.launcher.internal.AssembledEngine;
import io.fixtape.launcher.internal.EngineAssembly;
import org.agrona.ErrorHandler;
import org.agrona.concurrent.EpochNanoClock;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ThreadFactory;
import java.util.function.Consumer;

/**
 * Builds a fixtape engine from a settings file, from fluent calls, or both (a file, then calls that add or
 * override keys): every settings key has a typed method ({@link SettingKey} names it; engine-wide keys here,
 * session keys on {@link SessionOptions}), and both ways go through the same mapping as {@code fixtape acceptor}, so
 * the defaults are the same whichever way a key is given — dictionary validation on, the journal opened per
 * directory with its housekeeping in the duty cycle and closed with the engine, the acceptor model and kernel
 * bypass applied.
 *
 * <pre>{@code
 * try (Fixtape fixtape = new FixtapeBuilder()
 *     .session(s -> s.acceptor(9878).sessionId("FIX.4.4", "EXEC", "BANZAI").nonStopSession(true))
 *     .defaults(d -> d.journalPath(Path.of("journal")))
 *     .application((sessionId, clock) -> new OrderFills())
 *     .launch())
 * {
 *     ...
 * }
 * }</pre>
 *
 * <p>Configuration thread only; a builder launches one engine.
 */
public final class FixtapeBuilder
{
    private final EngineAssembly assembly;
    private final SessionOptions defaults;
    private final List<SessionOptions> sessions = new ArrayList<>();

    /** No keys and no sessions yet. */
    public FixtapeBuilder()
    {
        this(EngineAssembly.empty("FixtapeBuilder"));
    }

    private FixtapeBuilder(final EngineAssembly assembly)
    {
        this.assembly = assembly;
        this.defaults = new SessionOptions(assembly.settings(), -1);
        for (int i = 0; i < assembly.settings().sessionCount(); i++)
        {
            sessions.add(new SessionOptions(assembly.settings(), i));
        }
    }

    /**
     * The keys and sessions of a QuickFIX/J-format settings file (every key must be known).
     *
     * @throws IllegalArgumentException an unknown key or a malformed line, with the file and line.
     * @throws java.io.UncheckedIOException the file cannot be read.
     */
    public static FixtapeBuilder fromFile(final Path settingsFile)
    {
        return new FixtapeBuilder(EngineAssembly.fromFile(settingsFile));
    }

    /** {@code [DEFAULT]}: session keys every session inherits. */
    public SessionOptions defaults()
    {
        return defaults;
    }

    /** Configure {@code [DEFAULT]}. */
    public FixtapeBuilder defaults(final Consumer<SessionOptions> configure)
    {
        configure.accept(defaults);
        return this;
    }

    /** Add a session ({@code [SESSION]}) and configure it. */
    public FixtapeBuilder session(final Consumer<SessionOptions> configure)
    {
        final SessionOptions session = new SessionOptions(assembly.settings(), assembly.settings().addSession());
        sessions.add(session);
        configure.accept(session);
        return this;
    }

    /** The sessions so far, those of a settings file first. */
    public List<SessionOptions> sessions()
    {
        return Collections.unmodifiableList(sessions);
    }

    /**
     * Set any {@code [DEFAULT]} key by its settings-file name ({@code null} removes it).
     *
     * @throws IllegalArgumentException for an unknown key (the closest known key is named).
     */
    public FixtapeBuilder set(final String key, final String value)
    {
        assembly.settings().putDefault(key, value);
        return this;
    }

    /** Creates each session's application, once per session (required). */
    public FixtapeBuilder application(final ApplicationFactory applications)
    {
        assembly.applications((config, clock) -> applications.create(config.sessionId(), clock));
        return this;
    }

    /** Accepted connections not yet routed to a session by a Logon, overall; more are closed at once. Default 256. */
    @SettingKey("MaxUnauthenticatedConnections")
    public FixtapeBuilder maxUnauthenticatedConnections(final int value)
    {
        return set("MaxUnauthenticatedConnections", Integer.toString(value));
    }

    /** Accepted connections not yet routed by a Logon, per remote address. Default 64. */
    @SettingKey("MaxUnauthenticatedConnectionsPerAddress")
    public FixtapeBuilder maxUnauthenticatedConnectionsPerAddress(final int value)
    {
        return set("MaxUnauthenticatedConnectionsPerAddress", Integer.toString(value));
    }

    /**
     * The authenticator of every acceptor session: it sees each Logon's fields, the remote address and the session
     * and returns a decision whose reason goes into the refusing Logout's Text (58). It runs after the checks the
     * settings configure ({@code AllowedRemoteAddresses}, {@code ExpectedUsername}/{@code ExpectedPasswordHash},
     * the lockout). Default: none.
     */
    public FixtapeBuilder logonAuthenticator(final io.fixtape.engine.api.LogonAuthenticator authenticator)
    {
        assembly.logonAuthenticator(authenticator);
        return this;
    }

    /**
     * The engine clock, the only time source of sessions, timers and schedules. Default: Agrona's
     * {@code OffsetEpochNanoClock} (wall-clock epoch nanoseconds, allocation-free).
     */
    public FixtapeBuilder clock(final EpochNanoClock clock)
    {
        assembly.clock(clock);
        return this;
    }

    /** Receives errors caught in the duty cycle (they are also counted). Default: print to stderr. */
    public FixtapeBuilder errorHandler(final ErrorHandler errorHandler)
    {
        assembly.errorHandler(errorHandler);
        return this;
    }

    /** Starts the poller thread of the {@code single} model: pin it here. Default: a thread named fixtape-poller. */
    public FixtapeBuilder threadFactory(final ThreadFactory threadFactory)
    {
        assembly.threadFactory(threadFactory);
        return this;
    }

    /**
     * Which stored application messages a resend repeats (PossDupFlag=Y) and which it replaces by a gap fill, e.g.
     * orders too old to be worth executing (QuickFIX/J's DoNotSend). Applies to every session; runs on the session's
     * thread. Default: resend every one.
     */
    public FixtapeBuilder resendFilter(final ResendFilter resendFilter)
    {
        assembly.resendFilter(resendFilter);
        return this;
    }

    /** Work added to every duty cycle of the poller (an order generator, housekeeping). */
    public FixtapeBuilder addTask(final DutyCycleTask task)
    {
        assembly.addTask(task);
        return this;
    }

    /** Listen on this port instead of every session's SocketAcceptPort (0: a free port). */
    public FixtapeBuilder acceptPort(final int port)
    {
        assembly.acceptPort(port);
        return this;
    }

    /**
     * What the poller does when a duty cycle found no work: {@code busy-spin}, {@code yielding}, {@code backoff}
     * (default) or {@code sleeping}.
     */
    @SettingKey("IdleStrategy")
    public FixtapeBuilder idleStrategy(final String value)
    {
        return set("IdleStrategy", value);
    }

    /** Largest inbound message in bytes, &gt;= 256, checked from BodyLength before buffering. Default 65536. */
    @SettingKey("MaxMessageSize")
    public FixtapeBuilder maxMessageSize(final int value)
    {
        return set("MaxMessageSize", Integer.toString(value));
    }

    /** Bytes one connection may queue for sending before back-pressure, &gt;= MaxMessageSize. Default 1048576. */
    @SettingKey("OutboundBufferSize")
    public FixtapeBuilder outboundBufferSize(final int value)
    {
        return set("OutboundBufferSize", Integer.toString(value));
    }

    /**
     * When a connection's outbound buffer is full: {@code back-pressure} (default: the send is refused) or {@code
     * disconnect}.
     */
    @SettingKey("SlowConsumerPolicy")
    public FixtapeBuilder slowConsumerPolicy(final String value)
    {
        return set("SlowConsumerPolicy", value);
    }

    /** Open connections per engine, &gt; 0. Default 1024. */
    @SettingKey("MaxConnections")
    public FixtapeBuilder maxConnections(final int value)
    {
        return set("MaxConnections", Integer.toString(value));
    }

    /**
     * Directory of the engine's counters file ({@code counters.dat}), which {@code fixtape stat} and {@code fixtape
     * session list} read from another process. Default: none (counters in memory only).
     */
    @SettingKey("EngineDirectory")
    public FixtapeBuilder engineDirectory(final Path value)
    {
        return set("EngineDirectory", value.toString());
    }

    /**
     * Serve the counters in the Prometheus text format ({@code /metrics}) and health answers ({@code /health/live},
     * {@code /health/ready}) on this port; 0: any free port. Default: off.
     */
    @SettingKey("MetricsHttpPort")
    public FixtapeBuilder metricsHttpPort(final int value)
    {
        return set("MetricsHttpPort", Integer.toString(value));
    }

    /**
     * An MBean per session in the platform MBean server ({@code io.fixtape:type=Session,...}: state, sequence
     * numbers; logout, disconnect, reset and set sequence numbers, run on the poller thread). Default false.
     */
    @SettingKey("JmxEnabled")
    public FixtapeBuilder jmxEnabled(final boolean value)
    {
        return set("JmxEnabled", value ? "Y" : "N");
    }

    /** Address the metrics endpoint binds. Default 0.0.0.0. */
    @SettingKey("MetricsHttpAddress")
    public FixtapeBuilder metricsHttpAddress(final String value)
    {
        return set("MetricsHttpAddress", value);
    }

    /** TCP_NODELAY, which fixtape always sets on every socket: {@code false} is refused. Default true. */
    @SettingKey("SocketTcpNoDelay")
    public FixtapeBuilder socketTcpNoDelay(final boolean value)
    {
        return set("SocketTcpNoDelay", value ? "Y" : "N");
    }

    /** SO_KEEPALIVE on every socket: the operating system probes idle connections. Default false. */
    @SettingKey("SocketKeepAlive")
    public FixtapeBuilder socketKeepAlive(final boolean value)
    {
        return set("SocketKeepAlive", value ? "Y" : "N");
    }

    /** SO_SNDBUF of every socket in bytes. Default: the OS default. */
    @SettingKey("SocketSendBufferSize")
    public FixtapeBuilder socketSendBufferSize(final int value)
    {
        return set("SocketSendBufferSize", Integer.toString(value));
    }

    /** SO_RCVBUF of every socket in bytes. Default: the OS default. */
    @SettingKey("SocketReceiveBufferSize")
    public FixtapeBuilder socketReceiveBufferSize(final int value)
    {
        return set("SocketReceiveBufferSize", Integer.toString(value));
    }

    /**
     * With at most this many connections the poller reads every socket each duty cycle; 0: always the selector. Default
     * 4.
     */
    @SettingKey("DirectReadConnections")
    public FixtapeBuilder directReadConnections(final int value)
    {
        return set("DirectReadConnections", Integer.toString(value));
    }

    /**
     * Threading model of the acceptor sessions: {@code single} (default), {@code mono}, {@code pool} or {@code shard}.
     */
    @SettingKey("AcceptorModel")
    public FixtapeBuilder acceptorModel(final String value)
    {
        return set("AcceptorModel", value);
    }

    /** Workers ({@code pool}) or shards ({@code shard}). Default 2. */
    @SettingKey("AcceptorThreads")
    public FixtapeBuilder acceptorThreads(final int value)
    {
        return set("AcceptorThreads", Integer.toString(value));
    }

    /** The CPU of each shard thread, one per shard. Default: shard i on CPU i mod online CPUs. */
    @SettingKey("AcceptorCpus")
    public FixtapeBuilder acceptorCpus(final int... value)
    {
        return set("AcceptorCpus", cpus(value));
    }

    /**
     * Idle strategy of the application agent of {@code mono}, {@code pool} and {@code shard}. Default {@code backoff}.
     */
    @SettingKey("AppIdleStrategy")
    public FixtapeBuilder appIdleStrategy(final String value)
    {
        return set("AppIdleStrategy", value);
    }

    /** {@code off} (default), {@code prefer} or {@code require}: use Onload or VMA when this process runs under it. */
    @SettingKey("KernelBypass")
    public FixtapeBuilder kernelBypass(final String value)
    {
        return set("KernelBypass", value);
    }

    /** Onload stack name for this process's sockets; only used under Onload. */
    @SettingKey("OnloadStackName")
    public FixtapeBuilder onloadStackName(final String value)
    {
        return set("OnloadStackName", value);
    }

    /** Where {@code libonload_ext.so} lives when it is not on the system library path. */
    @SettingKey("OnloadLibraryPath")
    public FixtapeBuilder onloadLibraryPath(final Path value)
    {
        return set("OnloadLibraryPath", value.toString());
    }

    /**
     * Build and start the engine: its poller thread (model {@code single}) or workers and application agent.
     *
     * @throws IllegalArgumentException a bad or missing setting, named with where it was set; or
     *                                  {@code KernelBypass=require} without a bypass stack.
     * @throws IllegalStateException    no application factory was given.
     */
    public Fixtape launch()
    {
        return new Fixtape(assemble().launch());
    }

    /**
     * Build the engine without a thread: the caller runs each duty cycle with {@link Fixtape#step()} and moves the
     * clock (tests of heartbeats, timeouts and schedules without sleeping). Acceptor model {@code single} only.
     */
    public Fixtape launchStepped()
    {
        return new Fixtape(assemble().launchStepped());
    }

    /** The assembled engine, not started (tests compare what the two ways of giving keys produce). */
    AssembledEngine assemble()
    {
        return assembly.assemble();
    }

    private static String cpus(final int... cpus)
    {
        final StringBuilder text = new StringBuilder();
        for (final int cpu : cpus)
        {
            text.append(text.length() == 0 ? "" : ",").append(cpu);
        }
        return text.toString();
    }
}
