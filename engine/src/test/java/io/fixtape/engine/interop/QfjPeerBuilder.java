package io.fixtape.engine.interop;

import quickfix.CompositeLogFactory;
import quickfix.FileLogFactory;
import quickfix.LogFactory;
import quickfix.SLF4JLogFactory;
import quickfix.SessionID;
import quickfix.SessionSettings;

import java.nio.file.Path;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * How to run a {@link QfjPeer}: its sessions, its role and the QuickFIX/J settings that differ between tests;
 * {@link #start} connects (initiator, retrying every second) or listens (acceptor) on 127.0.0.1. Every peer
 * validates with its dictionary (user-defined fields, field order, empty values), keeps its messages in memory and
 * timestamps in milliseconds. Obtain one from {@link QfjPeer#initiator} or {@link QfjPeer#acceptor}.
 *
 * <p>Threading: the test thread.
 */
public final class QfjPeerBuilder
{
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");

    private final String beginString;
    private final List<String> senderCompIds;
    private final String targetCompId;
    private final int port;
    private final boolean accept;
    private int heartBtInt = 30;
    private boolean resetOnLogon = true;
    private String defaultApplVerId = "FIX.5.0SP2";
    private Integer logonTimeoutSeconds;
    private Path fileLogDir;
    private LogFactory logFactory;
    private final java.util.Map<String, String> extraSettings = new java.util.LinkedHashMap<>();
    private LocalTime startTime;
    private boolean nextExpectedMsgSeqNum;
    private LocalTime endTime;

    QfjPeerBuilder(final String beginString, final List<String> senderCompIds, final String targetCompId,
        final int port, final boolean accept)
    {
        this.beginString = beginString;
        this.senderCompIds = List.copyOf(senderCompIds);
        this.targetCompId = targetCompId;
        this.port = port;
        this.accept = accept;
    }

    /** HeartBtInt in seconds (default 30); short values make idle sessions carry Heartbeats both ways. */
    public QfjPeerBuilder heartBtInt(final int seconds)
    {
        this.heartBtInt = seconds;
        return this;
    }

    /**
     * Default true. False: sequence numbers continue across Logons of this peer (its memory store keeps them), so
     * the other side's state must follow the session.
     */
    public QfjPeerBuilder resetOnLogon(final boolean resetOnLogon)
    {
        this.resetOnLogon = resetOnLogon;
        return this;
    }

    /** FIXT.1.1 only: the DefaultApplVerID announced and validated against (default "FIX.5.0SP2"). */
    public QfjPeerBuilder defaultApplVerId(final String defaultApplVerId)
    {
        this.defaultApplVerId = defaultApplVerId;
        return this;
    }

    /**
     * A daily schedule from {@code start} to {@code end} (UTC) instead of NonStopSession; equal times make a 24-hour
     * session whose periods meet at that time.
     */
    public QfjPeerBuilder schedule(final LocalTime start, final LocalTime end)
    {
        this.startTime = start;
        this.endTime = end;
        return this;
    }

    /** QuickFIX/J's EnableNextExpectedMsgSeqNum: 789 in its Logon, and its checks of ours (default false). */
    public QfjPeerBuilder enableNextExpectedMsgSeqNum(final boolean enable)
    {
        this.nextExpectedMsgSeqNum = enable;
        return this;
    }

    /** How long the initiator waits for the Logon answer (QuickFIX/J's LogonTimeout; its default otherwise). */
    public QfjPeerBuilder logonTimeoutSeconds(final int seconds)
    {
        this.logonTimeoutSeconds = seconds;
        return this;
    }

    /**
     * QuickFIX/J's own {@code FileLog} into {@code dir}: {@code BEGINSTRING-SENDER-TARGET.messages.log} (and
     * {@code .event.log}), every message sent or received, one per line, prefixed by its UTC log time in
     * milliseconds, Heartbeats included.
     */
    public QfjPeerBuilder fileLog(final Path dir)
    {
        this.fileLogDir = dir;
        return this;
    }

    /** Every session's message and event log goes to {@code logFactory} (instead of the other logs). */
    public QfjPeerBuilder log(final LogFactory logFactory)
    {
        this.logFactory = logFactory;
        return this;
    }

    /** Any other QuickFIX/J session setting, e.g. its TLS keys ({@code SocketUseSSL}, {@code SocketKeyStore}, …). */
    public QfjPeerBuilder setting(final String key, final String value)
    {
        extraSettings.put(key, value);
        return this;
    }

    /** Starts the initiator (it connects, retrying every second) or the acceptor (it listens). */
    public QfjPeer start()
    {
        return new QfjPeer(this);
    }

    String beginString()
    {
        return beginString;
    }

    List<String> senderCompIds()
    {
        return senderCompIds;
    }

    String targetCompId()
    {
        return targetCompId;
    }

    boolean accepts()
    {
        return accept;
    }

    /** The settings of session {@code id}. */
    void configure(final SessionSettings settings, final SessionID id)
    {
        settings.setString(id, "ConnectionType", accept ? "acceptor" : "initiator");
        settings.setString(id, "StartTime", startTime == null ? "00:00:00" : TIME.format(startTime));
        settings.setString(id, "EndTime", endTime == null ? "00:00:00" : TIME.format(endTime));
        settings.setString(id, "NonStopSession", startTime == null ? "Y" : "N");
        settings.setString(id, "UseDataDictionary", "Y");
        settings.setString(id, "ValidateUserDefinedFields", "Y");
        settings.setString(id, "ValidateFieldsOutOfOrder", "Y");
        settings.setString(id, "ValidateFieldsHaveValues", "Y");
        settings.setString(id, "ResetOnLogon", resetOnLogon ? "Y" : "N");
        settings.setString(id, "TimeStampPrecision", "MILLIS");
        settings.setString(id, "HeartBtInt", Integer.toString(heartBtInt));
        settings.setString(id, "EnableNextExpectedMsgSeqNum", nextExpectedMsgSeqNum ? "Y" : "N");
        if (QfjPeer.FIXT.equals(beginString))
        {
            settings.setString(id, "DefaultApplVerID", defaultApplVerId);
            settings.setString(id, "TransportDataDictionary", "FIXT11.xml");
            settings.setString(id, "AppDataDictionary", defaultApplVerId.replace(".", "") + ".xml");
        }
        else
        {
            settings.setString(id, "DataDictionary", beginString.replace(".", "") + ".xml");
        }
        if (accept)
        {
            settings.setString(id, "SocketAcceptAddress", "127.0.0.1");
            settings.setString(id, "SocketAcceptPort", Integer.toString(port));
        }
        else
        {
            settings.setString(id, "SocketConnectHost", "127.0.0.1");
            settings.setString(id, "SocketConnectPort", Integer.toString(port));
            settings.setString(id, "ReconnectInterval", "1");
        }
        extraSettings.forEach((key, value) -> settings.setString(id, key, value));
        if (logonTimeoutSeconds != null)
        {
            settings.setString(id, "LogonTimeout", Integer.toString(logonTimeoutSeconds));
        }
        if (fileLogDir != null)
        {
            settings.setString(id, FileLogFactory.SETTING_FILE_LOG_PATH, fileLogDir.toString());
            settings.setString(id, FileLogFactory.SETTING_INCLUDE_TIMESTAMP_FOR_MESSAGES, "Y");
            settings.setString(id, FileLogFactory.SETTING_INCLUDE_MILLIS_IN_TIMESTAMP, "Y");
            settings.setString(id, FileLogFactory.SETTING_LOG_HEARTBEATS, "Y");
        }
    }

    /**
     * The given {@link #log}, else QuickFIX/J's SLF4J log with {@code -Dfixtape.interop.log=true} and/or its
     * {@link #fileLog}; null (no log) when none applies.
     */
    LogFactory logFactory(final SessionSettings settings)
    {
        if (logFactory != null)
        {
            return logFactory;
        }
        final LogFactory slf4j = Boolean.getBoolean("fixtape.interop.log") ? new SLF4JLogFactory(settings) : null;
        if (fileLogDir == null)
        {
            return slf4j;
        }
        final FileLogFactory file = new FileLogFactory(settings);
        return slf4j == null ? file : new CompositeLogFactory(new LogFactory[] {slf4j, file});
    }
}
