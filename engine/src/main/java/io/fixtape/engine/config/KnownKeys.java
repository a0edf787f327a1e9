package io.fixtape.engine.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The one table of settings-file keys fixtape understands, each with its {@link Scope} and a short doc. A key not in
 * the table is an error naming it (misspellings must not be silently ignored), and so is an engine-wide key written
 * in a {@code [SESSION]} section (it would otherwise be silently ignored there). Other modules extend the table with
 * {@link #with(String, Scope, String)} (e.g. the journal's {@code Journal*} keys, the acceptor-model keys) and pass
 * it to the parser.
 *
 * <p>Immutable; {@link #with} returns a copy.
 */
public final class KnownKeys
{
    /** Where a key may be written. */
    public enum Scope
    {
        /** One value for the whole engine: only in {@code [DEFAULT]}. */
        ENGINE,
        /** Per session: in a {@code [SESSION]} section, or in {@code [DEFAULT]} as every session's default. */
        SESSION
    }

    /** One entry of the table. */
    private record Key(Scope scope, String doc)
    {
    }

    /** Suffix of a numbered key in the table: {@code SocketConnectHost<n>} stands for SocketConnectHost1, 2, ... */
    public static final String NUMBERED = "<n>";

    private static final KnownKeys STANDARD = new KnownKeys(standardTable());

    private final Map<String, Key> keys;

    private KnownKeys(final Map<String, Key> keys)
    {
        this.keys = Collections.unmodifiableMap(keys);
    }

    /** QuickFIX/J keys fixtape honours plus fixtape's own engine keys. */
    public static KnownKeys standard()
    {
        return STANDARD;
    }

    /** A copy that also accepts {@code key} as a per-session key ({@link Scope#SESSION}). */
    public KnownKeys with(final String key, final String doc)
    {
        return with(key, Scope.SESSION, doc);
    }

    /** A copy that also accepts {@code key} where {@code scope} allows it (replacing an entry of the same name). */
    public KnownKeys with(final String key, final Scope scope, final String doc)
    {
        final Map<String, Key> copy = new LinkedHashMap<>(keys);
        copy.put(key, new Key(scope, doc));
        return new KnownKeys(copy);
    }

    public boolean contains(final String key)
    {
        return entry(key) != null;
    }

    /** Where {@code key} may be written, or null for a key not in the table. */
    public Scope scope(final String key)
    {
        final Key entry = entry(key);
        return entry == null ? null : entry.scope();
    }

    /**
     * The entry of {@code key}, or of its numbered form: {@code SocketConnectHost2} is an instance of the table's
     * {@code SocketConnectHost<n>} (n from 1, no leading zero).
     */
    private Key entry(final String key)
    {
        final Key exact = keys.get(key);
        if (exact != null)
        {
            return exact;
        }
        int digits = key.length();
        while (digits > 0 && Character.isDigit(key.charAt(digits - 1)))
        {
            digits--;
        }
        if (digits == key.length() || key.charAt(digits) == '0')
        {
            return null;
        }
        return keys.get(key.substring(0, digits) + NUMBERED);
    }

    /** Key → doc, in table order (for docs/CONFIGURATION.md and {@code --help}). */
    public Map<String, String> docs()
    {
        final Map<String, String> docs = new LinkedHashMap<>();
        keys.forEach((key, entry) -> docs.put(key, entry.doc()));
        return Collections.unmodifiableMap(docs);
    }

    /** The known key closest to a misspelt one, or null when nothing is close. */
    public String suggest(final String unknown)
    {
        final String lower = unknown.toLowerCase(Locale.ROOT);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (final String key : keys.keySet())
        {
            final int distance = distance(lower, key.toLowerCase(Locale.ROOT));
            if (distance < bestDistance)
            {
                bestDistance = distance;
                best = key;
            }
        }
        return bestDistance <= Math.max(2, unknown.length() / 4) ? best : null;
    }

    private static int distance(final String a, final String b)
    {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++)
        {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++)
        {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++)
            {
                final int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                current[j] = Math.min(Math.min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
            }
            final int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }

    private static Map<String, Key> standardTable()
    {
        final Map<String, Key> t = new LinkedHashMap<>();
        // identity
        session(t, "ConnectionType", "acceptor or initiator (required)");
        session(t, "BeginString", "FIX.4.0, FIX.4.1, FIX.4.2, FIX.4.3, FIX.4.4 or FIXT.1.1 (required)");
        session(t, "DefaultApplVerID", "FIXT.1.1 only: application version, e.g. FIX.5.0SP2 or its code 9 (7 = FIX.5.0)");
        session(t, "SenderCompID", "our CompID (required)");
        session(t, "TargetCompID", "the counterparty's CompID (required)");
        session(t, "SessionQualifier", "distinguishes sessions with the same CompIDs (acceptor sessions so distinguished need their own SocketAcceptPort)");
        session(t, "AcceptorTemplate", "Y: this acceptor section is a template; SenderCompID and/or TargetCompID may be * and a Logon matching it creates a session with its CompIDs, journaled and re-created at restart (default N)");
        // sockets
        session(t, "SocketAcceptPort", "acceptor: TCP port to listen on (0 = any free port)");
        session(t, "SocketAcceptAddress", "acceptor: address to bind (default 0.0.0.0)");
        session(t, "SocketConnectHost", "initiator: host to connect to");
        session(t, "SocketConnectPort", "initiator: port to connect to");
        session(t, "SocketConnectHost<n>", "initiator: failover host n (1, 2, ...), tried in order after SocketConnectHost when a connection fails; with SocketConnectPort<n>");
        session(t, "SocketConnectPort<n>", "initiator: failover port n, with SocketConnectHost<n>");
        session(t, "ReconnectInterval", "initiator: seconds to wait after a round of failed connections, doubled after each further failed round up to ReconnectMaxInterval (default 30)");
        session(t, "ReconnectMaxInterval", "initiator: the longest wait between rounds of connection attempts, in seconds (default 300)");
        session(t, "ReconnectJitter", "initiator: each wait is shortened by a random share of up to this percent, so that initiators cut off together do not return in step (default 20; 0 = exact)");
        session(t, "ConnectTimeout", "initiator: seconds a connect may take before it is abandoned and counted as failed (default 10)");
        // TLS (QuickFIX/J's keys)
        session(t, "SocketUseSSL", "Y: TLS on this session's connection (acceptor: on its listening port) (default N)");
        session(t, "SocketKeyStore", "TLS: key store (PKCS12 or JKS file) with our certificate and private key; required for an acceptor");
        session(t, "SocketKeyStorePassword", "TLS: password of SocketKeyStore (and of its key)");
        session(t, "SocketTrustStore", "TLS: trust store (PKCS12 or JKS file) of the peer certificates we trust (default: the JDK's cacerts)");
        session(t, "SocketTrustStorePassword", "TLS: password of SocketTrustStore");
        session(t, "NeedClientAuth", "TLS acceptor: Y requires the initiator's certificate, checked against SocketTrustStore (default N)");
        session(t, "EnabledProtocols", "TLS: comma-separated protocols (default TLSv1.3,TLSv1.2)");
        session(t, "CipherSuites", "TLS: comma-separated cipher suites (default: the JDK's for the protocols)");
        engine(t, "SocketTcpNoDelay", "must be Y (default): fixtape sets TCP_NODELAY on every socket");
        engine(t, "SocketKeepAlive", "Y: SO_KEEPALIVE on every socket, the OS probes idle connections (default N)");
        engine(t, "SocketSendBufferSize", "SO_SNDBUF in bytes (default: OS default)");
        engine(t, "SocketReceiveBufferSize", "SO_RCVBUF in bytes (default: OS default)");
        engine(t, "DirectReadConnections", "with at most this many open connections the poller reads every socket directly each duty cycle and asks the selector only every 8th (accepts, connects, write readiness); more connections go back to `epoll` (default 4; 0 = always the selector)");
        // session timing
        session(t, "HeartBtInt", "initiator: heartbeat interval in seconds sent in Logon (default 30)");
        session(t, "MinHeartBtInt", "acceptor: smallest HeartBtInt accepted in a Logon, seconds; below it a Logout " +
            "(default 0)");
        session(t, "MaxHeartBtInt", "acceptor: largest HeartBtInt accepted in a Logon, seconds; above it a Logout " +
            "(default 3600)");
        session(t, "LogonTimeout", "seconds to wait for a Logon (acceptor; [DEFAULT] value for connections not yet routed) or its reply (initiator) (default 10)");
        session(t, "LogoutTimeout", "seconds to wait for the Logout reply before disconnecting (default 2)");
        session(t, "StartTime", "daily session start, HH:MM:SS (in TimeZone)");
        session(t, "EndTime", "daily session end, HH:MM:SS (in TimeZone)");
        session(t, "StartDay", "weekly session start day (e.g. Sunday); with EndDay");
        session(t, "EndDay", "weekly session end day (e.g. Friday); with StartDay");
        session(t, "Weekdays", "daily sessions only on these days, e.g. Mon,Tue,Wed,Thu,Fri (a period that spans midnight " +
            "ends the next day); not with StartDay/EndDay (default: every day)");
        session(t, "TimeZone", "zone of StartTime/EndTime (default UTC)");
        session(t, "NonStopSession", "Y: no schedule, the session never ends (default N)");
        // resets
        session(t, "ResetOnLogon", "Y: reset sequence numbers on every Logon (default N)");
        session(t, "ResetOnLogout", "Y: reset sequence numbers after a Logout (default N)");
        session(t, "ResetOnDisconnect", "Y: reset sequence numbers when the connection drops (default N)");
        // validation
        session(t, "UseDataDictionary", "Y (default): validate messages against a dictionary");
        session(t, "DataDictionary", "dictionary file for FIX.4.x (default: the standard one for BeginString)");
        session(t, "TransportDataDictionary", "FIXT.1.1: session dictionary file (default: standard FIXT11)");
        session(t, "AppDataDictionary", "FIXT.1.1: application dictionary file (default: standard for DefaultApplVerID)");
        session(t, "ValidateUserDefinedFields", "Y (default): user-defined tags (>= 5000) must be in the dictionary");
        session(t, "ValidateFieldsOutOfOrder", "Y (default): header/body/trailer fields must be in their section");
        session(t, "ValidateFieldsHaveValues", "Y (default): empty values are rejected");
        session(t, "AllowUnknownMsgFields", "Y: tags unknown to the message are accepted (default N)");
        session(t, "ResendRequestChunkSize", "ask for a gap in ResendRequests of at most N messages, the next once the " +
            "previous is filled (default 0: one request for the whole gap)");
        session(t, "ResendBatchSize", "the most sequence numbers a resend covers per duty cycle; the rest follows in " +
            "the next ones (default 256)");
        session(t, "MaxResendRequestRange", "the most sequence numbers one ResendRequest may ask for; a larger one is " +
            "rejected and answered with a Logout (default 1000000; 0 = unlimited)");
        session(t, "MaxResendRequestRepeats", "ResendRequests per ResendRequestRepeatWindow that ask again for numbers " +
            "already asked for; one more is answered with a Logout (default 10; 0 = unlimited)");
        session(t, "ResendRequestRepeatWindow", "seconds of engine time over which repeated ResendRequests are " +
            "counted (default 60)");
        session(t, "MaxSequenceResets", "SequenceResets per SequenceResetWindow that are rejected or in Reset mode " +
            "(GapFills are not counted); one more is answered with a Logout (default 100; 0 = unlimited)");
        session(t, "SequenceResetWindow", "seconds of engine time over which SequenceResets are counted (default 60)");
        session(t, "EnableNextExpectedMsgSeqNum", "Y: send NextExpectedMsgSeqNum (789) in Logon, resend what the " +
            "counterparty's 789 asks for, and log out a counterparty whose 789 is above our next MsgSeqNum (default N)");
        session(t, "CheckCompID", "Y (default): incoming CompIDs must match the session");
        session(t, "CheckLatency", "Y (default): SendingTime must be within MaxLatency of our clock");
        session(t, "MaxLatency", "seconds of SendingTime skew accepted (default 120)");
        session(t, "TimeStampPrecision", "SECONDS, MILLIS (default), MICROS or NANOS for outgoing timestamps");
        session(t, "Username", "initiator: Username (553) sent in Logon");
        session(t, "Password", "initiator: Password (554) sent in Logon");
        session(t, "AllowedRemoteAddresses", "acceptor: comma-separated hosts/IPs a Logon may come from (default: any)");
        session(t, "ExpectedUsername", "acceptor: the Username (553) a Logon must carry (default: not checked)");
        session(t, "ExpectedPasswordHash", "acceptor: PBKDF2 hash (from fixtape password-hash) the Logon's Password (554) must match (default: not checked)");
        session(t, "MaxLogonFailures", "acceptor: consecutive authentication failures before a lockout (default 5; 0 = never)");
        session(t, "LogonLockoutSeconds", "acceptor: first lockout, doubled for each further one up to an hour (default 60)");
        session(t, "PersistMessages", "Y (default): keep sent application messages for resend");
        session(t, "StoreFailurePolicy", "when the store cannot journal (full disk, read-only): logout (default: Logout " +
            "with Text, then disconnect), disconnect (no Logout), or pause (keep the connection, stop reading, refuse " +
            "application sends until the store writes again). See docs/JOURNAL_FORMAT.md, Faults");
        session(t, "StoreProbeIntervalMs", "StoreFailurePolicy=pause: ms of engine time between checks whether the store " +
            "writes again (default 1000)");
        session(t, "StorePauseTimeout", "StoreFailurePolicy=pause: seconds of engine time a session may stay paused before " +
            "it gives up as logout does (Logout with Text, then disconnect); default 30, 0 = unbounded");
        session(t, "FileStorePath", "alias of JournalPath: alone it selects the journal (QuickFIX/J's own store files are not read: an existing QuickFIX/J session starts at MsgSeqNum 1 unless its numbers are set)");
        // fixtape engine
        engine(t, "IdleStrategy", "poller idle strategy: busy-spin, yielding, backoff (default) or sleeping");
        engine(t, "MaxMessageSize", "largest accepted inbound message in bytes, checked from BodyLength (default 65536)");
        engine(t, "OutboundBufferSize", "bytes a connection may queue before back-pressure (default 1048576)");
        engine(t, "SlowConsumerPolicy", "back-pressure (default) or disconnect, when a connection's outbound buffer is full");
        engine(t, "MaxConnections", "open connections allowed per engine (default 1024)");
        engine(t, "EngineDirectory", "directory of the engine's counters file (counters.dat) that fixtape stat and fixtape session list read while it runs (default: none, counters in memory only)");
        engine(t, "MetricsHttpPort", "serve the counters in the Prometheus text format at /metrics and health at /health/live and /health/ready on this port (0 = any free port; default: off)");
        engine(t, "JmxEnabled", "Y: an MBean per session in the platform MBean server (state, sequence numbers; logout, disconnect, reset and set sequence numbers on the poller thread) (default N)");
        engine(t, "MetricsHttpAddress", "address the metrics endpoint binds (default 0.0.0.0)");
        engine(t, "MaxUnauthenticatedConnections", "accepted connections not yet routed by a Logon, overall; more are closed at once (default 256)");
        engine(t, "MaxUnauthenticatedConnectionsPerAddress", "accepted connections not yet routed by a Logon, per remote address (default 64)");
        session(t, "MessageStore", "memory, none, or journal (when the journal module is on the classpath); default: journal when JournalPath, FileStorePath or JournalMode is set, else memory (none with PersistMessages=N)");
        session(t, "JournalPath", "journal module: Chronicle Queue directory for this session");
        session(t, "JournalMode", "journal module: durability mode");
        return t;
    }

    private static void engine(final Map<String, Key> table, final String key, final String doc)
    {
        table.put(key, new Key(Scope.ENGINE, doc));
    }

    private static void session(final Map<String, Key> table, final String key, final String doc)
    {
        table.put(key, new Key(Scope.SESSION, doc));
    }
}
