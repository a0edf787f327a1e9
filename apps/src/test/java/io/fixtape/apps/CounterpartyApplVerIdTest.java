package io.fixtape.apps;

import io.fixtape.apps.ExecApplication;
import io.fixtape.engine.dictionary.Dictionaries;
import io.fixtape.engine.interop.QfjPeer;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.engine.runtime.SessionEndpoint;
import io.fixtape.engine.session.SessionConfig;
import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.validation.MessageValidator;
import io.fixtape.engine.validation.ValidationOptions;
import org.agrona.concurrent.OffsetEpochNanoClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import quickfix.Message;

import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

import static io.fixtape.engine.runtime.EngineProbe.await;
import static io.fixtape.engine.runtime.EngineProbe.onPoller;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * FIXT.1.1: the counterparty's DefaultApplVerID (1137) on its Logon picks the application dictionary fixtape
 * validates its messages with, as QuickFIX/J does. fixtape is configured for FIX.5.0SP2; a QuickFIX/J 2.3.2
 * initiator announcing FIX.5.0 (1137=7) sends a NewOrderSingle with PutOrCall (201), which FIX.5.0SP2's
 * NewOrderSingle has (in Instrument) and FIX.5.0's has not: it must be rejected (373=2 or 0, 371=201), while the
 * same order from an initiator announcing FIX.5.0SP2 is filled. Plain orders are filled either way.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CounterpartyApplVerIdTest
{
    @Test
    void fix50CounterpartyIsValidatedWithFix50Dictionary() throws Exception
    {
        final Outcome outcome = run("FIX.5.0");
        assertEquals(1, outcome.rejects, "the order with 201 is rejected under FIX.5.0");
        assertTrue(outcome.lastReject.contains("\u0001371=201\u0001"), outcome.lastReject);
        assertEquals(1, outcome.fills, "the plain order is filled");
        assertEquals("7", outcome.validatingVersion, "DefaultApplVerID in force");
    }

    @Test
    void fix50Sp2CounterpartyIsValidatedWithFix50Sp2Dictionary() throws Exception
    {
        final Outcome outcome = run("FIX.5.0SP2");
        assertEquals(0, outcome.rejects, outcome.lastReject);
        assertEquals(2, outcome.fills, "both orders are filled");
        assertEquals("9", outcome.validatingVersion, "DefaultApplVerID in force");
    }

    private static Outcome run(final String counterpartyApplVerId) throws Exception
    {
        final SessionId id = new SessionId("FIXT.1.1", "FIXTAPE", "QFJ");
        final SessionConfig config = new SessionConfig().sessionId(id).resetOnLogon(true).defaultApplVerId("FIX.5.0SP2")
            .validator(new MessageValidator(Dictionaries.forSession("FIXT.1.1", "FIX.5.0SP2"), new ValidationOptions()));
        final EngineContext context = new EngineContext().idleStrategy("backoff")
            .addSession(SessionEndpoint.acceptor(config, new ExecApplication("FIXT.1.1", new OffsetEpochNanoClock()),
                new InetSocketAddress("127.0.0.1", 0)));
        try (FixEngine engine = FixEngine.launch(context);
            QfjPeer qfj = QfjPeer.initiator(QfjPeer.FIXT, "QFJ", "FIXTAPE", engine.boundPort())
                .defaultApplVerId(counterpartyApplVerId).start())
        {
            qfj.awaitLogon();
            final Message withPutOrCall = qfj.newOrderSingle(1);
            withPutOrCall.setInt(201, 1);
            qfj.send(withPutOrCall);
            qfj.send(qfj.newOrderSingle(2));
            await(() -> qfj.fills() + qfj.rejects() >= 2, "answers");
            final Outcome outcome = new Outcome();
            outcome.rejects = qfj.rejects();
            outcome.fills = qfj.fills();
            outcome.lastReject = String.valueOf(qfj.lastReject());
            outcome.validatingVersion = onPoller(engine,
                () -> String.valueOf(engine.session(id).validator().dictionaries().defaultApplVerId()));
            qfj.logout();
            return outcome;
        }
    }

    private static final class Outcome
    {
        int rejects;
        int fills;
        String lastReject;
        String validatingVersion;
    }
}
