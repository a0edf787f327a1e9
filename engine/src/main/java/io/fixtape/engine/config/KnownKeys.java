package io.fixtape.engine.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The one table of settings-file keys fixtape understands, each with a short doc. A key not in the table is an
 * error naming it (misspellings must not be silently ignored). Other modules extend the table with
 * {@link #with(String, String)} (e.g. the journal's {@code Journal*} keys) and pass it to the parser.
 *
 * <p>Immutable; {@link #with} returns a copy.
 */
public final class KnownKeys
{
    private static final KnownKeys STANDARD = new KnownKeys(standardTable());

    private final Map<String, String> docs;

    private KnownKeys(final Map<String, String> docs)
    {
        this.docs = Collections.unmodifiableMap(docs);
    }

    /** QuickFIX/J keys fixtape honours plus fixtape's own engine keys. */
    public static KnownKeys standard()
    {
        return STANDARD;
    }

    /** A copy that also accepts {@code key}. */
    public KnownKeys with(final String key, final String doc)
    {
        final Map<String, String> copy = new LinkedHashMap<>(docs);
        copy.put(key, doc);
        return new KnownKeys(copy);
    }

    public boolean contains(final String key)
    {
        return docs.containsKey(key);
    }

    /** Key → doc, in table order (for docs/ENGINE.md and {@code --help}). */
    public Map<String, String> docs()
    {
        return docs;
    }

    /** The known key closest to a misspelt one, or null when nothing is close. */
    public String suggest(final String unknown)
    {
        final String lower = unknown.toLowerCase(Locale.ROOT);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (final String key : docs.keySet())
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

    private static Map<String, String> standardTable()
    {
        final Map<String, String> t = new LinkedHashMap<>();
        // identity
        t.put("ConnectionType", "acceptor or initiator (required)");
        t.put("BeginString", "FIX.4.2, FIX.4.4 or FIXT.1.1 (required)");
        t.put("DefaultApplVerID", "FIXT.1.1 only: application version, e.g. FIX.5.0SP2 or its code 9 (7 = FIX.5.0)");
        t.put("SenderCompID", "our CompID (required)");
        t.put("TargetCompID", "the counterparty's CompID (required)");
        t.put("SessionQualifier", "distinguishes sessions with the same CompIDs");
        // sockets
        t.put("SocketAcceptPort", "acceptor: TCP port to listen on (0 = any free port)");
        t.put("SocketAcceptAddress", "acceptor: address to bind (default 0.0.0.0)");
        t.put("SocketConnectHost", "initiator: host to connect to");
        t.put("SocketConnectPort", "initiator: port to connect to");
        t.put("ReconnectInterval", "initiator: seconds between connection attempts (default 30)");
        t.put("SocketTcpNoDelay", "must be Y (default): fixtape sets TCP_NODELAY on every socket");
        t.put("SocketSendBufferSize", "SO_SNDBUF in bytes (default: OS default)");
        t.put("SocketReceiveBufferSize", "SO_RCVBUF in bytes (default: OS default)");
        t.put("DirectReadConnections", "[DEFAULT]: with at most this many open connections the poller reads every socket directly each duty cycle and asks the selector only every 8th (accepts, connects, write readiness); more connections go back to `epoll` (default 4; 0 = always the selector)");
        // session timing
        t.put("HeartBtInt", "initiator: heartbeat interval in seconds sent in Logon (default 30)");
        t.put("LogonTimeout", "seconds to wait for a Logon (acceptor; [DEFAULT] value for connections not yet routed) or its reply (initiator) (default 10)");
        t.put("LogoutTimeout", "seconds to wait for the Logout reply before disconnecting (default 2)");
        t.put("StartTime", "daily session start, HH:MM:SS (in TimeZone)");
        t.put("EndTime", "daily session end, HH:MM:SS (in TimeZone)");
        t.put("StartDay", "weekly session start day (e.g. Sunday); with EndDay");
        t.put("EndDay", "weekly session end day (e.g. Friday); with StartDay");
        t.put("TimeZone", "zone of StartTime/EndTime (default UTC)");
        t.put("NonStopSession", "Y: no schedule, the session never ends (default N)");
        // resets
        t.put("ResetOnLogon", "Y: reset sequence numbers on every Logon (default N)");
        t.put("ResetOnLogout", "Y: reset sequence numbers after a Logout (default N)");
        t.put("ResetOnDisconnect", "Y: reset sequence numbers when the connection drops (default N)");
        // validation
        t.put("UseDataDictionary", "Y (default): validate messages against a dictionary");
        t.put("DataDictionary", "dictionary file for FIX.4.x (default: the standard one for BeginString)");
        t.put("TransportDataDictionary", "FIXT.1.1: session dictionary file (default: standard FIXT11)");
        t.put("AppDataDictionary", "FIXT.1.1: application dictionary file (default: standard for DefaultApplVerID)");
        t.put("ValidateUserDefinedFields", "Y (default): user-defined tags (>= 5000) must be in the dictionary");
        t.put("ValidateFieldsOutOfOrder", "Y (default): header/body/trailer fields must be in their section");
        t.put("ValidateFieldsHaveValues", "Y (default): empty values are rejected");
        t.put("AllowUnknownMsgFields", "Y: tags unknown to the message are accepted (default N)");
        t.put("ResendRequestChunkSize", "ask for a gap in ResendRequests of at most N messages, the next once the " +
            "previous is filled (default 0: one request for the whole gap)");
        t.put("CheckCompID", "Y (default): incoming CompIDs must match the session");
        t.put("CheckLatency", "Y (default): SendingTime must be within MaxLatency of our clock");
        t.put("MaxLatency", "seconds of SendingTime skew accepted (default 120)");
        t.put("TimeStampPrecision", "SECONDS, MILLIS (default), MICROS or NANOS for outgoing timestamps");
        t.put("Username", "initiator: Username (553) sent in Logon");
        t.put("Password", "initiator: Password (554) sent in Logon");
        t.put("PersistMessages", "Y (default): keep sent application messages for resend");
        t.put("StoreFailurePolicy", "when the store cannot journal (full disk, read-only): logout (default: Logout " +
            "with Text, then disconnect), disconnect (no Logout), or pause (keep the connection, stop reading, refuse " +
            "application sends until the store writes again). See docs/JOURNAL_FORMAT.md, Faults");
        t.put("StoreProbeIntervalMs", "StoreFailurePolicy=pause: ms of engine time between checks whether the store " +
            "writes again (default 1000)");
        t.put("StorePauseTimeout", "StoreFailurePolicy=pause: seconds of engine time a session may stay paused before " +
            "it gives up as logout does (Logout with Text, then disconnect); default 30, 0 = unbounded");
        t.put("FileStorePath", "alias of JournalPath: alone it selects the journal (QuickFIX/J's own store files are not read: an existing QuickFIX/J session starts at MsgSeqNum 1 unless its numbers are set)");
        // fixtape engine
        t.put("IdleStrategy", "poller idle strategy: busy-spin, yielding, backoff (default) or sleeping");
        t.put("MaxMessageSize", "largest accepted inbound message in bytes, checked from BodyLength (default 65536)");
        t.put("OutboundBufferSize", "bytes a connection may queue before back-pressure (default 1048576)");
        t.put("SlowConsumerPolicy", "back-pressure (default) or disconnect, when a connection's outbound buffer is full");
        t.put("MaxConnections", "open connections allowed per engine (default 1024)");
        t.put("MessageStore", "memory, none, or journal (when the journal module is on the classpath); default: journal when JournalPath, FileStorePath or JournalMode is set, else memory (none with PersistMessages=N)");
        t.put("JournalPath", "journal module: Chronicle Queue directory for this session");
        t.put("JournalMode", "journal module: durability mode");
        return t;
    }
}
