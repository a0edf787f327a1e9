package io.fixtape.cluster;

import quickfix.Application;
import quickfix.ConfigError;
import quickfix.DefaultMessageFactory;
import quickfix.FieldNotFound;
import quickfix.MemoryStoreFactory;
import quickfix.Message;
import quickfix.Session;
import quickfix.SessionID;
import quickfix.SessionSettings;
import quickfix.SocketInitiator;
import quickfix.field.MsgType;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * QuickFIX/J 2.3.2 initiators as the counterparty: one {@link SocketInitiator} with several FIX.4.4 sessions
 * ({@code CLIENTi → SERVER}), dictionary validation ON, ResetOnLogon. Counts per session what came back.
 */
final class QfjClients implements Application, AutoCloseable
{
    static final String SERVER = "SERVER";

    final List<SessionID> sessionIds = new ArrayList<>();
    final Map<SessionID, AtomicInteger> fills = new ConcurrentHashMap<>();
    final Map<SessionID, Set<String>> clOrdIds = new ConcurrentHashMap<>();
    final AtomicInteger rejects = new AtomicInteger();
    final AtomicInteger resendRequests = new AtomicInteger();
    final AtomicInteger logons = new AtomicInteger();
    final AtomicInteger logouts = new AtomicInteger();
    private final CountDownLatch loggedOn;
    private volatile CountDownLatch loggedOut; // renewed by logonAgain, so each logoutAll waits for its own Logouts
    private final SocketInitiator initiator;

    QfjClients(final List<String> clientCompIds, final int port)
    {
        this(clientCompIds, port, true);
    }

    /**
     * @param resetOnLogon false: sequence numbers continue across Logons of this initiator (its memory store keeps
     *                     them), so the acceptor's state must follow the session.
     */
    QfjClients(final List<String> clientCompIds, final int port, final boolean resetOnLogon)
    {
        loggedOn = new CountDownLatch(clientCompIds.size());
        loggedOut = new CountDownLatch(clientCompIds.size());
        final SessionSettings settings = new SessionSettings();
        for (final String client : clientCompIds)
        {
            final SessionID id = new SessionID("FIX.4.4", client, SERVER);
            sessionIds.add(id);
            fills.put(id, new AtomicInteger());
            clOrdIds.put(id, ConcurrentHashMap.newKeySet());
            settings.setString(id, "ConnectionType", "initiator");
            settings.setString(id, "StartTime", "00:00:00");
            settings.setString(id, "EndTime", "00:00:00");
            settings.setString(id, "NonStopSession", "Y");
            settings.setString(id, "UseDataDictionary", "Y");
            settings.setString(id, "DataDictionary", "FIX44.xml");
            settings.setString(id, "ValidateUserDefinedFields", "Y");
            settings.setString(id, "ValidateFieldsOutOfOrder", "Y");
            settings.setString(id, "ValidateFieldsHaveValues", "Y");
            settings.setString(id, "ResetOnLogon", resetOnLogon ? "Y" : "N");
            settings.setString(id, "HeartBtInt", "30");
            settings.setString(id, "SocketConnectHost", "127.0.0.1");
            settings.setString(id, "SocketConnectPort", Integer.toString(port));
            settings.setString(id, "ReconnectInterval", "1");
        }
        try
        {
            initiator = new SocketInitiator(this, new MemoryStoreFactory(), settings, null, new DefaultMessageFactory());
            initiator.start();
        }
        catch (final ConfigError ex)
        {
            throw new IllegalStateException(ex);
        }
    }

    void awaitLogon() throws InterruptedException
    {
        if (!loggedOn.await(15, TimeUnit.SECONDS))
        {
            throw new AssertionError("QuickFIX/J sessions did not all log on: " + loggedOn.getCount() + " missing");
        }
    }

    void logoutAll() throws InterruptedException
    {
        for (final SessionID id : sessionIds)
        {
            Session.lookupSession(id).logout("test done");
        }
        if (!loggedOut.await(10, TimeUnit.SECONDS))
        {
            throw new AssertionError("QuickFIX/J sessions did not all log out: " + loggedOut.getCount() + " missing");
        }
    }

    /** Log every session on again after {@link #logoutAll} (same initiator, same sequence numbers). */
    void logonAgain()
    {
        loggedOut = new CountDownLatch(sessionIds.size());
        for (final SessionID id : sessionIds)
        {
            Session.lookupSession(id).logon();
        }
    }

    static Message order(final String clOrdId, final int id)
    {
        final Message order = new Message();
        order.getHeader().setString(MsgType.FIELD, MsgType.ORDER_SINGLE);
        order.setString(11, clOrdId);
        order.setString(55, "SYM" + (id % 10));
        order.setChar(54, id % 2 == 0 ? '1' : '2');
        order.setUtcTimeStamp(60, LocalDateTime.now(ZoneOffset.UTC), true);
        order.setChar(40, '2');
        order.setString(38, Integer.toString(100 + id % 900));
        order.setString(44, "12" + (id % 10) + ".25");
        return order;
    }

    void send(final SessionID id, final Message message)
    {
        if (!Session.lookupSession(id).send(message))
        {
            throw new AssertionError("QuickFIX/J did not send on " + id);
        }
    }

    /** Next MsgSeqNum QuickFIX/J expects from fixtape on {@code id}. */
    int expectedTargetNum(final SessionID id)
    {
        return Session.lookupSession(id).getExpectedTargetNum();
    }

    /** Next MsgSeqNum QuickFIX/J will send on {@code id}. */
    int nextSenderNum(final SessionID id)
    {
        return Session.lookupSession(id).getExpectedSenderNum();
    }

    int totalFills()
    {
        return fills.values().stream().mapToInt(AtomicInteger::get).sum();
    }

    @Override
    public void onCreate(final SessionID sessionId)
    {
    }

    @Override
    public void onLogon(final SessionID sessionId)
    {
        logons.incrementAndGet();
        loggedOn.countDown();
    }

    @Override
    public void onLogout(final SessionID sessionId)
    {
        logouts.incrementAndGet();
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
        if (MsgType.REJECT.equals(type))
        {
            rejects.incrementAndGet();
        }
        else if (MsgType.RESEND_REQUEST.equals(type))
        {
            resendRequests.incrementAndGet();
        }
    }

    @Override
    public void toApp(final Message message, final SessionID sessionId)
    {
    }

    @Override
    public void fromApp(final Message message, final SessionID sessionId) throws FieldNotFound
    {
        final String type = message.getHeader().getString(MsgType.FIELD);
        if (MsgType.EXECUTION_REPORT.equals(type))
        {
            clOrdIds.get(sessionId).add(message.getString(11));
            fills.get(sessionId).incrementAndGet();
        }
        else
        {
            rejects.incrementAndGet();
        }
    }

    @Override
    public void close()
    {
        initiator.stop(true);
    }
}
