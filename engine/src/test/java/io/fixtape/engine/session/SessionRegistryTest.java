package io.fixtape.engine.session;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.testkit.FixMessages;
import io.fixtape.engine.testkit.InProcessConnection;
import io.fixtape.engine.testkit.TestClock;
import io.fixtape.engine.testkit.TestSessions;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SessionRegistryTest
{
    private final TestClock clock = new TestClock();
    private final Session fix44 = TestSessions.session(TestSessions.acceptorConfig("FIX.4.4"), clock);
    private final Session fix42 = TestSessions.session(TestSessions.acceptorConfig("FIX.4.2"), clock);
    private final SessionRegistry registry = new SessionRegistry().add(fix44).add(fix42);
    private final FixDecoder decoder = new FixDecoder();

    private FixDecoder message(final String readable)
    {
        final byte[] bytes = FixMessages.wire(readable, clock.nanoTime());
        return decoder.wrap(new UnsafeBuffer(bytes), 0, bytes.length);
    }

    @Test
    void routesByBeginStringAndCompIds()
    {
        assertEquals(SessionRegistry.BOUND,
            registry.route(message("8=FIX.4.2|35=A|34=1|49=TW|52=<TIME>|56=ISLD|98=0|108=30|"), clock.nanoTime()));
        assertSame(fix42, registry.routedSession());
        assertEquals(SessionRegistry.BOUND,
            registry.route(message("8=FIX.4.4|35=A|34=1|49=TW|52=<TIME>|56=ISLD|98=0|108=30|"), clock.nanoTime()));
        assertSame(fix44, registry.routedSession());
    }

    @Test
    void unknownCompIdsOrBeginStringAreUnknownSessions()
    {
        assertEquals(SessionRegistry.UNKNOWN_SESSION,
            registry.route(message("8=FIX.4.4|35=A|34=1|49=TW|52=<TIME>|56=DLSI|98=0|108=30|"), clock.nanoTime()));
        assertNull(registry.routedSession());
        assertEquals(SessionRegistry.UNKNOWN_SESSION,
            registry.route(message("8=FIX.3.9|35=A|34=1|49=TW|52=<TIME>|56=ISLD|98=0|108=30|"), clock.nanoTime()));
        assertEquals(2, registry.unknownSessions());
    }

    @Test
    void firstMessageMustBeLogon()
    {
        assertEquals(SessionRegistry.NOT_LOGON,
            registry.route(message("8=FIX.4.4|35=0|34=1|49=TW|52=<TIME>|56=ISLD|"), clock.nanoTime()));
    }

    @Test
    void secondConnectionForAConnectedSessionIsRefused()
    {
        fix44.onConnect(InProcessConnection.pair("a", "b", 1024)[0], false);
        assertEquals(SessionRegistry.ALREADY_CONNECTED,
            registry.route(message("8=FIX.4.4|35=A|34=1|49=TW|52=<TIME>|56=ISLD|98=0|108=30|"), clock.nanoTime()));
    }

    @Test
    void duplicateRegistrationFails()
    {
        assertThrows(IllegalArgumentException.class,
            () -> registry.add(TestSessions.session(TestSessions.acceptorConfig("FIX.4.4"), clock)));
    }

    @Test
    void unknownSessionLogoutSwapsCompIds()
    {
        final FixDecoder logon = message("8=FIX.4.4|35=A|34=1|49=TW|52=<TIME>|56=DLSI|98=0|108=30|");
        final UnsafeBuffer out = new UnsafeBuffer(new byte[512]);
        final int length = SessionRegistry.encodeUnknownSessionLogout(logon, "Unknown session", clock.nanoTime(),
            out, 0);
        final Map<String, String> logout = FixMessages.fields(out.getStringWithoutLengthAscii(0, length)
            .replace('\u0001', '|'));
        assertEquals("FIX.4.4", logout.get("8"));
        assertEquals("5", logout.get("35"));
        assertEquals("DLSI", logout.get("49"));
        assertEquals("TW", logout.get("56"));
        assertEquals("1", logout.get("34"));
        assertEquals("Unknown session", logout.get("58"));
    }

    @Test
    void noUnknownSessionLogoutWithAnEmptyCompId()
    {
        final UnsafeBuffer out = new UnsafeBuffer(new byte[512]);
        assertEquals(0, SessionRegistry.encodeUnknownSessionLogout(
            message("8=FIX.4.4|35=A|34=1|49=TW|52=<TIME>|56=|98=0|108=30|"), "Unknown session", clock.nanoTime(), out, 0));
        assertEquals(0, SessionRegistry.encodeUnknownSessionLogout(
            message("8=FIX.4.4|35=A|34=1|49=|52=<TIME>|56=DLSI|98=0|108=30|"), "Unknown session", clock.nanoTime(), out, 0));
    }

    @Test
    void noUnknownSessionLogoutLargerThanTheBuffer()
    {
        final FixDecoder logon = message("8=FIX.4.4|35=A|34=1|49=" + "T".repeat(600) + "|52=<TIME>|56=DLSI|98=0|108=30|");
        final UnsafeBuffer out = new UnsafeBuffer(new byte[512]);
        assertEquals(0, SessionRegistry.encodeUnknownSessionLogout(logon, "Unknown session", clock.nanoTime(), out, 0));
        final UnsafeBuffer larger = new UnsafeBuffer(new byte[2048]);
        assertTrue(SessionRegistry.encodeUnknownSessionLogout(logon, "Unknown session", clock.nanoTime(), larger, 0) > 600);
    }
}
