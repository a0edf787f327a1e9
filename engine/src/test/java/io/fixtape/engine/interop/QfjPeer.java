package io.fixtape.engine.interop;

import quickfix.Application;
import quickfix.ConfigError;
import quickfix.Connector;
import quickfix.DefaultMessageFactory;
import quickfix.FieldNotFound;
import quickfix.LogFactory;
import quickfix.MemoryStoreFactory;
import quickfix.Message;
import quickfix.Session;
import quickfix.SessionID;
import quickfix.SessionSettings;
import quickfix.SocketAcceptor;
import quickfix.SocketInitiator;
import quickfix.field.MsgType;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * A QuickFIX/J 2.3.2 counterparty for tests, with its dictionary validation ON (user-defined fields, field order and
 * empty values checked). An initiator runs one or more sessions ({@code SENDER → target}, one
 * {@link SocketInitiator}); an acceptor runs one session and fills every NewOrderSingle it receives with an
 * ExecutionReport. Either counts what it receives: fills per session (and their ClOrdIDs), orders, application
 * messages, PossDup messages, heartbeats and answers to its TestRequests, session and business rejects, resend
 * requests and logons.
 *
 * <pre>
 * try (QfjPeer qfj = QfjPeer.initiator("FIX.4.4", "QFJ", "FIXTAPE", port).heartBtInt(1).start())
 * {
 *     qfj.awaitLogon();
 *     qfj.send(qfj.newOrderSingle(1));
 *     qfj.logout();
 * }
 * </pre>
 * Message logs are written only with {@code -Dfixtape.interop.log=true} (long runs make large logs), to a file
 * with {@link QfjPeerBuilder#fileLog}, or to the {@link LogFactory} given to {@link QfjPeerBuilder#log}.
 *
 * <p>Threading: build, start, send and close on the test thread; the callbacks run on QuickFIX/J's threads, so
 * every count is safe to read from any thread.
 */
public final class QfjPeer implements Application, AutoCloseable
{
    public static final String FIXT = "FIXT.1.1";
    private static final long TIMEOUT_SECONDS = 15;

    private final String beginString;
    private final List<SessionID> sessionIds = new ArrayList<>();
    private final Map<SessionID, AtomicInteger> fills = new ConcurrentHashMap<>();
    private final Map<SessionID, Set<String>> filledClOrdIds = new ConcurrentHashMap<>();
    private final AtomicInteger ordersReceived = new AtomicInteger();
    private final AtomicInteger applicationMessages = new AtomicInteger();
    private final AtomicInteger possDups = new AtomicInteger();
    private final AtomicInteger heartbeats = new AtomicInteger();
    private final AtomicInteger testRequestAnswers = new AtomicInteger();
    private final AtomicInteger sessionRejects = new AtomicInteger();
    private final AtomicInteger businessRejects = new AtomicInteger();
    private final AtomicInteger resendRequests = new AtomicInteger();
    private final AtomicInteger logons = new AtomicInteger();
    private final AtomicInteger logouts = new AtomicInteger();
    private final AtomicInteger execIds = new AtomicInteger();
    /** {@link #logouts} when the current round of logons began: {@link #logout} waits for one per session after it. */
    private volatile int logoutsBeforeRound;
    private volatile String lastReject;
    private final List<String> logoutTexts = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final Connector connector;

    /** An initiator with one session {@code senderCompId → targetCompId}, connecting to 127.0.0.1:{@code port}. */
    public static QfjPeerBuilder initiator(
        final String beginString, final String senderCompId, final String targetCompId, final int port)
    {
        return new QfjPeerBuilder(beginString, List.of(senderCompId), targetCompId, port, false);
    }

    /** An initiator with one session per sender CompID, all to {@code targetCompId}, in one SocketInitiator. */
    public static QfjPeerBuilder initiator(
        final String beginString, final List<String> senderCompIds, final String targetCompId, final int port)
    {
        return new QfjPeerBuilder(beginString, senderCompIds, targetCompId, port, false);
    }

    /** An acceptor with one session {@code senderCompId → targetCompId}, listening on 127.0.0.1:{@code port}. */
    public static QfjPeerBuilder acceptor(
        final String beginString, final String senderCompId, final String targetCompId, final int port)
    {
        return new QfjPeerBuilder(beginString, List.of(senderCompId), targetCompId, port, true);
    }

    QfjPeer(final QfjPeerBuilder builder)
    {
        this.beginString = builder.beginString();
        final SessionSettings settings = new SessionSettings();
        for (final String sender : builder.senderCompIds())
        {
            final SessionID id = new SessionID(beginString, sender, builder.targetCompId());
            sessionIds.add(id);
            fills.put(id, new AtomicInteger());
            filledClOrdIds.put(id, ConcurrentHashMap.newKeySet());
            builder.configure(settings, id);
        }
        try
        {
            final LogFactory logs = builder.logFactory(settings);
            connector = builder.accepts() ?
                new SocketAcceptor(this, new MemoryStoreFactory(), settings, logs, new DefaultMessageFactory()) :
                new SocketInitiator(this, new MemoryStoreFactory(), settings, logs, new DefaultMessageFactory());
            connector.start();
        }
        catch (final ConfigError ex)
        {
            throw new IllegalStateException(ex);
        }
    }

    /** The sessions, in the order their sender CompIDs were given. */
    public List<SessionID> sessionIds()
    {
        return sessionIds;
    }

    /** The first (for a one-session peer: the) session's id. */
    public SessionID sessionId()
    {
        return sessionIds.get(0);
    }

    /** The first (for a one-session peer: the) QuickFIX/J session. */
    public Session session()
    {
        return session(sessionId());
    }

    public Session session(final SessionID id)
    {
        return Session.lookupSession(id);
    }

    /** Waits until QuickFIX/J reported one Logon per session (15 s at most). */
    public void awaitLogon()
    {
        awaitLogons(sessionIds.size(), TIMEOUT_SECONDS);
    }

    /** Waits until QuickFIX/J reported {@code total} Logons since start, over all sessions. */
    public void awaitLogons(final int total, final long timeoutSeconds)
    {
        await(() -> logons.get() >= total, timeoutSeconds,
            () -> "QuickFIX/J logons: " + logons.get() + " of " + total);
    }

    /** Logs every session out with Text "test done" and waits for their Logouts. */
    public void logout()
    {
        logout("test done");
    }

    /** Logs every session out with {@code text} and waits for their Logouts (those of this round of logons). */
    public void logout(final String text)
    {
        for (final SessionID id : sessionIds)
        {
            session(id).logout(text);
        }
        awaitLogout();
    }

    /** Waits until every session logged out since it last logged on ({@link #logonAgain} starts a new round). */
    public void awaitLogout()
    {
        await(() -> logouts.get() - logoutsBeforeRound >= sessionIds.size(), TIMEOUT_SECONDS,
            () -> "QuickFIX/J sessions did not all log out: " + (logouts.get() - logoutsBeforeRound) + " of "
                + sessionIds.size());
    }

    /** Logs every session on again after {@link #logout} (same connector, same sequence numbers). */
    public void logonAgain()
    {
        logoutsBeforeRound = logouts.get();
        for (final SessionID id : sessionIds)
        {
            session(id).logon();
        }
    }

    /** Sends on the first (for a one-session peer: the) session. */
    public void send(final Message message)
    {
        send(sessionId(), message);
    }

    /** @throws AssertionError when QuickFIX/J did not send it (e.g. the session is not logged on). */
    public void send(final SessionID id, final Message message)
    {
        if (!session(id).send(message))
        {
            throw new AssertionError("QuickFIX/J did not send on " + id + ": " + message);
        }
    }

    /** Sends on the first session and waits until {@code replies} more application messages arrived. */
    public void sendAndAwaitReplies(final Message message, final int replies)
    {
        final int target = applicationMessages.get() + replies;
        send(message);
        await(() -> applicationMessages.get() >= target, TIMEOUT_SECONDS, () -> "no reply to " + message);
    }

    /** A NewOrderSingle with ClOrdID {@code "ORD" + id}; see {@link #newOrderSingle(String, int)}. */
    public Message newOrderSingle(final int id)
    {
        return newOrderSingle("ORD" + id, id);
    }

    /**
     * A limit NewOrderSingle valid for this peer's FIX version: symbol, side, quantity and price vary with
     * {@code id}; HandlInst is set where the version requires it (FIX.4.0 to FIX.4.3), TransactTime where the
     * version defines it (FIX.4.2 on).
     */
    public Message newOrderSingle(final String clOrdId, final int id)
    {
        final Message order = new Message();
        order.getHeader().setString(MsgType.FIELD, MsgType.ORDER_SINGLE);
        order.setString(11, clOrdId);
        if (!FIXT.equals(beginString) && !"FIX.4.4".equals(beginString))
        {
            order.setChar(21, '1');
        }
        order.setString(55, "SYM" + (id % 10));
        order.setChar(54, id % 2 == 0 ? '1' : '2');
        if (!isFix40Or41())
        {
            order.setUtcTimeStamp(60, LocalDateTime.now(ZoneOffset.UTC), true);
        }
        order.setChar(40, '2');
        order.setString(38, Integer.toString(100 + id % 900));
        order.setString(44, "12" + (id % 10) + ".25");
        return order;
    }

    private boolean isFix40Or41()
    {
        return "FIX.4.0".equals(beginString) || "FIX.4.1".equals(beginString);
    }

    /** ExecutionReports received, over all sessions. */
    public int fills()
    {
        return fills.values().stream().mapToInt(AtomicInteger::get).sum();
    }

    /** ExecutionReports received on {@code id}. */
    public int fills(final SessionID id)
    {
        return fills.get(id).get();
    }

    /** The distinct ClOrdIDs of the ExecutionReports received on {@code id}. */
    public Set<String> filledClOrdIds(final SessionID id)
    {
        return filledClOrdIds.get(id);
    }

    /** NewOrderSingles received (an acceptor fills each). */
    public int ordersReceived()
    {
        return ordersReceived.get();
    }

    /** Every application message received, whatever its type. */
    public int applicationMessages()
    {
        return applicationMessages.get();
    }

    /** Application messages received with PossDupFlag=Y. */
    public int possDups()
    {
        return possDups.get();
    }

    public int heartbeats()
    {
        return heartbeats.get();
    }

    /** Heartbeats that carried a TestReqID: answers to this peer's TestRequests. */
    public int testRequestAnswers()
    {
        return testRequestAnswers.get();
    }

    /** Session-level Rejects (35=3) received. */
    public int sessionRejects()
    {
        return sessionRejects.get();
    }

    /** Session-level Rejects and BusinessMessageRejects (35=j) received. */
    public int rejects()
    {
        return sessionRejects.get() + businessRejects.get();
    }

    /** The last reject received, as QuickFIX/J prints it, or null. */
    public String lastReject()
    {
        return lastReject;
    }

    public int resendRequests()
    {
        return resendRequests.get();
    }

    public int logons()
    {
        return logons.get();
    }

    @Override
    public void onCreate(final SessionID sessionId)
    {
    }

    @Override
    public void onLogon(final SessionID sessionId)
    {
        logons.incrementAndGet();
    }

    @Override
    public void onLogout(final SessionID sessionId)
    {
        logouts.incrementAndGet();
    }

    @Override
    public void toAdmin(final Message message, final SessionID sessionId)
    {
        recordLogout("sent", message);
    }

    /** Logout texts sent and received, {@code sent: <Text>} / {@code received: <Text>}, in order. */
    public List<String> logoutTexts()
    {
        return logoutTexts;
    }

    private void recordLogout(final String direction, final Message message)
    {
        try
        {
            if (MsgType.LOGOUT.equals(message.getHeader().getString(MsgType.FIELD)))
            {
                logoutTexts.add(direction + ": " + (message.isSetField(58) ? message.getString(58) : ""));
            }
        }
        catch (final FieldNotFound ex)
        {
            logoutTexts.add(direction + ": a message without MsgType");
        }
    }

    @Override
    public void fromAdmin(final Message message, final SessionID sessionId) throws FieldNotFound
    {
        final String type = message.getHeader().getString(MsgType.FIELD);
        recordLogout("received", message);
        switch (type)
        {
            case MsgType.HEARTBEAT:
                heartbeats.incrementAndGet();
                if (message.isSetField(112))
                {
                    testRequestAnswers.incrementAndGet();
                }
                break;
            case MsgType.REJECT:
                lastReject = message.toString();
                sessionRejects.incrementAndGet();
                break;
            case MsgType.RESEND_REQUEST:
                resendRequests.incrementAndGet();
                break;
            default:
                break;
        }
    }

    @Override
    public void toApp(final Message message, final SessionID sessionId)
    {
    }

    @Override
    public void fromApp(final Message message, final SessionID sessionId) throws FieldNotFound
    {
        if (message.getHeader().isSetField(43) && message.getHeader().getBoolean(43))
        {
            possDups.incrementAndGet();
        }
        final String type = message.getHeader().getString(MsgType.FIELD);
        if (MsgType.EXECUTION_REPORT.equals(type))
        {
            if (message.isSetField(11))
            {
                filledClOrdIds.get(sessionId).add(message.getString(11));
            }
            fills.get(sessionId).incrementAndGet();
        }
        else if (MsgType.ORDER_SINGLE.equals(type))
        {
            ordersReceived.incrementAndGet();
            send(sessionId, fill(message));
        }
        else if (MsgType.BUSINESS_MESSAGE_REJECT.equals(type))
        {
            lastReject = message.toString();
            businessRejects.incrementAndGet();
        }
        applicationMessages.incrementAndGet();
    }

    private Message fill(final Message order) throws FieldNotFound
    {
        final Message report = new Message();
        report.getHeader().setString(MsgType.FIELD, MsgType.EXECUTION_REPORT);
        final int id = execIds.incrementAndGet();
        report.setString(37, "Q" + id);
        report.setString(17, "FIX.4.0".equals(beginString) ? Integer.toString(id) : "QE" + id); // INT in FIX.4.0
        if ("FIX.4.0".equals(beginString))
        {
            report.setChar(20, '0'); // no ExecType, no LeavesQty in FIX.4.0
        }
        else if ("FIX.4.1".equals(beginString) || "FIX.4.2".equals(beginString))
        {
            report.setChar(20, '0');
            report.setChar(150, '2');
        }
        else
        {
            report.setChar(150, 'F');
        }
        report.setChar(39, '2');
        report.setString(11, order.getString(11));
        report.setString(55, order.getString(55));
        report.setChar(54, order.getChar(54));
        report.setString(38, order.getString(38));
        if (!"FIX.4.0".equals(beginString))
        {
            report.setString(151, "0");
        }
        report.setString(14, order.getString(38));
        report.setString(6, order.getString(44));
        report.setString(32, order.getString(38));
        report.setString(31, order.getString(44));
        report.setUtcTimeStamp(60, LocalDateTime.now(ZoneOffset.UTC), true);
        return report;
    }

    /** Polls {@code condition} (test thread; the bound is for a loaded machine, not a synchronisation). */
    private static void await(
        final BooleanSupplier condition, final long timeoutSeconds, final Supplier<String> what)
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
        while (!condition.getAsBoolean())
        {
            if (System.nanoTime() > deadline)
            {
                throw new AssertionError("timed out after " + timeoutSeconds + " s: " + what.get());
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
    }

    /** Stops the connector, logging out what is still logged on. */
    @Override
    public void close()
    {
        connector.stop(true);
    }
}
