package io.fixtape.engine.interop;

import quickfix.Acceptor;
import quickfix.Application;
import quickfix.ConfigError;
import quickfix.DefaultMessageFactory;
import quickfix.FieldNotFound;
import quickfix.Initiator;
import quickfix.MemoryStoreFactory;
import quickfix.Message;
import quickfix.SLF4JLogFactory;
import quickfix.Session;
import quickfix.SessionID;
import quickfix.SessionSettings;
import quickfix.SocketAcceptor;
import quickfix.SocketInitiator;
import quickfix.field.MsgType;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A QuickFIX/J 2.3.2 counterparty with its dictionary validation ON: as an initiator it sends NewOrderSingles and
 * counts the ExecutionReports; as an acceptor it fills every NewOrderSingle with an ExecutionReport. Counts what
 * it sees (fills, heartbeats, test-request answers, PossDup messages, rejects) for the interop tests.
 */
final class QfjPeer implements Application, AutoCloseable
{
    static final String FIXT = "FIXT.1.1";

    final String beginString;
    final SessionID sessionId;
    final AtomicInteger ordersReceived = new AtomicInteger();
    final AtomicInteger fillsReceived = new AtomicInteger();
    final AtomicInteger possDupReceived = new AtomicInteger();
    final AtomicInteger heartbeatsReceived = new AtomicInteger();
    final AtomicInteger testRequestAnswers = new AtomicInteger();
    final AtomicInteger testRequestsReceived = new AtomicInteger();
    final AtomicInteger rejectsReceived = new AtomicInteger();
    final AtomicInteger resendRequestsReceived = new AtomicInteger();
    final AtomicInteger sequenceResetsReceived = new AtomicInteger();
    final CountDownLatch loggedOn = new CountDownLatch(1);
    final CountDownLatch loggedOut = new CountDownLatch(1);
    volatile String lastReject;
    private final Acceptor acceptor;
    private final Initiator initiator;
    private final AtomicInteger execIds = new AtomicInteger();

    private QfjPeer(final String beginString, final String senderCompId, final String targetCompId,
        final boolean accept, final int port, final int heartBtInt)
    {
        this(beginString, senderCompId, targetCompId, accept, port, heartBtInt, "FIX.5.0SP2");
    }

    private QfjPeer(final String beginString, final String senderCompId, final String targetCompId,
        final boolean accept, final int port, final int heartBtInt, final String fixtApplVerId)
    {
        this.beginString = beginString;
        this.sessionId = new SessionID(beginString, senderCompId, targetCompId);
        final SessionSettings settings = new SessionSettings();
        settings.setString(sessionId, "ConnectionType", accept ? "acceptor" : "initiator");
        settings.setString(sessionId, "StartTime", "00:00:00");
        settings.setString(sessionId, "EndTime", "00:00:00");
        settings.setString(sessionId, "NonStopSession", "Y");
        settings.setString(sessionId, "UseDataDictionary", "Y");
        settings.setString(sessionId, "ValidateUserDefinedFields", "Y");
        settings.setString(sessionId, "ValidateFieldsOutOfOrder", "Y");
        settings.setString(sessionId, "ValidateFieldsHaveValues", "Y");
        settings.setString(sessionId, "ResetOnLogon", "Y");
        settings.setString(sessionId, "TimeStampPrecision", "MILLIS");
        settings.setString(sessionId, "HeartBtInt", Integer.toString(heartBtInt));
        if (FIXT.equals(beginString))
        {
            settings.setString(sessionId, "DefaultApplVerID", fixtApplVerId);
            settings.setString(sessionId, "TransportDataDictionary", "FIXT11.xml");
            settings.setString(sessionId, "AppDataDictionary", fixtApplVerId.replace(".", "") + ".xml");
        }
        else
        {
            settings.setString(sessionId, "DataDictionary", beginString.replace(".", "") + ".xml");
        }
        if (accept)
        {
            settings.setString(sessionId, "SocketAcceptAddress", "127.0.0.1");
            settings.setString(sessionId, "SocketAcceptPort", Integer.toString(port));
        }
        else
        {
            settings.setString(sessionId, "SocketConnectHost", "127.0.0.1");
            settings.setString(sessionId, "SocketConnectPort", Integer.toString(port));
            settings.setString(sessionId, "ReconnectInterval", "1");
        }
        try
        {
            if (accept)
            {
                acceptor = new SocketAcceptor(this, new MemoryStoreFactory(), settings, logFactory(settings),
                    new DefaultMessageFactory());
                initiator = null;
                acceptor.start();
            }
            else
            {
                initiator = new SocketInitiator(this, new MemoryStoreFactory(), settings, logFactory(settings),
                    new DefaultMessageFactory());
                acceptor = null;
                initiator.start();
            }
        }
        catch (final ConfigError ex)
        {
            throw new IllegalStateException(ex);
        }
    }

    /** Message logs only with -Dfixtape.interop.log=true (10,000 orders make a large log). */
    private static quickfix.LogFactory logFactory(final SessionSettings settings)
    {
        return Boolean.getBoolean("fixtape.interop.log") ? new SLF4JLogFactory(settings) : null;
    }

    static QfjPeer initiator(final String beginString, final String sender, final String target, final int port,
        final int heartBtInt)
    {
        return new QfjPeer(beginString, sender, target, false, port, heartBtInt);
    }

    /** A FIXT.1.1 initiator announcing {@code defaultApplVerId} (e.g. "FIX.5.0") and validating with its dictionary. */
    static QfjPeer fixtInitiator(final String sender, final String target, final int port, final String defaultApplVerId)
    {
        return new QfjPeer(FIXT, sender, target, false, port, 30, defaultApplVerId);
    }

    static QfjPeer acceptor(final String beginString, final String sender, final String target, final int port)
    {
        return new QfjPeer(beginString, sender, target, true, port, 30);
    }

    Session session()
    {
        return Session.lookupSession(sessionId);
    }

    void awaitLogon() throws InterruptedException
    {
        if (!loggedOn.await(10, TimeUnit.SECONDS))
        {
            throw new AssertionError("QuickFIX/J " + sessionId + " did not log on");
        }
    }

    /** A NewOrderSingle valid for this peer's FIX version. */
    Message newOrderSingle(final int id)
    {
        final Message order = new Message();
        order.getHeader().setString(MsgType.FIELD, MsgType.ORDER_SINGLE);
        order.setString(11, "ORD" + id);
        if (!FIXT.equals(beginString) && !"FIX.4.4".equals(beginString))
        {
            order.setChar(21, '1');
        }
        order.setString(55, "SYM" + (id % 10));
        order.setChar(54, id % 2 == 0 ? '1' : '2');
        order.setUtcTimeStamp(60, LocalDateTime.now(ZoneOffset.UTC), true);
        order.setChar(40, '2');
        order.setString(38, Integer.toString(100 + id % 900));
        order.setString(44, "12" + (id % 10) + ".25");
        return order;
    }

    void send(final Message message)
    {
        if (!session().send(message))
        {
            throw new AssertionError("QuickFIX/J did not send " + message);
        }
    }

    @Override
    public void onCreate(final SessionID sessionId)
    {
    }

    @Override
    public void onLogon(final SessionID sessionId)
    {
        loggedOn.countDown();
    }

    @Override
    public void onLogout(final SessionID sessionId)
    {
        loggedOut.countDown();
    }

    @Override
    public void toAdmin(final Message message, final SessionID sessionId)
    {
    }

    @Override
    public void fromAdmin(final Message message, final SessionID sessionId) throws FieldNotFound
    {
        final String type = message.getHeader().getString(MsgType.FIELD);
        switch (type)
        {
            case MsgType.HEARTBEAT:
                heartbeatsReceived.incrementAndGet();
                if (message.isSetField(112))
                {
                    testRequestAnswers.incrementAndGet();
                }
                break;
            case MsgType.TEST_REQUEST:
                testRequestsReceived.incrementAndGet();
                break;
            case MsgType.REJECT:
                rejectsReceived.incrementAndGet();
                lastReject = message.toString();
                break;
            case MsgType.RESEND_REQUEST:
                resendRequestsReceived.incrementAndGet();
                break;
            case MsgType.SEQUENCE_RESET:
                sequenceResetsReceived.incrementAndGet();
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
            possDupReceived.incrementAndGet();
        }
        final String type = message.getHeader().getString(MsgType.FIELD);
        if (MsgType.EXECUTION_REPORT.equals(type))
        {
            fillsReceived.incrementAndGet();
        }
        else if (MsgType.ORDER_SINGLE.equals(type))
        {
            ordersReceived.incrementAndGet();
            send(fill(message));
        }
        else if (MsgType.BUSINESS_MESSAGE_REJECT.equals(type))
        {
            rejectsReceived.incrementAndGet();
            lastReject = message.toString();
        }
    }

    private Message fill(final Message order) throws FieldNotFound
    {
        final Message report = new Message();
        report.getHeader().setString(MsgType.FIELD, MsgType.EXECUTION_REPORT);
        final int id = execIds.incrementAndGet();
        report.setString(37, "Q" + id);
        report.setString(17, "QE" + id);
        if ("FIX.4.2".equals(beginString))
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
        report.setString(151, "0");
        report.setString(14, order.getString(38));
        report.setString(6, order.getString(44));
        report.setString(32, order.getString(38));
        report.setString(31, order.getString(44));
        report.setUtcTimeStamp(60, LocalDateTime.now(ZoneOffset.UTC), true);
        return report;
    }

    @Override
    public void close()
    {
        if (initiator != null)
        {
            initiator.stop(true);
        }
        if (acceptor != null)
        {
            acceptor.stop(true);
        }
    }
}
