package com.example;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

import com.example.session.LogonDecoder;
import com.example.session.MessageTypes;

import io.fixtape.codecs.fix44.ExecType;
import io.fixtape.codecs.fix44.ExecutionReportDecoder;
import io.fixtape.codecs.fix44.NewOrderSingleEncoder;
import io.fixtape.codecs.fix44.OrdType;
import io.fixtape.codecs.fix44.Side;
import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.launcher.Fixtape;
import io.fixtape.launcher.FixtapeBuilder;

/** Trader PORT ORDERS JOURNAL_DIR: logs on to 127.0.0.1:PORT, sends ORDERS limit orders, exits 0 once all are filled. */
public final class Trader implements Application
{
    private final NewOrderSingleEncoder order = new NewOrderSingleEncoder();
    private final ExecutionReportDecoder report = new ExecutionReportDecoder();
    private final AtomicInteger fills = new AtomicInteger();
    private final int orders;
    private int sent;

    Trader(final int orders)
    {
        this.orders = orders;
    }

    @Override
    public int doWork(final SessionHandle session, final long nowNanos)
    {
        if (sent == orders || !session.isLoggedOn())
        {
            return 0;
        }
        order.wrap(session).clOrdID("T-" + (sent + 1)).side(Side.BUY).transactTime(session.sendingTimeNanos())
            .ordType(OrdType.LIMIT).price(4200 + sent, 2);
        order.instrument().symbol("ACME");
        order.orderQtyData().orderQty(10, 0);
        if (order.complete() == 0 && session.send() > 0)
        {
            sent++;
        }
        return 1;
    }

    @Override
    public void onMessage(final FixDecoder message, final SessionHandle session)
    {
        if (message.msgType() == ExecutionReportDecoder.MESSAGE_TYPE && report.wrap(message).execType() == ExecType.TRADE)
        {
            fills.incrementAndGet();
        }
    }

    public static void main(final String[] args) throws InterruptedException
    {
        System.out.println("generated in this build: " + MessageTypes.name(LogonDecoder.MESSAGE_TYPE) + "Decoder");
        final int orders = Integer.parseInt(args[1]);
        final Trader trader = new Trader(orders);
        try (Fixtape fixtape = new FixtapeBuilder()
            .defaults(d -> d.journalPath(Path.of(args[2])))
            .session(s -> s.initiator("127.0.0.1", Integer.parseInt(args[0])).sessionId("FIX.4.4", "BANZAI", "EXEC")
                .reconnectIntervalSeconds(1).nonStopSession(true))
            .application((sessionId, clock) -> trader)
            .launch())
        {
            final long deadline = System.nanoTime() + 60_000_000_000L;
            while (trader.fills.get() < orders && System.nanoTime() < deadline)
            {
                Thread.sleep(10);
            }
            System.out.println(trader.fills.get() + " of " + orders + " orders filled on " + fixtape.sessionIds());
        }                                                 // Logout, wait for the reply, close the journal
        System.exit(trader.fills.get() == orders ? 0 : 1);
    }
}
