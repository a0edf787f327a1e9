package io.fixtape.bench.harness.server;

import quickfix.Application;
import quickfix.DefaultMessageFactory;
import quickfix.FieldNotFound;
import quickfix.MemoryStoreFactory;
import quickfix.Message;
import quickfix.Session;
import quickfix.SessionID;
import quickfix.SessionSettings;
import quickfix.SocketAcceptor;
import quickfix.field.AvgPx;
import quickfix.field.ClOrdID;
import quickfix.field.CumQty;
import quickfix.field.ExecID;
import quickfix.field.ExecType;
import quickfix.field.LastPx;
import quickfix.field.LastQty;
import quickfix.field.LeavesQty;
import quickfix.field.MDEntryPx;
import quickfix.field.MDEntrySize;
import quickfix.field.MDEntryType;
import quickfix.field.MDReqID;
import quickfix.field.MsgType;
import quickfix.field.OrdStatus;
import quickfix.field.OrderID;
import quickfix.field.OrderQty;
import quickfix.field.Price;
import quickfix.field.Side;
import quickfix.field.Symbol;
import quickfix.field.TransactTime;
import quickfix.field.Account;
import quickfix.field.HandlInst;
import quickfix.field.OrdType;
import quickfix.fix44.ExecutionReport;
import quickfix.fix44.NewOrderSingle;
import quickfix.fix44.MarketDataSnapshotFullRefresh;

import io.fixtape.bench.harness.ReadBack;
import quickfix.MemoryStore;
import quickfix.mina.SingleThreadedEventHandlingStrategy;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The {@code quickfixj} arm: a QuickFIX/J 2.3.2 acceptor running the exec behaviour (every NewOrderSingle is
 * filled in full at its limit price, ClOrdID echoed; every MarketDataRequest gets a two-sided snapshot).
 * QuickFIX/J 2.3.2's field types carry prices and quantities as double (its own choice, not ours).
 * Performance lane: dictionary validation OFF ({@code UseDataDictionary=N}), in-memory store, no message log.
 *
 * <p>Threading: QuickFIX/J's own — MINA NIO I/O threads plus one single-threaded dispatcher for all sessions; all
 * run inside this JVM, which the orchestrator pins as a whole to the server core.
 */
final class QuickFixJServer implements BenchServer, Application
{
    private final int port;
    private final ServerProbe probe;
    private SocketAcceptor acceptor;
    private long orderIds;

    /** @param probe tick_to_trade's server probe (socket read of a tick -> socket write of its order), or null. */
    QuickFixJServer(final int port, final ServerProbe probe)
    {
        this.port = port;
        this.probe = probe;
    }

    @Override
    public void start() throws Exception
    {
        final String settings = String.join("\n",
            "[default]",
            "ConnectionType=acceptor",
            "SocketAcceptAddress=127.0.0.1",
            "SocketAcceptPort=" + port,
            "StartTime=00:00:00",
            "EndTime=00:00:00",
            "NonStopSession=Y",
            "UseDataDictionary=N",
            "ResetOnLogon=Y",
            "SocketTcpNoDelay=Y",
            "HeartBtInt=30",
            "[session]",
            "BeginString=FIX.4.4",
            "SenderCompID=SERVER",
            "TargetCompID=CLIENT",
            "");
        acceptor = new SocketAcceptor(this, new MemoryStoreFactory(),
            new SessionSettings(new ByteArrayInputStream(settings.getBytes(StandardCharsets.US_ASCII))),
            new ErrorsOnlyLogFactory(), new DefaultMessageFactory());
        if (probe != null)
        {
            // first in the chain, ahead of QuickFIX/J's codec: this filter sees the raw socket bytes
            acceptor.setIoFilterChainBuilder(chain -> chain.addFirst("tick-probe", new QuickFixJProbeFilter(probe)));
        }
        acceptor.start();
    }

    @Override
    public void fromApp(final Message message, final SessionID sessionId) throws FieldNotFound
    {
        final String type = message.getHeader().getString(MsgType.FIELD);
        final Message reply;
        if (MsgType.ORDER_SINGLE.equals(type))
        {
            final String id = Long.toString(++orderIds);
            final double qty = message.getDouble(OrderQty.FIELD);
            final double price = message.getDouble(Price.FIELD);
            final ExecutionReport report = new ExecutionReport(new OrderID("O" + id), new ExecID("E" + id),
                new ExecType(ExecType.TRADE), new OrdStatus(OrdStatus.FILLED), new Side(message.getChar(Side.FIELD)),
                new LeavesQty(0), new CumQty(qty), new AvgPx(price));
            report.set(new ClOrdID(message.getString(ClOrdID.FIELD)));
            report.set(new Symbol(message.getString(Symbol.FIELD)));
            report.set(new OrderQty(qty));
            report.set(new LastQty(qty));
            report.set(new LastPx(price));
            report.set(new TransactTime());
            reply = report;
        }
        else if (MsgType.MARKET_DATA_REQUEST.equals(type))
        {
            final MarketDataSnapshotFullRefresh snapshot = new MarketDataSnapshotFullRefresh();
            snapshot.set(new MDReqID(message.getString(MDReqID.FIELD)));
            // Without a dictionary QuickFIX/J cannot parse the NoRelatedSym group, so the symbol is not read from it.
            snapshot.set(new Symbol(message.isSetField(Symbol.FIELD) ? message.getString(Symbol.FIELD) : "FIXT"));
            final MarketDataSnapshotFullRefresh.NoMDEntries entry = new MarketDataSnapshotFullRefresh.NoMDEntries();
            entry.set(new MDEntryType(MDEntryType.BID));
            entry.set(new MDEntryPx(101.24));
            entry.set(new MDEntrySize(500));
            snapshot.addGroup(entry);
            entry.set(new MDEntryType(MDEntryType.OFFER));
            entry.set(new MDEntryPx(101.26));
            entry.set(new MDEntrySize(500));
            snapshot.addGroup(entry);
            reply = snapshot;
        }
        else if ("X".equals(type))
        {
            // tick_to_trade's strategy: every tick -> a NewOrderSingle at the tick's price, ClOrdID = MDReqID
            final NewOrderSingle order = new NewOrderSingle(new ClOrdID(message.getString(MDReqID.FIELD)),
                new Side(Side.BUY), new TransactTime(), new OrdType(OrdType.LIMIT));
            order.set(new Account("BENCH"));
            order.set(new HandlInst('1'));
            order.set(new Symbol(message.isSetField(Symbol.FIELD) ? message.getString(Symbol.FIELD) : "FIXT"));
            order.set(new OrderQty(100));
            order.set(new Price(message.getDouble(MDEntryPx.FIELD)));
            reply = order;
        }
        else
        {
            return;
        }
        final Session session = Session.lookupSession(sessionId);
        if (session != null)
        {
            session.send(reply);
        }
    }

    @Override
    public void onCreate(final SessionID sessionId)
    {
    }

    @Override
    public void onLogon(final SessionID sessionId)
    {
    }

    @Override
    public void onLogout(final SessionID sessionId)
    {
    }

    @Override
    public void toAdmin(final Message message, final SessionID sessionId)
    {
    }

    @Override
    public void fromAdmin(final Message message, final SessionID sessionId)
    {
    }

    @Override
    public void toApp(final Message message, final SessionID sessionId)
    {
    }

    @Override
    public Map<String, Object> profile()
    {
        final Map<String, Object> profile = new LinkedHashMap<>();
        profile.put("arm", "quickfixj");
        profile.put("what", "QuickFIX/J " + Session.class.getPackage().getImplementationVersion()
            + " SocketAcceptor, exec behaviour (full fill at limit, ClOrdID echoed; MD snapshot bid/offer)");
        profile.put("validation", "OFF (UseDataDictionary=N) - performance lane");
        profile.put("store", "MemoryStoreFactory (in memory); message log off (errors only)");
        profile.put("idle_strategy", "blocking (MINA NIO selector + QuickFIX/J single-threaded dispatcher queue)");
        if (probe != null)
        {
            profile.put("server_probe", "tick_to_trade: MINA filter ahead of QuickFIX/J's codec: messageReceived"
                + " (raw bytes read) -> messageSent (bytes written to the socket), nanoTime, I/O processor thread");
        }
        profile.put("threads_configured", "QuickFIX/J defaults (MINA I/O + one dispatcher), whole JVM on the server CPU"
            + " (taskset); no thread pinned by the server itself");
        return profile;
    }

    @Override
    public void stop()
    {
        acceptor.stop(true);
    }

    /** Set in {@link #start()}: UseDataDictionary=N and MemoryStoreFactory. */
    @Override
    public Map<String, Object> configured()
    {
        final Map<String, Object> configured = new LinkedHashMap<>();
        configured.put(ReadBack.VALIDATION, "off");
        configured.put(ReadBack.STORE_CLASS, MemoryStore.class.getName());
        configured.put(ReadBack.IDLE_STRATEGY, SingleThreadedEventHandlingStrategy.class.getSimpleName());
        return configured;
    }

    /** From the acceptor's sessions as QuickFIX/J built them, and the dispatcher thread from /proc. */
    @Override
    public Map<String, Object> readBack()
    {
        final TreeSet<String> validation = new TreeSet<>();
        final TreeSet<String> stores = new TreeSet<>();
        for (final SessionID id : acceptor.getSessions())
        {
            final Session session = Session.lookupSession(id);
            validation.add(ReadBack.onOff(session.isUsingDataDictionary()));
            stores.add(session.getStore().getClass().getName());
        }
        final Map<String, Object> readBack = new LinkedHashMap<>();
        readBack.put(ReadBack.VALIDATION, String.join(",", validation));
        readBack.put(ReadBack.STORE_CLASS, String.join(",", stores));
        // SocketAcceptor's strategy is single-threaded: its dispatcher thread is the one every message passes
        final List<Map<String, Object>> hot =
            ReadBack.threads(name -> name.startsWith("QFJ Message Pro"));
        readBack.put(ReadBack.IDLE_STRATEGY, hot.isEmpty() ? "(no dispatcher thread)"
            : SingleThreadedEventHandlingStrategy.class.getSimpleName());
        readBack.put("hot_threads", hot);
        readBack.put(ReadBack.HOT_THREAD_CPUS, ReadBack.cpusOf(hot));
        readBack.put("threads_pinned_by_server", "none (whole JVM pinned by taskset)");
        return readBack;
    }

}
