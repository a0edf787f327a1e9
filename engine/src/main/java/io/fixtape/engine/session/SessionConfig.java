package io.fixtape.engine.session;

import io.fixtape.engine.api.ResendFilter;
import io.fixtape.engine.codec.FixFramer;
import io.fixtape.engine.codec.UtcTimestamps;
import io.fixtape.engine.dictionary.ApplVerIds;
import io.fixtape.engine.validation.MessageValidator;

import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * Configuration of one {@link Session}: a context object with fluent setters and documented defaults, checked
 * in {@link #conclude()} (which names the offending setting). Keys mirror the QuickFIX/J settings file; the
 * settings-file loader maps onto these setters.
 *
 * <p>Built on a configuration thread before the session starts; not modified afterwards.
 */
public final class SessionConfig
{
    /** Which side opens the TCP connection and sends the first Logon. */
    public enum Role
    {
        ACCEPTOR, INITIATOR
    }

    /** Default consecutive authentication failures before a lockout. */
    public static final int DEFAULT_MAX_LOGON_FAILURES = 5;
    /** Default first lockout (doubled for each further one, up to an hour). */
    public static final long DEFAULT_LOGON_LOCKOUT_NANOS = TimeUnit.SECONDS.toNanos(60);
    /** Default HeartBtInt (108) an initiator proposes: 30 s. An acceptor uses the counterparty's value. */
    public static final int DEFAULT_HEART_BT_INT_SECONDS = 30;
    /** Default MinHeartBtInt: a counterparty may ask for 0 (no Heartbeats; liveness is still checked). */
    public static final int DEFAULT_MIN_HEART_BT_INT_SECONDS = 0;
    /** Default MaxHeartBtInt: an hour; a longer interval would leave a dead connection unnoticed for hours. */
    public static final int DEFAULT_MAX_HEART_BT_INT_SECONDS = 3600;
    /** Default LogonTimeout: 10 s to receive the Logon (acceptor) or its reply (initiator). */
    public static final long DEFAULT_LOGON_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(10);
    /** Default LogoutTimeout: 2 s to receive the Logout reply before disconnecting. */
    public static final long DEFAULT_LOGOUT_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(2);
    /** Default MaxLatency: SendingTime may differ from our clock by ±120 s. */
    public static final long DEFAULT_MAX_LATENCY_NANOS = TimeUnit.SECONDS.toNanos(120);
    /** TestRequest after HeartBtInt × (1 + 0.5) of silence (QuickFIX/J TestRequestDelayMultiplier). */
    public static final double DEFAULT_TEST_REQUEST_DELAY_MULTIPLIER = 0.5;
    /** Disconnect after HeartBtInt × (1 + 1.4) of silence (QuickFIX/J HeartBeatTimeoutMultiplier). */
    public static final double DEFAULT_HEARTBEAT_TIMEOUT_MULTIPLIER = 1.4;
    /** Default bytes buffered for messages received beyond a sequence gap. */
    public static final int DEFAULT_GAP_QUEUE_BYTES = 1024 * 1024;
    /** Default number of messages buffered beyond a sequence gap. */
    public static final int DEFAULT_GAP_QUEUE_MESSAGES = 8192;
    /** Default bytes of numbered messages held back until sent ({@link OutboundQueue}), allocated on first use. */
    public static final int DEFAULT_OUTBOUND_QUEUE_BYTES = 256 * 1024;
    /** Default StoreProbeIntervalMs: a paused session asks its store once a second whether it writes again. */
    public static final long DEFAULT_STORE_PROBE_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(1);
    /**
     * Default StorePauseTimeout: a session paused on a store failure for 30 s of engine time gives up as
     * {@link StoreFailurePolicy#LOGOUT} would (long enough for an operator script to clear a full disk, short enough
     * that a counterparty's own order timeouts are not the first thing to notice). 0 means unbounded.
     */
    public static final long DEFAULT_STORE_PAUSE_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(30);

    private SessionId sessionId;
    private Role role = Role.ACCEPTOR;
    private int heartBtIntSeconds = DEFAULT_HEART_BT_INT_SECONDS;
    private int minHeartBtIntSeconds = DEFAULT_MIN_HEART_BT_INT_SECONDS;
    private int maxHeartBtIntSeconds = DEFAULT_MAX_HEART_BT_INT_SECONDS;
    private long logonTimeoutNanos = DEFAULT_LOGON_TIMEOUT_NANOS;
    private long logoutTimeoutNanos = DEFAULT_LOGOUT_TIMEOUT_NANOS;
    private boolean checkLatency = true;
    private long maxLatencyNanos = DEFAULT_MAX_LATENCY_NANOS;
    private double testRequestDelayMultiplier = DEFAULT_TEST_REQUEST_DELAY_MULTIPLIER;
    private double heartbeatTimeoutMultiplier = DEFAULT_HEARTBEAT_TIMEOUT_MULTIPLIER;
    private boolean resetOnLogon;
    private boolean resetOnLogout;
    private boolean resetOnDisconnect;
    private boolean refreshOnLogon;
    private boolean checkCompId = true;
    private boolean requiresOrigSendingTime = true;
    private boolean enableNextExpectedMsgSeqNum;
    private int resendRequestChunkSize;
    private MessageValidator validator;
    private int timestampPrecision = UtcTimestamps.MILLIS;
    private String defaultApplVerId;
    private SessionSchedule schedule = SessionSchedule.nonStop();
    private final LogonSecurity security = new LogonSecurity();
    private final ResendLimits resendLimits = new ResendLimits();
    private ResendFilter resendFilter = ResendFilter.RESEND_ALL;
    private String username;
    private String password;
    private int maxMessageSize = FixFramer.DEFAULT_MAX_MESSAGE_SIZE;
    private int gapQueueBytes = DEFAULT_GAP_QUEUE_BYTES;
    private int gapQueueMessages = DEFAULT_GAP_QUEUE_MESSAGES;
    private int outboundQueueBytes = DEFAULT_OUTBOUND_QUEUE_BYTES;
    private StoreFailurePolicy storeFailurePolicy = StoreFailurePolicy.LOGOUT;
    private long storeProbeIntervalNanos = DEFAULT_STORE_PROBE_INTERVAL_NANOS;
    private long storePauseTimeoutNanos = DEFAULT_STORE_PAUSE_TIMEOUT_NANOS;

    /** Required: BeginString, our SenderCompID, their TargetCompID. */
    public SessionConfig sessionId(final SessionId sessionId)
    {
        this.sessionId = sessionId;
        return this;
    }

    /** Default {@link Role#ACCEPTOR}. */
    public SessionConfig role(final Role role)
    {
        this.role = role;
        return this;
    }

    /**
     * HeartBtInt (108) in seconds an initiator sends; default 30. 0: no Heartbeats (liveness is still checked, see
     * {@link #livenessSeconds()}).
     */
    public SessionConfig heartBtIntSeconds(final int seconds)
    {
        this.heartBtIntSeconds = seconds;
        return this;
    }

    /**
     * MinHeartBtInt: an acceptor logs out a Logon whose HeartBtInt is below; default 0. A HeartBtInt of 0 means no
     * Heartbeats, but the connection's liveness is still checked (see {@link #livenessSeconds()}).
     */
    public SessionConfig minHeartBtIntSeconds(final int seconds)
    {
        this.minHeartBtIntSeconds = seconds;
        return this;
    }

    /** MaxHeartBtInt: an acceptor logs out a Logon whose HeartBtInt is above; default 3600. */
    public SessionConfig maxHeartBtIntSeconds(final int seconds)
    {
        this.maxHeartBtIntSeconds = seconds;
        return this;
    }

    public int minHeartBtIntSeconds()
    {
        return minHeartBtIntSeconds;
    }

    public int maxHeartBtIntSeconds()
    {
        return maxHeartBtIntSeconds;
    }

    /**
     * The interval liveness is checked on when the HeartBtInt in force is 0 (no Heartbeats): our own HeartBtInt, or
     * {@link #DEFAULT_HEART_BT_INT_SECONDS} when that is 0 too. A silent connection then still gets a TestRequest and
     * is closed when that goes unanswered.
     */
    public int livenessSeconds()
    {
        return heartBtIntSeconds > 0 ? heartBtIntSeconds : DEFAULT_HEART_BT_INT_SECONDS;
    }

    /** LogonTimeout; default 10 s. */
    public SessionConfig logonTimeoutNanos(final long nanos)
    {
        this.logonTimeoutNanos = nanos;
        return this;
    }

    /** LogoutTimeout; default 2 s. */
    public SessionConfig logoutTimeoutNanos(final long nanos)
    {
        this.logoutTimeoutNanos = nanos;
        return this;
    }

    /** CheckLatency: whether SendingTime accuracy is checked; default true. */
    public SessionConfig checkLatency(final boolean check)
    {
        this.checkLatency = check;
        return this;
    }

    /** MaxLatency; default 120 s. */
    public SessionConfig maxLatencyNanos(final long nanos)
    {
        this.maxLatencyNanos = nanos;
        return this;
    }

    /** TestRequestDelayMultiplier; default 0.5 (TestRequest after 1.5 × HeartBtInt of silence). */
    public SessionConfig testRequestDelayMultiplier(final double multiplier)
    {
        this.testRequestDelayMultiplier = multiplier;
        return this;
    }

    /** HeartBeatTimeoutMultiplier; default 1.4 (disconnect after 2.4 × HeartBtInt of silence). */
    public SessionConfig heartbeatTimeoutMultiplier(final double multiplier)
    {
        this.heartbeatTimeoutMultiplier = multiplier;
        return this;
    }

    /** ResetOnLogon: sequence numbers restart at 1 at every Logon; default false. */
    public SessionConfig resetOnLogon(final boolean reset)
    {
        this.resetOnLogon = reset;
        return this;
    }

    /** ResetOnLogout; default false. */
    public SessionConfig resetOnLogout(final boolean reset)
    {
        this.resetOnLogout = reset;
        return this;
    }

    /** ResetOnDisconnect; default false. */
    public SessionConfig resetOnDisconnect(final boolean reset)
    {
        this.resetOnDisconnect = reset;
        return this;
    }

    /** RefreshOnLogon: re-read sequence numbers from the store at Logon (a store shared with a standby); default false. */
    public SessionConfig refreshOnLogon(final boolean refresh)
    {
        this.refreshOnLogon = refresh;
        return this;
    }

    /** CheckCompID; default true. */
    public SessionConfig checkCompId(final boolean check)
    {
        this.checkCompId = check;
        return this;
    }

    /** RequiresOrigSendingTime: a PossDup message without OrigSendingTime is rejected; default true. */
    public SessionConfig requiresOrigSendingTime(final boolean requires)
    {
        this.requiresOrigSendingTime = requires;
        return this;
    }

    /**
     * ResendRequestChunkSize (QuickFIX semantics): a gap is asked for in ResendRequests of at most {@code size}
     * messages, the next one sent once the previous is filled; the last chunk asks up to "infinity". Default 0:
     * one request for the whole gap.
     */
    public SessionConfig resendRequestChunkSize(final int size)
    {
        this.resendRequestChunkSize = size;
        return this;
    }

    public int resendRequestChunkSize()
    {
        return resendRequestChunkSize;
    }

    /** EnableNextExpectedMsgSeqNum: send and honour tag 789 in Logon; default false. */
    public SessionConfig enableNextExpectedMsgSeqNum(final boolean enable)
    {
        this.enableNextExpectedMsgSeqNum = enable;
        return this;
    }

    /**
     * Inbound validation against the session's data dictionaries (UseDataDictionary=Y); default none. A validator
     * is not thread-safe: give each session its own (they may share the dictionaries).
     */
    public SessionConfig validator(final MessageValidator validator)
    {
        this.validator = validator;
        return this;
    }

    /** TimeStampPrecision: fraction digits of SendingTime we write: 0, 3 (default), 6 or 9. */
    public SessionConfig timestampPrecision(final int digits)
    {
        this.timestampPrecision = digits;
        return this;
    }

    /**
     * DefaultApplVerID for FIXT.1.1 sessions, sent as 1137 in our Logon: either the enumerated value
     * ({@code 7}, {@code 9}) or the name ({@code FIX.5.0}, {@code FIX.5.0SP2}).
     */
    public SessionConfig defaultApplVerId(final String value)
    {
        this.defaultApplVerId = value;
        return this;
    }

    /** Session schedule; default non-stop. The instance is copied (each session owns its cache). */
    public SessionConfig schedule(final SessionSchedule schedule)
    {
        this.schedule = schedule;
        return this;
    }

    /**
     * The acceptor's Logon security: the addresses a Logon may come from (AllowedRemoteAddresses), the Username and
     * Password hash it must carry, the authenticators asked after those checks and the lockout after repeated
     * failures. Set through the returned object; the defaults let every Logon in.
     */
    public LogonSecurity logonSecurity()
    {
        return security;
    }

    /**
     * How much work the counterparty's message recovery may make us do: the resend and ResendRequest limits and the
     * SequenceReset budget ({@link ResendLimits}), set through the returned object.
     */
    public ResendLimits resendLimits()
    {
        return resendLimits;
    }

    /** Whether a resend repeats or gap-fills each stored application message; default {@link ResendFilter#RESEND_ALL}. */
    public SessionConfig resendFilter(final ResendFilter filter)
    {
        this.resendFilter = filter;
        return this;
    }

    public ResendFilter resendFilter()
    {
        return resendFilter;
    }

    /** Initiator: Username (553) sent in our Logon; default none. */
    public SessionConfig username(final String username)
    {
        this.username = username;
        return this;
    }

    /** Initiator: Password (554) sent in our Logon; default none. */
    public SessionConfig password(final String password)
    {
        this.password = password;
        return this;
    }

    /** Largest message we encode or resend; default {@link FixFramer#DEFAULT_MAX_MESSAGE_SIZE}. */
    public SessionConfig maxMessageSize(final int bytes)
    {
        this.maxMessageSize = bytes;
        return this;
    }

    /** Bytes buffered for messages received beyond a sequence gap; default 1 MiB. */
    public SessionConfig gapQueueBytes(final int bytes)
    {
        this.gapQueueBytes = bytes;
        return this;
    }

    /** Messages buffered beyond a sequence gap; default 8192. Overflowing messages are re-requested later. */
    public SessionConfig gapQueueMessages(final int messages)
    {
        this.gapQueueMessages = messages;
        return this;
    }

    /** Bytes of numbered messages held back until sent ({@link OutboundQueue}); default 256 KiB, at least one message. */
    public SessionConfig outboundQueueBytes(final int bytes)
    {
        this.outboundQueueBytes = bytes;
        return this;
    }

    public int outboundQueueBytes()
    {
        return outboundQueueBytes;
    }

    /** What a logged-on session does when its store fails (see {@link StoreFailurePolicy}); default LOGOUT. */
    public SessionConfig storeFailurePolicy(final StoreFailurePolicy policy)
    {
        this.storeFailurePolicy = policy;
        return this;
    }

    /**
     * {@link StoreFailurePolicy#PAUSE}: engine time a session may stay paused before it gives up as
     * {@link StoreFailurePolicy#LOGOUT} does (Logout {@code "Store failure: <reason>"}, then the connection closes);
     * counted in {@link SessionCounters#storePauseTimeouts()}. Default 30 s; 0: no bound.
     */
    public SessionConfig storePauseTimeoutNanos(final long nanos)
    {
        this.storePauseTimeoutNanos = nanos;
        return this;
    }

    /** {@link StoreFailurePolicy#PAUSE}: engine time between two store probes; default 1 s. */
    public SessionConfig storeProbeIntervalNanos(final long nanos)
    {
        this.storeProbeIntervalNanos = nanos;
        return this;
    }

    /**
     * Check the settings.
     *
     * @throws IllegalArgumentException naming the setting and its limit.
     */
    public SessionConfig conclude()
    {
        Objects.requireNonNull(sessionId, "sessionId (BeginString/SenderCompID/TargetCompID) is required");
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(schedule, "schedule");
        security.conclude();
        resendLimits.conclude();
        Objects.requireNonNull(resendFilter, "resendFilter");
        Objects.requireNonNull(storeFailurePolicy, "StoreFailurePolicy");
        require(storeProbeIntervalNanos > 0, "StoreProbeIntervalMs must be > 0");
        require(storePauseTimeoutNanos >= 0, "StorePauseTimeout must be >= 0 (0: unbounded)");
        require(heartBtIntSeconds >= 0, "HeartBtInt must be >= 0: " + heartBtIntSeconds);
        require(minHeartBtIntSeconds >= 0, "MinHeartBtInt must be >= 0: " + minHeartBtIntSeconds);
        require(maxHeartBtIntSeconds >= minHeartBtIntSeconds,
            "MaxHeartBtInt must be >= MinHeartBtInt: " + maxHeartBtIntSeconds);
        require(logonTimeoutNanos > 0, "LogonTimeout must be > 0");
        require(logoutTimeoutNanos > 0, "LogoutTimeout must be > 0");
        require(maxLatencyNanos > 0, "MaxLatency must be > 0");
        require(testRequestDelayMultiplier >= 0, "TestRequestDelayMultiplier must be >= 0");
        require(heartbeatTimeoutMultiplier > testRequestDelayMultiplier,
            "HeartBeatTimeoutMultiplier must exceed TestRequestDelayMultiplier");
        require(timestampPrecision == 0 || timestampPrecision == 3 || timestampPrecision == 6 ||
            timestampPrecision == 9, "TimeStampPrecision must be 0, 3, 6 or 9 digits: " + timestampPrecision);
        require(maxMessageSize >= 256, "maxMessageSize must be >= 256: " + maxMessageSize);
        require(gapQueueBytes >= 0, "gapQueueBytes must be >= 0");
        require(gapQueueMessages >= 0, "gapQueueMessages must be >= 0");
        require(outboundQueueBytes >= 0, "outboundQueueBytes must be >= 0");
        require(resendRequestChunkSize >= 0, "ResendRequestChunkSize must be >= 0: " + resendRequestChunkSize);
        if (isFixt())
        {
            require(defaultApplVerId != null, "DefaultApplVerID is required for FIXT.1.1 sessions");
            require(applVerIdValue(defaultApplVerId) != null, "DefaultApplVerID not recognised: " + defaultApplVerId);
        }
        return this;
    }

    static void require(final boolean condition, final String message)
    {
        if (!condition)
        {
            throw new IllegalArgumentException(message);
        }
    }

    /** The ApplVerID (1128/1137) enumeration value of a name or value, or null (see {@link ApplVerIds}). */
    public static String applVerIdValue(final String nameOrValue)
    {
        final char value = ApplVerIds.valueOf(nameOrValue);
        return value == ApplVerIds.NONE ? null : String.valueOf(value);
    }

    boolean isFixt()
    {
        return sessionId != null && sessionId.beginString().startsWith("FIXT");
    }

    public SessionId sessionId()
    {
        return sessionId;
    }

    public Role role()
    {
        return role;
    }

    public int heartBtIntSeconds()
    {
        return heartBtIntSeconds;
    }

    public long logonTimeoutNanos()
    {
        return logonTimeoutNanos;
    }

    public long logoutTimeoutNanos()
    {
        return logoutTimeoutNanos;
    }

    public boolean checkLatency()
    {
        return checkLatency;
    }

    public long maxLatencyNanos()
    {
        return maxLatencyNanos;
    }

    public double testRequestDelayMultiplier()
    {
        return testRequestDelayMultiplier;
    }

    public double heartbeatTimeoutMultiplier()
    {
        return heartbeatTimeoutMultiplier;
    }

    public boolean resetOnLogon()
    {
        return resetOnLogon;
    }

    public boolean resetOnLogout()
    {
        return resetOnLogout;
    }

    public boolean resetOnDisconnect()
    {
        return resetOnDisconnect;
    }

    public boolean refreshOnLogon()
    {
        return refreshOnLogon;
    }

    public boolean checkCompId()
    {
        return checkCompId;
    }

    public boolean requiresOrigSendingTime()
    {
        return requiresOrigSendingTime;
    }

    public boolean enableNextExpectedMsgSeqNum()
    {
        return enableNextExpectedMsgSeqNum;
    }

    public MessageValidator validator()
    {
        return validator;
    }

    public int timestampPrecision()
    {
        return timestampPrecision;
    }

    public String defaultApplVerId()
    {
        return defaultApplVerId;
    }

    public SessionSchedule schedule()
    {
        return schedule;
    }

    public String username()
    {
        return username;
    }

    public String password()
    {
        return password;
    }

    public int maxMessageSize()
    {
        return maxMessageSize;
    }

    public int gapQueueBytes()
    {
        return gapQueueBytes;
    }

    public int gapQueueMessages()
    {
        return gapQueueMessages;
    }

    public StoreFailurePolicy storeFailurePolicy()
    {
        return storeFailurePolicy;
    }

    public long storeProbeIntervalNanos()
    {
        return storeProbeIntervalNanos;
    }

    /** 0: a store pause has no bound. */
    public long storePauseTimeoutNanos()
    {
        return storePauseTimeoutNanos;
    }
}
