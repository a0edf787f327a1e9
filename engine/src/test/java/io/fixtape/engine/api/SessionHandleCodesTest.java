package io.fixtape.engine.api;

import io.fixtape.engine.transport.Connection;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The handle's send codes are the ones the session returns, the connection's included. */
class SessionHandleCodesTest
{
    @Test
    void connectionCodesPassThroughUnchanged()
    {
        assertEquals(Connection.BACK_PRESSURED, SessionHandle.BACK_PRESSURED);
        assertEquals(Connection.NOT_CONNECTED, SessionHandle.NOT_CONNECTED);
    }

    @Test
    void everyCodeHasAName()
    {
        assertEquals("sent", SessionHandle.describe(42));
        assertEquals("BACK_PRESSURED", SessionHandle.describe(SessionHandle.BACK_PRESSURED));
        assertEquals("NOT_CONNECTED", SessionHandle.describe(SessionHandle.NOT_CONNECTED));
        assertEquals("NOT_LOGGED_ON", SessionHandle.describe(SessionHandle.NOT_LOGGED_ON));
        assertEquals("STALE_MESSAGE", SessionHandle.describe(SessionHandle.STALE_MESSAGE));
        assertEquals("NO_MESSAGE", SessionHandle.describe(SessionHandle.NO_MESSAGE));
        assertEquals("STORE_FAILED", SessionHandle.describe(SessionHandle.STORE_FAILED));
        assertEquals("STORE_PAUSED", SessionHandle.describe(SessionHandle.STORE_PAUSED));
        assertEquals("UNKNOWN(-99)", SessionHandle.describe(-99));
        assertEquals("UNKNOWN(0)", SessionHandle.describe(0));
    }
}
