package io.fixtape.launcher;

import io.fixtape.engine.config.SettingsBuilder;

import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/**
 * The keys of one {@code [SESSION]} section, or of {@code [DEFAULT]} where every session inherits them: one typed
 * setter per settings-file key ({@link SettingKey} names it), with the key's meaning, default and checks (see
 * docs/CONFIGURATION.md). A value set here replaces one read from a file. Values are checked when the engine is
 * built, with the same messages as a settings file, the location being {@code FixtapeBuilder [SESSION n] Key}.
 *
 * <pre>{@code
 * builder.session(s -> s.acceptor(9878).sessionId("FIX.4.4", "EXEC", "BANZAI").heartBtIntSeconds(30)
 *     .nonStopSession(true));
 * }</pre>
 *
 * <p>Configuration thread only.
 */
public final class SessionOptions
{
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");

    private final SettingsBuilder settings;
    private final int session;

    /** @param session the section's index in {@code settings}, or -1 for {@code [DEFAULT]}. */
    SessionOptions(final SettingsBuilder settings, final int session)
    {
        this.settings = settings;
        this.session = session;
    }

    /**
     * Set any session key by its settings-file name ({@code null} removes it).
     *
     * @throws IllegalArgumentException for an unknown key (the closest known key is named).
     */
    public SessionOptions set(final String key, final String value)
    {
        if (session < 0)
        {
            settings.putDefault(key, value);
        }
        else
        {
            settings.put(session, key, value);
        }
        return this;
    }

    /** The value of {@code key} set in this section itself (from a file or from Java), or null. */
    public String get(final String key)
    {
        return session < 0 ? settings.getDefault(key) : settings.get(session, key);
    }

    /** An acceptor listening on {@code port} (0: any free port): ConnectionType and SocketAcceptPort. */
    public SessionOptions acceptor(final int port)
    {
        return connectionType("acceptor").socketAcceptPort(port);
    }

    /** An initiator connecting to {@code host:port}: ConnectionType, SocketConnectHost and SocketConnectPort. */
    public SessionOptions initiator(final String host, final int port)
    {
        return connectionType("initiator").socketConnectHost(host).socketConnectPort(port);
    }

    /** BeginString, SenderCompID (ours) and TargetCompID (theirs). */
    public SessionOptions sessionId(final String beginString, final String senderCompId, final String targetCompId)
    {
        return beginString(beginString).senderCompId(senderCompId).targetCompId(targetCompId);
    }

    /**
     * {@code acceptor} or {@code initiator} (required); see also {@link #acceptor(int)} and {@link #initiator(String,
     * int)}.
     */
    @SettingKey("ConnectionType")
    public SessionOptions connectionType(final String value)
    {
        return set("ConnectionType", value);
    }

    /** {@code FIX.4.0} … {@code FIX.4.4} or {@code FIXT.1.1} (required). */
    @SettingKey("BeginString")
    public SessionOptions beginString(final String value)
    {
        return set("BeginString", value);
    }

    /** Our CompID (required). */
    @SettingKey("SenderCompID")
    public SessionOptions senderCompId(final String value)
    {
        return set("SenderCompID", value);
    }

    /** The counterparty's CompID (required). */
    @SettingKey("TargetCompID")
    public SessionOptions targetCompId(final String value)
    {
        return set("TargetCompID", value);
    }

    /** Tells apart sessions with the same BeginString and CompIDs. Default empty. */
    @SettingKey("SessionQualifier")
    public SessionOptions sessionQualifier(final String value)
    {
        return set("SessionQualifier", value);
    }

    /**
     * This acceptor section is a template: SenderCompID and/or TargetCompID may be {@code *}, and a Logon matching
     * it creates a session with the Logon's CompIDs, journaled and re-created at restart. Default false.
     */
    @SettingKey("AcceptorTemplate")
    public SessionOptions acceptorTemplate(final boolean value)
    {
        return set("AcceptorTemplate", yn(value));
    }

    /** FIXT.1.1: the application version we send, a code ({@code 9}) or name ({@code FIX.5.0SP2}); required there. */
    @SettingKey("DefaultApplVerID")
    public SessionOptions defaultApplVerId(final String value)
    {
        return set("DefaultApplVerID", value);
    }

    /** Acceptor: the port to listen on, 0 for any free port (required for an acceptor). */
    @SettingKey("SocketAcceptPort")
    public SessionOptions socketAcceptPort(final int value)
    {
        return set("SocketAcceptPort", Integer.toString(value));
    }

    /** Acceptor: the address to bind. Default {@code 0.0.0.0}. */
    @SettingKey("SocketAcceptAddress")
    public SessionOptions socketAcceptAddress(final String value)
    {
        return set("SocketAcceptAddress", value);
    }

    /** Initiator: the host to connect to (required for an initiator). */
    @SettingKey("SocketConnectHost")
    public SessionOptions socketConnectHost(final String value)
    {
        return set("SocketConnectHost", value);
    }

    /** Initiator: the port to connect to (required for an initiator). */
    @SettingKey("SocketConnectPort")
    public SessionOptions socketConnectPort(final int value)
    {
        return set("SocketConnectPort", Integer.toString(value));
    }

    /**
     * Initiator: failover host {@code n} (1, 2, ...), tried in order after {@code SocketConnectHost} when a
     * connection fails; set {@link #socketConnectPort(int, int)} with the same {@code n}.
     */
    @SettingKey("SocketConnectHost<n>")
    public SessionOptions socketConnectHost(final int n, final String value)
    {
        return set("SocketConnectHost" + failoverNumber(n), value);
    }

    /** Initiator: failover port {@code n}, with {@link #socketConnectHost(int, String)}. */
    @SettingKey("SocketConnectPort<n>")
    public SessionOptions socketConnectPort(final int n, final int value)
    {
        return set("SocketConnectPort" + failoverNumber(n), Integer.toString(value));
    }

    /** Initiator: the next failover address ({@code SocketConnectHost<n>}/{@code SocketConnectPort<n>}). */
    public SessionOptions failover(final String host, final int port)
    {
        int n = 1;
        while (get("SocketConnectHost" + n) != null)
        {
            n++;
        }
        return socketConnectHost(n, host).socketConnectPort(n, port);
    }

    private static int failoverNumber(final int n)
    {
        if (n < 1)
        {
            throw new IllegalArgumentException("failover addresses are numbered from 1: " + n);
        }
        return n;
    }

    /**
     * Initiator: seconds to wait after a round of failed connections (every address tried), doubled after each
     * further failed round up to {@link #reconnectMaxIntervalSeconds}, &gt; 0. Default 30.
     */
    @SettingKey("ReconnectInterval")
    public SessionOptions reconnectIntervalSeconds(final int value)
    {
        return set("ReconnectInterval", Integer.toString(value));
    }

    /** Initiator: the longest wait between rounds of connection attempts, seconds, &gt;= ReconnectInterval. Default 300. */
    @SettingKey("ReconnectMaxInterval")
    public SessionOptions reconnectMaxIntervalSeconds(final int value)
    {
        return set("ReconnectMaxInterval", Integer.toString(value));
    }

    /** Initiator: each wait is shortened by a random share of up to this percent, 0..100. Default 20. */
    @SettingKey("ReconnectJitter")
    public SessionOptions reconnectJitterPercent(final int value)
    {
        return set("ReconnectJitter", Integer.toString(value));
    }

    /** Initiator: seconds a connect may take before it is abandoned and counted as failed, &gt; 0. Default 10. */
    @SettingKey("ConnectTimeout")
    public SessionOptions connectTimeoutSeconds(final int value)
    {
        return set("ConnectTimeout", Integer.toString(value));
    }

    /**
     * Heartbeat interval an initiator proposes, seconds, &gt;= 0 (0: no heartbeats; liveness is still checked every 30
     * s). Default 30.
     */
    @SettingKey("HeartBtInt")
    public SessionOptions heartBtIntSeconds(final int value)
    {
        return set("HeartBtInt", Integer.toString(value));
    }

    /** Acceptor: smallest HeartBtInt a Logon may ask for, seconds, &gt;= 0; below it a Logout. Default 0. */
    @SettingKey("MinHeartBtInt")
    public SessionOptions minHeartBtIntSeconds(final int value)
    {
        return set("MinHeartBtInt", Integer.toString(value));
    }

    /** Acceptor: largest HeartBtInt a Logon may ask for, seconds; above it a Logout. Default 3600. */
    @SettingKey("MaxHeartBtInt")
    public SessionOptions maxHeartBtIntSeconds(final int value)
    {
        return set("MaxHeartBtInt", Integer.toString(value));
    }

    /** Seconds to wait for the Logon (acceptor) or its reply (initiator), &gt; 0. Default 10. */
    @SettingKey("LogonTimeout")
    public SessionOptions logonTimeoutSeconds(final int value)
    {
        return set("LogonTimeout", Integer.toString(value));
    }

    /** Seconds to wait for the Logout reply, &gt; 0. Default 2. */
    @SettingKey("LogoutTimeout")
    public SessionOptions logoutTimeoutSeconds(final int value)
    {
        return set("LogoutTimeout", Integer.toString(value));
    }

    /** No schedule: the session never ends. Default false (then StartTime and EndTime are required). */
    @SettingKey("NonStopSession")
    public SessionOptions nonStopSession(final boolean value)
    {
        return set("NonStopSession", yn(value));
    }

    /** Daily (or weekly, with {@link #startDay}) session start, in {@link #timeZone}. */
    @SettingKey("StartTime")
    public SessionOptions startTime(final LocalTime value)
    {
        return set("StartTime", time(value));
    }

    /** Daily (or weekly, with {@link #endDay}) session end, in {@link #timeZone}. */
    @SettingKey("EndTime")
    public SessionOptions endTime(final LocalTime value)
    {
        return set("EndTime", time(value));
    }

    /** First day of a weekly session (with {@link #endDay}). */
    @SettingKey("StartDay")
    public SessionOptions startDay(final DayOfWeek value)
    {
        return set("StartDay", value.name());
    }

    /** Last day of a weekly session (with {@link #startDay}). */
    @SettingKey("EndDay")
    public SessionOptions endDay(final DayOfWeek value)
    {
        return set("EndDay", value.name());
    }

    /**
     * A daily session only on these days (a period that spans midnight ends the next day); not with StartDay/EndDay.
     * Default: every day.
     */
    @SettingKey("Weekdays")
    public SessionOptions weekdays(final DayOfWeek... value)
    {
        final StringBuilder days = new StringBuilder();
        for (final DayOfWeek day : value)
        {
            days.append(days.length() == 0 ? "" : ",").append(day.name());
        }
        return set("Weekdays", days.toString());
    }

    /** Zone of StartTime and EndTime. Default UTC. */
    @SettingKey("TimeZone")
    public SessionOptions timeZone(final ZoneId value)
    {
        return set("TimeZone", value.getId());
    }

    /** Reset both sequence numbers to 1 at every Logon. Default false. */
    @SettingKey("ResetOnLogon")
    public SessionOptions resetOnLogon(final boolean value)
    {
        return set("ResetOnLogon", yn(value));
    }

    /** Reset both sequence numbers after a Logout. Default false. */
    @SettingKey("ResetOnLogout")
    public SessionOptions resetOnLogout(final boolean value)
    {
        return set("ResetOnLogout", yn(value));
    }

    /** Reset both sequence numbers when the connection drops. Default false. */
    @SettingKey("ResetOnDisconnect")
    public SessionOptions resetOnDisconnect(final boolean value)
    {
        return set("ResetOnDisconnect", yn(value));
    }

    /** Ask for a gap in ResendRequests of at most this many messages; 0 (default): one request. */
    @SettingKey("ResendRequestChunkSize")
    public SessionOptions resendRequestChunkSize(final int value)
    {
        return set("ResendRequestChunkSize", Integer.toString(value));
    }

    /** The most sequence numbers a resend covers per duty cycle; the rest follows in the next ones. Default 256. */
    @SettingKey("ResendBatchSize")
    public SessionOptions resendBatchSize(final int value)
    {
        return set("ResendBatchSize", Integer.toString(value));
    }

    /**
     * The most sequence numbers one ResendRequest may ask for; a larger one is rejected and answered with a Logout.
     * 0: unlimited. Default 1,000,000.
     */
    @SettingKey("MaxResendRequestRange")
    public SessionOptions maxResendRequestRange(final int value)
    {
        return set("MaxResendRequestRange", Integer.toString(value));
    }

    /**
     * ResendRequests per {@link #resendRequestRepeatWindow window} that ask again for numbers already asked for; one
     * more is answered with a Logout. 0: unlimited. Default 10.
     */
    @SettingKey("MaxResendRequestRepeats")
    public SessionOptions maxResendRequestRepeats(final int value)
    {
        return set("MaxResendRequestRepeats", Integer.toString(value));
    }

    /** Seconds of engine time over which repeated ResendRequests are counted. Default 60. */
    @SettingKey("ResendRequestRepeatWindow")
    public SessionOptions resendRequestRepeatWindow(final int seconds)
    {
        return set("ResendRequestRepeatWindow", Integer.toString(seconds));
    }

    /**
     * SequenceResets per {@link #sequenceResetWindow window} that are rejected or in Reset mode (GapFills are not
     * counted); one more is answered with a Logout. 0: unlimited. Default 100.
     */
    @SettingKey("MaxSequenceResets")
    public SessionOptions maxSequenceResets(final int value)
    {
        return set("MaxSequenceResets", Integer.toString(value));
    }

    /** Seconds of engine time over which SequenceResets are counted. Default 60. */
    @SettingKey("SequenceResetWindow")
    public SessionOptions sequenceResetWindow(final int seconds)
    {
        return set("SequenceResetWindow", Integer.toString(seconds));
    }

    /**
     * Send NextExpectedMsgSeqNum (789) in our Logon, resend what the counterparty's 789 asks for, and log out a
     * counterparty whose 789 is above our next MsgSeqNum. Default false.
     */
    @SettingKey("EnableNextExpectedMsgSeqNum")
    public SessionOptions enableNextExpectedMsgSeqNum(final boolean value)
    {
        return set("EnableNextExpectedMsgSeqNum", yn(value));
    }

    /** Incoming CompIDs must match the session. Default true. */
    @SettingKey("CheckCompID")
    public SessionOptions checkCompId(final boolean value)
    {
        return set("CheckCompID", yn(value));
    }

    /** Incoming SendingTime must be within MaxLatency of our clock. Default true. */
    @SettingKey("CheckLatency")
    public SessionOptions checkLatency(final boolean value)
    {
        return set("CheckLatency", yn(value));
    }

    /** SendingTime skew accepted, seconds, &gt; 0. Default 120. */
    @SettingKey("MaxLatency")
    public SessionOptions maxLatencySeconds(final int value)
    {
        return set("MaxLatency", Integer.toString(value));
    }

    /** {@code SECONDS}, {@code MILLIS} (default), {@code MICROS} or {@code NANOS}: the timestamps we write. */
    @SettingKey("TimeStampPrecision")
    public SessionOptions timeStampPrecision(final String value)
    {
        return set("TimeStampPrecision", value);
    }

    /** Keep sent application messages for resend. Default true; false without a store selects {@code none}. */
    @SettingKey("PersistMessages")
    public SessionOptions persistMessages(final boolean value)
    {
        return set("PersistMessages", yn(value));
    }

    /** Validate inbound messages against a dictionary. Default true. */
    @SettingKey("UseDataDictionary")
    public SessionOptions useDataDictionary(final boolean value)
    {
        return set("UseDataDictionary", yn(value));
    }

    /** FIX.4.x: a dictionary file or class-path name ({@code FIX44.xml}). Default: the standard one of BeginString. */
    @SettingKey("DataDictionary")
    public SessionOptions dataDictionary(final String value)
    {
        return set("DataDictionary", value);
    }

    /** FIXT.1.1: the session-level dictionary. Default: the standard FIXT11. */
    @SettingKey("TransportDataDictionary")
    public SessionOptions transportDataDictionary(final String value)
    {
        return set("TransportDataDictionary", value);
    }

    /** FIXT.1.1: the application dictionary. Default: the standard one of DefaultApplVerID. */
    @SettingKey("AppDataDictionary")
    public SessionOptions appDataDictionary(final String value)
    {
        return set("AppDataDictionary", value);
    }

    /** User-defined tags (&gt;= 5000) must be in the dictionary. Default true. */
    @SettingKey("ValidateUserDefinedFields")
    public SessionOptions validateUserDefinedFields(final boolean value)
    {
        return set("ValidateUserDefinedFields", yn(value));
    }

    /** Header, body and trailer fields must be in their section. Default true. */
    @SettingKey("ValidateFieldsOutOfOrder")
    public SessionOptions validateFieldsOutOfOrder(final boolean value)
    {
        return set("ValidateFieldsOutOfOrder", yn(value));
    }

    /** A field with an empty value is rejected. Default true. */
    @SettingKey("ValidateFieldsHaveValues")
    public SessionOptions validateFieldsHaveValues(final boolean value)
    {
        return set("ValidateFieldsHaveValues", yn(value));
    }

    /** Accept tags the dictionary does not define for the message. Default false. */
    @SettingKey("AllowUnknownMsgFields")
    public SessionOptions allowUnknownMsgFields(final boolean value)
    {
        return set("AllowUnknownMsgFields", yn(value));
    }

    /** TLS on this session's connection (an acceptor: on its listening port). Default false. */
    @SettingKey("SocketUseSSL")
    public SessionOptions socketUseSsl(final boolean value)
    {
        return set("SocketUseSSL", value ? "Y" : "N");
    }

    /** TLS: key store (PKCS12 or JKS) with our certificate and key; required for a TLS acceptor. */
    @SettingKey("SocketKeyStore")
    public SessionOptions socketKeyStore(final Path value)
    {
        return set("SocketKeyStore", value.toString());
    }

    /** TLS: password of the key store (and of its key). */
    @SettingKey("SocketKeyStorePassword")
    public SessionOptions socketKeyStorePassword(final String value)
    {
        return set("SocketKeyStorePassword", value);
    }

    /** TLS: trust store (PKCS12 or JKS) of the peer certificates we trust. Default: the JDK's cacerts. */
    @SettingKey("SocketTrustStore")
    public SessionOptions socketTrustStore(final Path value)
    {
        return set("SocketTrustStore", value.toString());
    }

    /** TLS: password of the trust store. */
    @SettingKey("SocketTrustStorePassword")
    public SessionOptions socketTrustStorePassword(final String value)
    {
        return set("SocketTrustStorePassword", value);
    }

    /** TLS acceptor: require the initiator's certificate (mutual TLS). Default false. */
    @SettingKey("NeedClientAuth")
    public SessionOptions needClientAuth(final boolean value)
    {
        return set("NeedClientAuth", value ? "Y" : "N");
    }

    /** TLS: comma-separated protocols. Default {@code TLSv1.3,TLSv1.2}. */
    @SettingKey("EnabledProtocols")
    public SessionOptions enabledProtocols(final String value)
    {
        return set("EnabledProtocols", value);
    }

    /** TLS: comma-separated cipher suites. Default: the JDK's for the enabled protocols. */
    @SettingKey("CipherSuites")
    public SessionOptions cipherSuites(final String value)
    {
        return set("CipherSuites", value);
    }

    /** Acceptor: comma-separated hosts or IPs a Logon may come from (resolved at start). Default: any. */
    @SettingKey("AllowedRemoteAddresses")
    public SessionOptions allowedRemoteAddresses(final String value)
    {
        return set("AllowedRemoteAddresses", value);
    }

    /** Acceptor: the Username (553) a Logon must carry. Default: not checked. */
    @SettingKey("ExpectedUsername")
    public SessionOptions expectedUsername(final String value)
    {
        return set("ExpectedUsername", value);
    }

    /**
     * Acceptor: the PBKDF2 hash the Logon's Password (554) must match, from {@code fixtape password-hash} or
     * {@link io.fixtape.engine.api.PasswordHash#create}. Default: not checked.
     */
    @SettingKey("ExpectedPasswordHash")
    public SessionOptions expectedPasswordHash(final String value)
    {
        return set("ExpectedPasswordHash", value);
    }

    /** Acceptor: consecutive authentication failures before a lockout; 0 never locks out. Default 5. */
    @SettingKey("MaxLogonFailures")
    public SessionOptions maxLogonFailures(final int value)
    {
        return set("MaxLogonFailures", Integer.toString(value));
    }

    /** Acceptor: the first lockout in seconds, doubled for each further one up to an hour. Default 60. */
    @SettingKey("LogonLockoutSeconds")
    public SessionOptions logonLockoutSeconds(final int value)
    {
        return set("LogonLockoutSeconds", Integer.toString(value));
    }

    /** Initiator: Username (553) of the Logon. */
    @SettingKey("Username")
    public SessionOptions username(final String value)
    {
        return set("Username", value);
    }

    /** Initiator: Password (554) of the Logon. */
    @SettingKey("Password")
    public SessionOptions password(final String value)
    {
        return set("Password", value);
    }

    /**
     * {@code memory}, {@code none} or {@code journal}. Default: journal when a journal key is set, else memory (none
     * with PersistMessages false).
     */
    @SettingKey("MessageStore")
    public SessionOptions messageStore(final String value)
    {
        return set("MessageStore", value);
    }

    /** The journal directory (one per engine; created if missing): selects the journal. */
    @SettingKey("JournalPath")
    public SessionOptions journalPath(final Path value)
    {
        return set("JournalPath", value.toString());
    }

    /** QuickFIX/J's name for the store directory: an alias of JournalPath. */
    @SettingKey("FileStorePath")
    public SessionOptions fileStorePath(final Path value)
    {
        return set("FileStorePath", value.toString());
    }

    /** {@code audit} (default: every message), {@code store} (outbound application messages) or {@code none}. */
    @SettingKey("JournalMode")
    public SessionOptions journalMode(final String value)
    {
        return set("JournalMode", value);
    }

    /** {@code page-cache} (default), {@code periodic} or {@code per-message}: when records are forced to the device. */
    @SettingKey("JournalDurability")
    public SessionOptions journalDurability(final String value)
    {
        return set("JournalDurability", value);
    }

    /**
     * Journal Password (554), NewPassword (925) and their encrypted forms as asterisks of the same length (CheckSum
     * recomputed). Default true.
     */
    @SettingKey("JournalMaskPasswords")
    public SessionOptions journalMaskPasswords(final boolean value)
    {
        return set("JournalMaskPasswords", value ? "Y" : "N");
    }

    /** msync interval of JournalDurability periodic, ms, &gt; 0. Default 100. */
    @SettingKey("JournalSyncIntervalMs")
    public SessionOptions journalSyncIntervalMs(final int value)
    {
        return set("JournalSyncIntervalMs", Integer.toString(value));
    }

    /** {@code daily} (default), {@code hourly}, {@code weekly}, ...: how often a new cycle file starts. */
    @SettingKey("JournalRollCycle")
    public SessionOptions journalRollCycle(final String value)
    {
        return set("JournalRollCycle", value);
    }

    /**
     * Newest cycle files always kept; an older one goes once no registered session's resend range reaches into it.
     * 0 (default) keeps all.
     */
    @SettingKey("JournalRetentionCycles")
    public SessionOptions journalRetentionCycles(final int value)
    {
        return set("JournalRetentionCycles", Integer.toString(value));
    }

    /** Directory retention moves finished cycle files to instead of deleting them. Default none (deleted). */
    @SettingKey("JournalArchiveDir")
    public SessionOptions journalArchiveDir(final String value)
    {
        return set("JournalArchiveDir", value);
    }

    /** Command run on each archived cycle file, its path appended (e.g. {@code gzip -9}). Default none. */
    @SettingKey("JournalArchiveCommand")
    public SessionOptions journalArchiveCommand(final String value)
    {
        return set("JournalArchiveCommand", value);
    }

    /** Most sessions one journal holds, 1..1,048,576. Default 65,536; a session past it is refused at registration. */
    @SettingKey("JournalMaxSessions")
    public SessionOptions journalMaxSessions(final int value)
    {
        return set("JournalMaxSessions", Integer.toString(value));
    }

    /** {@code auto} (default), {@code Y}, {@code duty} or {@code N}: who touches journal pages ahead of the writer. */
    @SettingKey("JournalPretouch")
    public SessionOptions journalPretouch(final String value)
    {
        return set("JournalPretouch", value);
    }

    /** KiB the pretouch thread keeps touched ahead of the writer, &gt;= 4. Default 1024. */
    @SettingKey("JournalPretouchAheadKb")
    public SessionOptions journalPretouchAheadKb(final int value)
    {
        return set("JournalPretouchAheadKb", Integer.toString(value));
    }

    /**
     * Start on a damaged journal by cutting it at its last good record (logged and counted; the damaged queue is kept
     * aside) instead of refusing to start. Default false.
     */
    @SettingKey("JournalRecoverTruncate")
    public SessionOptions journalRecoverTruncate(final boolean value)
    {
        return set("JournalRecoverTruncate", value ? "Y" : "N");
    }

    /** Free MiB under which appends fail before the disk is full, &gt;= 0. Default 64. */
    @SettingKey("JournalLowSpaceMb")
    public SessionOptions journalLowSpaceMb(final int value)
    {
        return set("JournalLowSpaceMb", Integer.toString(value));
    }

    /**
     * {@code logout} (default), {@code disconnect} or {@code pause}: what a session does when its store refuses a
     * write.
     */
    @SettingKey("StoreFailurePolicy")
    public SessionOptions storeFailurePolicy(final String value)
    {
        return set("StoreFailurePolicy", value);
    }

    /** Policy pause: ms between checks whether the store writes again, &gt; 0. Default 1000. */
    @SettingKey("StoreProbeIntervalMs")
    public SessionOptions storeProbeIntervalMs(final int value)
    {
        return set("StoreProbeIntervalMs", Integer.toString(value));
    }

    /** Policy pause: seconds a session may stay paused, 0 unbounded. Default 30. */
    @SettingKey("StorePauseTimeout")
    public SessionOptions storePauseTimeoutSeconds(final int value)
    {
        return set("StorePauseTimeout", Integer.toString(value));
    }

    private static String yn(final boolean value)
    {
        return value ? "Y" : "N";
    }

    private static String time(final LocalTime value)
    {
        return TIME.format(value);
    }
}
