package io.fixtape.engine.runtime;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.session.SessionConfig;
import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.store.InMemoryMessageStore;
import io.fixtape.engine.transport.tcp.TcpTransportConfig;
import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FileDescriptorLimitTest
{
    private static final InetSocketAddress ADDRESS = new InetSocketAddress("127.0.0.1", 0);

    @Test
    void aLimitBelowTheConnectionsAndTheReserveIsSaidInOneLine()
    {
        assertNull(FileDescriptorLimit.warning(10_000, 10_000 + FileDescriptorLimit.RESERVE));
        assertNull(FileDescriptorLimit.warning(10_000, -1), "unknown limit: nothing to say");
        final String line = FileDescriptorLimit.warning(10_000, 1024);
        assertTrue(line.startsWith("fixtape: the open-file limit (ulimit -n) is 1024, below the 10128 this engine may use"),
            line);
        assertTrue(!line.contains("\n"), line);
    }

    @Test
    void templatesMayHoldUpToMaxConnections()
    {
        final EngineContext configured = new EngineContext().addSession(SessionEndpoint.acceptor(
            new SessionConfig().sessionId(new SessionId("FIX.4.4", "A", "B")), Application.NO_OP, ADDRESS));
        assertEquals(1, FileDescriptorLimit.connections(configured.conclude()));
        final EngineContext templated = new EngineContext()
            .transportConfig(new TcpTransportConfig().maxConnections(12_000))
            .addTemplate(SessionTemplate.acceptor(new SessionId("FIX.4.4", "A", SessionTemplate.ANY), ADDRESS,
                id -> new InMemoryMessageStore(),
                id -> SessionEndpoint.acceptor(new SessionConfig().sessionId(id), Application.NO_OP, ADDRESS)));
        assertEquals(12_000, FileDescriptorLimit.connections(templated.conclude()));
    }
}
