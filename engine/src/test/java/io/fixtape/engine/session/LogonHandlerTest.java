package io.fixtape.engine.session;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.store.InMemoryMessageStore;
import io.fixtape.engine.testkit.FixMessages;
import io.fixtape.engine.testkit.TestClock;
import io.fixtape.engine.testkit.TestSessions;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Logon decisions alone: checks in QuickFIX/J's order and who resets sequence numbers. */
class LogonHandlerTest
{
    private final TestClock clock = new TestClock();
    private final FixDecoder decoder = new FixDecoder();

    private static LogonHandler handler(final SessionConfig unconcluded)
    {
        final SessionConfig config = unconcluded.conclude();
        final InMemoryMessageStore store = new InMemoryMessageStore(1 << 16, 64);
        final SequenceTracker sequence = new SequenceTracker(store);
        final HeartbeatTimer timer = new HeartbeatTimer(
            config.testRequestDelayMultiplier(), config.heartbeatTimeoutMultiplier());
        final SessionSender sender = new SessionSender(
            config, store, sequence, timer, new SessionCounters(), new TestClock(), Session.version("FIX.4.4"));
        final HeaderChecks checks = new HeaderChecks(config,
            config.sessionId().senderCompId().getBytes(StandardCharsets.US_ASCII),
            config.sessionId().targetCompId().getBytes(StandardCharsets.US_ASCII));
        return new LogonHandler(config, checks, sequence, sender, new ResendResponder(sender, store, config, new SessionCounters()));
    }

    private FixDecoder decode(final String readable)
    {
        final byte[] bytes = FixMessages.wire(readable, clock.nanoTime());
        return decoder.wrap(new UnsafeBuffer(bytes), 0, bytes.length);
    }

    @Test
    void validLogonYieldsTheirHeartBtInt()
    {
        final LogonHandler logon = handler(TestSessions.acceptorConfig("FIX.4.4"));
        logon.onConnect(false, "127.0.0.1:40000");
        assertEquals(45, logon.check(decode("8=FIX.4.4|35=A|34=1|49=TW|52=<TIME>|56=ISLD|98=0|108=45|"),
            clock.nanoTime()));
    }

    @Test
    void refusalsNameTheReasonInQuickFixJOrder()
    {
        final SessionConfig config = TestSessions.acceptorConfig("FIX.4.4");
        config.logonSecurity().authenticator((id, user, password) -> "secret".contentEquals(password));
        final LogonHandler logon = handler(config);
        logon.onConnect(false, "127.0.0.1:40000");
        final long now = clock.nanoTime();
        assertEquals(-1, logon.check(decode("8=FIX.4.4|35=A|34=1|49=XX|52=<TIME>|56=ISLD|98=0|108=30|"), now));
        assertEquals(LogoutReason.COMPID_PROBLEM, logon.refusalReason());
        assertEquals(-1, logon.check(decode("8=FIX.4.4|35=A|34=1|49=TW|52=<TIME>|56=ISLD|98=0|"), now));
        assertEquals("HeartBtInt missing or not a number", logon.refusalText());
        assertEquals(-1, logon.check(decode("8=FIX.4.4|35=A|34=1|49=TW|52=<TIME>|56=ISLD|98=0|108=-1|"), now));
        assertEquals("HeartBtInt must not be negative", logon.refusalText());
        assertEquals(-1, logon.check(decode("8=FIX.4.4|35=A|34=1|49=TW|52=<TIME>|56=ISLD|98=1|108=30|"), now));
        assertEquals("Unsupported EncryptMethod", logon.refusalText());
        assertEquals(-1, logon.check(decode("8=FIX.4.4|35=A|34=1|49=TW|52=<TIME>|56=ISLD|98=0|108=30|554=wrong|"),
            now));
        assertEquals(LogoutReason.AUTHENTICATION, logon.refusalReason());
        assertEquals("Logon rejected", logon.refusalText());
        assertEquals(30, logon.check(decode("8=FIX.4.4|35=A|34=1|49=TW|52=<TIME>|56=ISLD|98=0|108=30|554=secret|"),
            now));
    }

    @Test
    void acceptorWithResetOnLogonResetsUnlessTheyAskedAndWeDidNotSendIt()
    {
        final LogonHandler logon = handler(TestSessions.acceptorConfig("FIX.4.4").resetOnLogon(true));
        logon.onConnect(false, "127.0.0.1:40000");
        assertTrue(logon.mustResetOnReceivedLogon(false));
        assertTrue(logon.mustResetOnReceivedLogon(true));
    }

    @Test
    void initiatorDoesNotResetTwiceForItsOwnResetLogon()
    {
        final LogonHandler logon = handler(TestSessions.initiatorConfig("FIX.4.4").resetOnLogon(true));
        logon.onConnect(true, "127.0.0.1:40000");
        assertTrue(logon.decideInitiatorLogonReset());
        assertFalse(logon.mustResetOnReceivedLogon(true));
        assertFalse(logon.mustResetOnReceivedLogon(false));

        final LogonHandler plain = handler(TestSessions.initiatorConfig("FIX.4.4"));
        plain.onConnect(true, "127.0.0.1:40000");
        assertFalse(plain.decideInitiatorLogonReset());
        assertTrue(plain.mustResetOnReceivedLogon(true)); // they asked: both restart at 1
        assertEquals(30, plain.heartBtIntSeconds());
    }
}
