package io.fixtape.launcher;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.session.SessionId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An acceptor template through the builder: served under the single model, refused by name under the others. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AcceptorTemplateBuilderTest
{
    private static final Application APP = (message, session) ->
    {
    };

    private static FixtapeBuilder template()
    {
        return new FixtapeBuilder()
            .session(s -> s.acceptor(0).acceptorTemplate(true).sessionId("FIX.4.4", "EXEC", "*").nonStopSession(true))
            .application((id, clock) -> APP);
    }

    @Test
    void aTemplateCreatesTheSessionOfALogonAndListsIt() throws Exception
    {
        try (Fixtape fixtape = template().launch())
        {
            assertEquals(List.of(), fixtape.sessionIds());
            try (Socket socket = new Socket("127.0.0.1", fixtape.boundPort()))
            {
                final OutputStream out = socket.getOutputStream();
                out.write(message("35=A|34=1|49=NEWCOMER|52=" +
                    ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyyMMdd-HH:mm:ss.SSS")) +
                    "|56=EXEC|98=0|108=30|"));
                out.flush();
                final InputStream in = socket.getInputStream();
                final byte[] reply = new byte[512];
                final int n = in.read(reply);
                assertTrue(n > 0 && new String(reply, 0, n, StandardCharsets.US_ASCII).contains("\u000135=A\u0001"));
            }
            assertEquals(List.of(new SessionId("FIX.4.4", "EXEC", "NEWCOMER")), fixtape.sessionIds());
            assertTrue(fixtape.countersSummary().contains("sessions.created.template=1"), fixtape.countersSummary());
        }
    }

    @Test
    void theFanOutModelsRefuseATemplate()
    {
        final IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
            () -> template().acceptorModel("pool").launch());
        assertEquals("FixtapeBuilder: AcceptorTemplate=Y needs AcceptorModel=single (is pool)", refused.getMessage());
    }

    private static byte[] message(final String body)
    {
        final String b = body.replace('|', '\u0001');
        final String head = "8=FIX.4.4\u00019=" + b.length() + "\u0001" + b;
        int sum = 0;
        for (final byte x : head.getBytes(StandardCharsets.US_ASCII))
        {
            sum += x & 0xFF;
        }
        return (head + "10=" + String.format("%03d", sum & 0xFF) + "\u0001").getBytes(StandardCharsets.US_ASCII);
    }
}
