package io.fixtape.engine.config;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.IdleStrategies;
import io.fixtape.engine.runtime.ReconnectPolicy;
import io.fixtape.engine.runtime.SessionEndpoint;
import io.fixtape.engine.runtime.SessionTemplate;
import io.fixtape.engine.session.SessionConfig;
import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.session.SessionSchedule;
import io.fixtape.engine.session.StoreFailurePolicy;
import io.fixtape.engine.store.InMemoryMessageStore;
import io.fixtape.engine.store.MessageStoreFactory;
import io.fixtape.engine.store.NoMessageStore;
import io.fixtape.engine.transport.tcp.SlowConsumerPolicy;
import io.fixtape.engine.api.PasswordHash;
import io.fixtape.engine.transport.TlsSettings;
import io.fixtape.engine.transport.tcp.TcpTransportConfig;
import io.fixtape.engine.validation.MessageValidator;
import org.agrona.concurrent.EpochNanoClock;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Maps a parsed settings file onto an {@link EngineContext} with one {@link SessionEndpoint} per {@code [SESSION]}
 * (one {@link SessionTemplate} per {@code [SESSION]} with {@code AcceptorTemplate=Y}).
 * Engine-wide keys ({@code IdleStrategy}, {@code MaxMessageSize}, {@code OutboundBufferSize},
 * {@code SlowConsumerPolicy}, {@code MaxConnections}, socket buffer sizes: {@link KnownKeys.Scope#ENGINE}) are read
 * from {@code [DEFAULT]} only; the parser refuses them in a {@code [SESSION]} section.
 * Every bad value fails with {@code file:line}, the key and what was expected.
 *
 * <p>Configuration time only.
 */
public final class EngineSettings
{
    /** Builds the application of one session (e.g. a new {@code echo} per session). */
    @FunctionalInterface
    public interface ApplicationFactory
    {
        Application create(SessionConfig config, EpochNanoClock clock);
    }

    private final Map<String, Function<Settings.Section, MessageStoreFactory>> storeProviders = new HashMap<>();
    private ValidatorFactory validatorFactory = DictionaryValidators::create;
    private int acceptPortOverride = -1;

    public EngineSettings()
    {
        storeProviders.put("memory", section -> id -> new InMemoryMessageStore());
        storeProviders.put("none", section -> id -> new NoMessageStore());
    }

    /** Make {@code MessageStore=<name>} available (the journal module registers {@code journal}). */
    public EngineSettings storeProvider(final String name, final Function<Settings.Section, MessageStoreFactory> provider)
    {
        storeProviders.put(name, provider);
        return this;
    }

    public EngineSettings validatorFactory(final ValidatorFactory validatorFactory)
    {
        this.validatorFactory = validatorFactory;
        return this;
    }

    /** Listen on this port instead of every SocketAcceptPort (e.g. a free port picked by a script). */
    public EngineSettings acceptPortOverride(final int port)
    {
        this.acceptPortOverride = port;
        return this;
    }

    /**
     * Build the engine context.
     *
     * @param clock       the engine clock (also given to the applications).
     * @param applications builds each session's application.
     */
    public EngineContext toContext(final Settings settings, final EpochNanoClock clock, final ApplicationFactory applications)
    {
        if (settings.sessions().isEmpty())
        {
            throw new SettingsException(settings.source() + ": no [SESSION] section");
        }
        final Settings.Section defaults = settings.defaults();
        final EngineContext context = new EngineContext().clock(clock).name("fixtape");
        context.idleStrategy(defaults.string("IdleStrategy", EngineContext.DEFAULT_IDLE_STRATEGY));
        try
        {
            IdleStrategies.byName(context.idleStrategyName());
        }
        catch (final IllegalArgumentException ex)
        {
            throw new SettingsException(defaults.locationOf("IdleStrategy") + ": IdleStrategy must be one of " +
                IdleStrategies.NAMES + " (is '" + context.idleStrategyName() + "')");
        }
        final int maxMessageSize = defaults.integer("MaxMessageSize", io.fixtape.engine.codec.FixFramer.DEFAULT_MAX_MESSAGE_SIZE);
        defaults.check(maxMessageSize >= 256, "MaxMessageSize", "must be >= 256");
        context.maxMessageSize(maxMessageSize);
        // an accepted connection is not yet a session: the engine applies the default LogonTimeout to it
        context.logonTimeoutNanos(seconds(defaults, "LogonTimeout", 10));
        final TcpTransportConfig transport = new TcpTransportConfig()
            .outboundBufferCapacity(defaults.integer("OutboundBufferSize", TcpTransportConfig.DEFAULT_OUTBOUND_BUFFER_CAPACITY))
            .maxConnections(defaults.integer("MaxConnections", TcpTransportConfig.DEFAULT_MAX_CONNECTIONS))
            .socketSendBufferSize(defaults.integer("SocketSendBufferSize", 0))
            .socketReceiveBufferSize(defaults.integer("SocketReceiveBufferSize", 0))
            .socketKeepAlive(defaults.bool("SocketKeepAlive", false))
            .directReadConnections(defaults.integer("DirectReadConnections", TcpTransportConfig.DEFAULT_DIRECT_READ_CONNECTIONS))
            .slowConsumerPolicy(slowConsumerPolicy(defaults));
        defaults.check(transport.outboundBufferCapacity() >= maxMessageSize, "OutboundBufferSize", "must be >= MaxMessageSize");
        defaults.check(transport.maxConnections() > 0, "MaxConnections", "must be > 0");
        defaults.check(transport.directReadConnections() >= 0, "DirectReadConnections", "must be >= 0 (0: always the selector)");
        context.transportConfig(transport);
        final String engineDirectory = defaults.string("EngineDirectory", "");
        if (!engineDirectory.isEmpty())
        {
            context.engineDirectory(java.nio.file.Path.of(engineDirectory));
        }
        if (defaults.hasOwn("MetricsHttpPort"))
        {
            final int metricsPort = defaults.integer("MetricsHttpPort", -1);
            defaults.check(metricsPort >= 0 && metricsPort <= 65535, "MetricsHttpPort", "must be 0..65535 (0: any free port)");
            context.metricsHttpPort(metricsPort);
        }
        context.metricsHttpAddress(defaults.string("MetricsHttpAddress", EngineContext.DEFAULT_METRICS_HTTP_ADDRESS));
        context.jmxEnabled(defaults.bool("JmxEnabled", false));
        final int maxUnauthenticated = defaults.integer("MaxUnauthenticatedConnections",
            EngineContext.DEFAULT_MAX_UNAUTHENTICATED_CONNECTIONS);
        defaults.check(maxUnauthenticated > 0, "MaxUnauthenticatedConnections", "must be > 0");
        final int maxUnauthenticatedPerAddress = defaults.integer("MaxUnauthenticatedConnectionsPerAddress",
            EngineContext.DEFAULT_MAX_UNAUTHENTICATED_CONNECTIONS_PER_ADDRESS);
        defaults.check(maxUnauthenticatedPerAddress > 0, "MaxUnauthenticatedConnectionsPerAddress", "must be > 0");
        context.maxUnauthenticatedConnections(maxUnauthenticated, maxUnauthenticatedPerAddress);

        final Map<SessionId, MessageStoreFactory> stores = new LinkedHashMap<>();
        final Map<String, SessionId> acceptorIdentities = new HashMap<>();
        final List<MessageStoreFactory> templateStores = new ArrayList<>();
        for (final Settings.Section section : settings.sessions())
        {
            if (section.bool("AcceptorTemplate", false))
            {
                final SessionTemplate template = template(section, clock, applications);
                templateStores.add(template.storeFactory());
                context.addTemplate(template);
                continue;
            }
            final SessionEndpoint endpoint = endpoint(section, null, null, clock, applications);
            final SessionId id = endpoint.config().sessionId();
            if (stores.containsKey(id))
            {
                throw new SettingsException(section.location() + ": session " + id + " is configured twice");
            }
            if (!endpoint.isInitiator())
            {
                // a Logon carries no SessionQualifier: sessions it cannot tell apart need their own ports
                final SessionId other = acceptorIdentities.putIfAbsent(id.beginString() + '\u0001' +
                    id.senderCompId() + '\u0001' + id.targetCompId() + '\u0001' + endpoint.address(), id);
                if (other != null)
                {
                    throw new SettingsException(section.location() + ": sessions " + other + " and " + id +
                        " accept the same BeginString and CompIDs on one SocketAcceptPort: a Logon cannot tell " +
                        "them apart (give each SessionQualifier its own SocketAcceptPort)");
                }
            }
            stores.put(id, storeFactory(section));
            context.addSession(endpoint);
        }
        final PerSessionStoreFactory storeFactory = new PerSessionStoreFactory(stores, templateStores);
        context.storeFactory(storeFactory);
        storeFactory.housekeepingTasks().forEach(context::addTask); // e.g. the journal's periodic msync
        return context;
    }

    /**
     * An {@code AcceptorTemplate=Y} section: an acceptor whose SenderCompID and/or TargetCompID may be
     * {@value SessionTemplate#ANY}. Every key is checked now (a session for a sample id is configured and dropped);
     * the sessions it creates share one validator (one dictionary and layout cache per template: every session of a
     * template has the same BeginString and dictionary keys, and all run on the one poller thread).
     */
    private SessionTemplate template(final Settings.Section section, final EpochNanoClock clock,
        final ApplicationFactory applications)
    {
        section.check("acceptor".equals(section.requiredString("ConnectionType")), "AcceptorTemplate",
            "needs ConnectionType=acceptor");
        // a template's port is bound for plain TCP: refuse rather than listen in clear text where TLS was asked for
        section.check(!section.bool("SocketUseSSL", false), "SocketUseSSL",
            "is not supported with AcceptorTemplate=Y (configure TLS sessions one by one)");
        final SessionId pattern = new SessionId(section.requiredString("BeginString"),
            section.requiredString("SenderCompID"), section.requiredString("TargetCompID"),
            section.string("SessionQualifier", ""));
        final SessionId sample = new SessionId(pattern.beginString(), sample(pattern.senderCompId()),
            sample(pattern.targetCompId()), pattern.qualifier());
        final SessionConfig checked = sessionConfig(section, sample, null);
        final MessageValidator shared = checked.validator();
        final SessionEndpoint endpoint = acceptorEndpoint(section, checked, Application.NO_OP);
        final MessageStoreFactory storeFactory = storeFactory(section);
        return SessionTemplate.acceptor(pattern, endpoint.address(), storeFactory,
            id -> endpoint(section, id, shared, clock, applications));
    }

    private static String sample(final String compId)
    {
        return SessionTemplate.ANY.equals(compId) ? "TEMPLATE" : compId;
    }

    /**
     * @param id        the session's id, or null to read it from the section.
     * @param validator the validator to use, or null to create one from the section's dictionary keys.
     */
    private SessionEndpoint endpoint(final Settings.Section section, final SessionId id,
        final MessageValidator validator, final EpochNanoClock clock, final ApplicationFactory applications)
    {
        final SessionConfig config = sessionConfig(section, id, validator);
        final Application application = applications.create(config, clock);
        if ("acceptor".equals(section.requiredString("ConnectionType")))
        {
            return acceptorEndpoint(section, config, application);
        }
        return SessionEndpoint.initiator(config, application, connectAddresses(section), reconnectPolicy(section))
            .tls(tls(section, false));
    }

    private SessionEndpoint acceptorEndpoint(final Settings.Section section, final SessionConfig config,
        final Application application)
    {
        final int port = acceptPortOverride >= 0 ? acceptPortOverride : section.integer("SocketAcceptPort", -1);
        section.check(port >= 0 && port <= 65535, "SocketAcceptPort", "is required for an acceptor (0..65535)");
        final String host = section.string("SocketAcceptAddress", "0.0.0.0");
        return SessionEndpoint.acceptor(config, application, new InetSocketAddress(host, port))
            .tls(tls(section, true));
    }

    private SessionConfig sessionConfig(final Settings.Section section, final SessionId givenId,
        final MessageValidator givenValidator)
    {
        final String connectionType = section.requiredString("ConnectionType");
        section.check("acceptor".equals(connectionType) || "initiator".equals(connectionType), "ConnectionType",
            "must be acceptor or initiator");
        final String beginString = section.requiredString("BeginString");
        section.check(beginString.matches("FIX\\.4\\.[0-4]|FIXT\\.1\\.1"), "BeginString",
            "must be FIX.4.0 to FIX.4.4 or FIXT.1.1");
        if (givenId == null)
        {
            section.check(!SessionTemplate.ANY.equals(section.requiredString("SenderCompID")) &&
                !SessionTemplate.ANY.equals(section.requiredString("TargetCompID")), "AcceptorTemplate",
                "must be Y for a " + SessionTemplate.ANY + " CompID");
        }
        final SessionId id = givenId != null ? givenId : new SessionId(beginString, section.requiredString("SenderCompID"),
            section.requiredString("TargetCompID"), section.string("SessionQualifier", ""));
        final SessionConfig config = new SessionConfig().sessionId(id);
        if (beginString.startsWith("FIXT"))
        {
            final String applVerId = section.requiredString("DefaultApplVerID");
            section.check(SessionConfig.applVerIdValue(applVerId) != null, "DefaultApplVerID",
                "must be an ApplVerID value (7, 9, ...) or name (FIX.5.0, FIX.5.0SP2, ...)");
            config.defaultApplVerId(applVerId);
        }
        final int heartBtInt = section.integer("HeartBtInt", SessionConfig.DEFAULT_HEART_BT_INT_SECONDS);
        section.check(heartBtInt >= 0, "HeartBtInt", "must be >= 0");
        config.heartBtIntSeconds(heartBtInt);
        final int minHeartBtInt = section.integer("MinHeartBtInt", SessionConfig.DEFAULT_MIN_HEART_BT_INT_SECONDS);
        final int maxHeartBtInt = section.integer("MaxHeartBtInt", SessionConfig.DEFAULT_MAX_HEART_BT_INT_SECONDS);
        section.check(minHeartBtInt >= 0, "MinHeartBtInt", "must be >= 0");
        section.check(maxHeartBtInt >= minHeartBtInt, "MaxHeartBtInt", "must be >= MinHeartBtInt");
        config.minHeartBtIntSeconds(minHeartBtInt).maxHeartBtIntSeconds(maxHeartBtInt);
        config.logonTimeoutNanos(seconds(section, "LogonTimeout", 10));
        config.logoutTimeoutNanos(seconds(section, "LogoutTimeout", 2));
        config.resetOnLogon(section.bool("ResetOnLogon", false));
        config.resetOnLogout(section.bool("ResetOnLogout", false));
        config.resetOnDisconnect(section.bool("ResetOnDisconnect", false));
        config.checkCompId(section.bool("CheckCompID", true));
        config.enableNextExpectedMsgSeqNum(section.bool("EnableNextExpectedMsgSeqNum", false));
        final int chunkSize = section.integer("ResendRequestChunkSize", 0);
        section.check(chunkSize >= 0, "ResendRequestChunkSize", "must be >= 0");
        config.resendRequestChunkSize(chunkSize);
        ResendLimitSettings.apply(section, config);
        config.checkLatency(section.bool("CheckLatency", true));
        config.maxLatencyNanos(seconds(section, "MaxLatency", 120));
        config.storeFailurePolicy(storeFailurePolicy(section));
        final int probeMs = section.integer("StoreProbeIntervalMs", 1000);
        section.check(probeMs > 0, "StoreProbeIntervalMs", "must be > 0 ms");
        config.storeProbeIntervalNanos(TimeUnit.MILLISECONDS.toNanos(probeMs));
        final int pauseTimeout = section.integer("StorePauseTimeout",
            (int)TimeUnit.NANOSECONDS.toSeconds(SessionConfig.DEFAULT_STORE_PAUSE_TIMEOUT_NANOS));
        section.check(pauseTimeout >= 0, "StorePauseTimeout", "must be >= 0 seconds (0: unbounded)");
        config.storePauseTimeoutNanos(TimeUnit.SECONDS.toNanos(pauseTimeout));
        config.timestampPrecision(timestampPrecision(section));
        config.schedule(schedule(section));
        config.maxMessageSize(Math.max(256, section.integer("MaxMessageSize", io.fixtape.engine.codec.FixFramer.DEFAULT_MAX_MESSAGE_SIZE)));
        if (section.has("Username"))
        {
            config.username(section.string("Username", null));
        }
        if (section.has("Password"))
        {
            config.password(section.string("Password", null));
        }
        authentication(section, config);
        section.check(section.bool("SocketTcpNoDelay", true), "SocketTcpNoDelay",
            "must be Y: fixtape sets TCP_NODELAY on every socket");
        if (section.bool("UseDataDictionary", true))
        {
            final MessageValidator validator = givenValidator != null ? givenValidator : validatorFactory.create(section);
            if (validator != null)
            {
                config.validator(validator);
            }
        }
        try
        {
            config.conclude();
        }
        catch (final IllegalArgumentException | NullPointerException ex)
        {
            throw new SettingsException(section.location() + ": " + ex.getMessage());
        }
        return config;
    }

    /** SocketConnectHost/Port, then SocketConnectHost1/Port1, 2, ... up to the first number missing. */
    private static List<InetSocketAddress> connectAddresses(final Settings.Section section)
    {
        final List<InetSocketAddress> addresses = new ArrayList<>();
        final String host = section.requiredString("SocketConnectHost");
        final int port = section.integer("SocketConnectPort", -1);
        section.check(port > 0 && port <= 65535, "SocketConnectPort", "is required for an initiator (1..65535)");
        addresses.add(new InetSocketAddress(host, port));
        for (int n = 1; section.has("SocketConnectHost" + n) || section.has("SocketConnectPort" + n); n++)
        {
            final String failoverHost = section.requiredString("SocketConnectHost" + n);
            final int failoverPort = section.integer("SocketConnectPort" + n, -1);
            section.check(failoverPort > 0 && failoverPort <= 65535, "SocketConnectPort" + n,
                "is required with SocketConnectHost" + n + " (1..65535)");
            addresses.add(new InetSocketAddress(failoverHost, failoverPort));
        }
        return addresses;
    }

    private static ReconnectPolicy reconnectPolicy(final Settings.Section section)
    {
        final int base = section.integer("ReconnectInterval", ReconnectPolicy.DEFAULT_RECONNECT_INTERVAL_SECONDS);
        section.check(base > 0, "ReconnectInterval", "must be > 0 seconds");
        final int max = section.integer("ReconnectMaxInterval",
            Math.max(base, ReconnectPolicy.DEFAULT_RECONNECT_MAX_INTERVAL_SECONDS));
        section.check(max >= base, "ReconnectMaxInterval", "must be >= ReconnectInterval (" + base + ")");
        final int jitter = section.integer("ReconnectJitter", ReconnectPolicy.DEFAULT_RECONNECT_JITTER_PERCENT);
        section.check(jitter >= 0 && jitter <= 100, "ReconnectJitter", "must be 0..100 (percent)");
        return ReconnectPolicy.of(TimeUnit.SECONDS.toNanos(base), TimeUnit.SECONDS.toNanos(max), jitter,
            seconds(section, "ConnectTimeout", ReconnectPolicy.DEFAULT_CONNECT_TIMEOUT_SECONDS));
    }

    /** The acceptor's Logon checks: addresses, expected credentials, lockout. */
    private static void authentication(final Settings.Section section, final SessionConfig config)
    {
        if (section.has("AllowedRemoteAddresses"))
        {
            try
            {
                config.logonSecurity().allowedRemoteAddresses(List.of(section.string("AllowedRemoteAddresses", "").split(",")));
            }
            catch (final IllegalArgumentException ex)
            {
                throw new SettingsException(section.locationOf("AllowedRemoteAddresses") + ": " + ex.getMessage());
            }
        }
        if (section.has("ExpectedUsername"))
        {
            config.logonSecurity().expectedUsername(section.string("ExpectedUsername", null));
        }
        if (section.has("ExpectedPasswordHash"))
        {
            try
            {
                config.logonSecurity().expectedPasswordHash(PasswordHash.parse(section.string("ExpectedPasswordHash", "")));
            }
            catch (final IllegalArgumentException ex)
            {
                throw new SettingsException(section.locationOf("ExpectedPasswordHash") + ": ExpectedPasswordHash is " +
                    ex.getMessage());
            }
        }
        final int maxFailures = section.integer("MaxLogonFailures", SessionConfig.DEFAULT_MAX_LOGON_FAILURES);
        section.check(maxFailures >= 0, "MaxLogonFailures", "must be >= 0 (0: never locked out)");
        config.logonSecurity().maxLogonFailures(maxFailures);
        final int lockout = section.integer("LogonLockoutSeconds",
            (int)TimeUnit.NANOSECONDS.toSeconds(SessionConfig.DEFAULT_LOGON_LOCKOUT_NANOS));
        section.check(lockout > 0, "LogonLockoutSeconds", "must be > 0 seconds");
        config.logonSecurity().logonLockoutNanos(TimeUnit.SECONDS.toNanos(lockout));
    }

    /** QuickFIX/J's TLS keys; null without {@code SocketUseSSL=Y}. Stores are read when the engine starts. */
    private static TlsSettings tls(final Settings.Section section, final boolean acceptor)
    {
        if (!section.bool("SocketUseSSL", false))
        {
            return null;
        }
        section.check(!acceptor || section.has("SocketKeyStore"), "SocketKeyStore",
            "is required for a TLS acceptor (SocketUseSSL=Y)");
        final TlsSettings.Builder builder = TlsSettings.builder()
            .needClientAuth(section.bool("NeedClientAuth", false))
            .protocols(section.string("EnabledProtocols", TlsSettings.DEFAULT_PROTOCOLS))
            .cipherSuites(section.string("CipherSuites", null));
        if (section.has("SocketKeyStore"))
        {
            builder.keyStore(Path.of(section.string("SocketKeyStore", null)),
                password(section.string("SocketKeyStorePassword", null)));
        }
        if (section.has("SocketTrustStore"))
        {
            builder.trustStore(Path.of(section.string("SocketTrustStore", null)),
                password(section.string("SocketTrustStorePassword", null)));
        }
        try
        {
            return builder.build();
        }
        catch (final IllegalArgumentException ex)
        {
            throw new SettingsException(section.location() + ": " + ex.getMessage());
        }
    }

    private static char[] password(final String value)
    {
        return value == null ? null : value.toCharArray();
    }

    private MessageStoreFactory storeFactory(final Settings.Section section)
    {
        String name = section.string("MessageStore", null);
        if (name == null)
        {
            // Any of the journal's own keys asks for the journal: JournalPath, its alias FileStorePath (QuickFIX/J's
            // key, so an existing settings file persists to the journal), or JournalMode (none needs no directory).
            final boolean journalKeys = section.has("JournalPath") || section.has("FileStorePath") || section.has("JournalMode");
            name = journalKeys && storeProviders.containsKey("journal") ? "journal" :
                section.bool("PersistMessages", true) ? "memory" : "none";
        }
        final Function<Settings.Section, MessageStoreFactory> provider = storeProviders.get(name);
        if (provider == null)
        {
            throw new SettingsException(section.locationOf("MessageStore") + ": MessageStore '" + name +
                "' is not available (known: " + String.join(", ", storeProviders.keySet()) + ")");
        }
        return provider.apply(section);
    }

    private static SlowConsumerPolicy slowConsumerPolicy(final Settings.Section defaults)
    {
        final String value = defaults.string("SlowConsumerPolicy", "back-pressure");
        switch (value)
        {
            case "back-pressure":
                return SlowConsumerPolicy.BACK_PRESSURE;
            case "disconnect":
                return SlowConsumerPolicy.DISCONNECT;
            default:
                defaults.check(false, "SlowConsumerPolicy", "must be back-pressure or disconnect");
                return null;
        }
    }

    private static long seconds(final Settings.Section section, final String key, final int defaultSeconds)
    {
        final int value = section.integer(key, defaultSeconds);
        section.check(value > 0, key, "must be > 0 seconds");
        return TimeUnit.SECONDS.toNanos(value);
    }

    private static StoreFailurePolicy storeFailurePolicy(final Settings.Section section)
    {
        final String value = section.string("StoreFailurePolicy", "logout");
        try
        {
            return StoreFailurePolicy.parse(value);
        }
        catch (final IllegalArgumentException ex)
        {
            section.check(false, "StoreFailurePolicy", "must be disconnect, logout or pause");
            throw ex;
        }
    }

    private static int timestampPrecision(final Settings.Section section)
    {
        final String value = section.string("TimeStampPrecision", "MILLIS");
        switch (value.toUpperCase(Locale.ROOT))
        {
            case "SECONDS":
                return 0;
            case "MILLIS":
                return 3;
            case "MICROS":
                return 6;
            case "NANOS":
                return 9;
            default:
                section.check(false, "TimeStampPrecision", "must be SECONDS, MILLIS, MICROS or NANOS");
                return 3;
        }
    }

    private static SessionSchedule schedule(final Settings.Section section)
    {
        if (section.bool("NonStopSession", false))
        {
            return SessionSchedule.nonStop();
        }
        section.check(section.has("StartTime") && section.has("EndTime"), "StartTime",
            "and EndTime are required unless NonStopSession=Y");
        final ZoneId zone = zone(section);
        final LocalTime start = time(section, "StartTime");
        final LocalTime end = time(section, "EndTime");
        if (section.has("StartDay") || section.has("EndDay"))
        {
            section.check(section.has("StartDay") && section.has("EndDay"), "StartDay", "and EndDay go together");
            section.check(!section.has("Weekdays"), "Weekdays", "cannot be combined with StartDay/EndDay");
            return SessionSchedule.weekly(day(section, "StartDay"), start, day(section, "EndDay"), end, zone);
        }
        if (section.has("Weekdays"))
        {
            return SessionSchedule.daily(start, end, zone, weekdays(section));
        }
        return SessionSchedule.daily(start, end, zone);
    }

    private static ZoneId zone(final Settings.Section section)
    {
        final String value = section.string("TimeZone", "UTC");
        try
        {
            return ZoneId.of(value);
        }
        catch (final RuntimeException ex)
        {
            section.check(false, "TimeZone", "must be a time-zone id such as UTC or America/New_York");
            return null;
        }
    }

    private static LocalTime time(final Settings.Section section, final String key)
    {
        try
        {
            return LocalTime.parse(section.string(key, ""));
        }
        catch (final DateTimeParseException ex)
        {
            section.check(false, key, "must be HH:MM:SS");
            return null;
        }
    }

    private static DayOfWeek day(final Settings.Section section, final String key)
    {
        final DayOfWeek day = dayOfWeek(section.string(key, ""));
        section.check(day != null, key, "must be a day of the week (e.g. Sunday or Su)");
        return day;
    }

    /** QuickFIX/J's Weekdays: days separated by commas, e.g. {@code Mon,Tue,Wed,Thu,Fri}. */
    private static Set<DayOfWeek> weekdays(final Settings.Section section)
    {
        final Set<DayOfWeek> days = EnumSet.noneOf(DayOfWeek.class);
        for (final String name : section.string("Weekdays", "").split(","))
        {
            final DayOfWeek day = dayOfWeek(name);
            section.check(day != null, "Weekdays",
                "must be days of the week separated by commas (e.g. Mon,Tue,Wed,Thu,Fri)");
            days.add(day);
        }
        return days;
    }

    private static DayOfWeek dayOfWeek(final String text)
    {
        final String value = text.trim().toUpperCase(Locale.ROOT);
        for (final DayOfWeek day : DayOfWeek.values())
        {
            if (value.length() >= 2 && day.name().startsWith(value))
            {
                return day;
            }
        }
        return null;
    }
}
