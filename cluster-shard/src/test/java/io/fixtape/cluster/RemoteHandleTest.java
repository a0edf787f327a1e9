package io.fixtape.cluster;

import io.fixtape.apps.BuiltinApplications;
import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.testkit.ForwardingApplication;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static io.fixtape.cluster.AcceptorModelsTest.awaitTrue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every method of the application's {@link SessionHandle} works under every acceptor model, the fan-out models'
 * remote handle included: inside {@code onMessage} the sequence numbers and counters are the session's, and
 * {@code disconnect()} closes the counterparty's connection without a Logout, after the reply sent before it.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RemoteHandleTest
{
    /** Records what the handle says, lets {@code exec} fill, then disconnects on ClOrdID CUT. */
    static final class HandleReader extends ForwardingApplication
    {
        final List<String> log = new CopyOnWriteArrayList<>();

        HandleReader(final Application exec)
        {
            super(exec);
        }

        @Override
        public void onMessage(final FixDecoder message, final SessionHandle session)
        {
            log.add("onMessage 34=" + message.getInt(Tags.MSG_SEQ_NUM) + " " + session.sessionId() +
                " nextTarget=" + session.nextTargetSeqNum() + " nextSender=" + session.nextSenderSeqNum() +
                " received=" + session.counters().messagesReceived() + " loggedOn=" + session.isLoggedOn());
            super.onMessage(message, session);
            if ("CUT".contentEquals(message.getString(Tags.CL_ORD_ID)))
            {
                session.disconnect();
            }
        }

        @Override
        public void onLogout(final SessionHandle session)
        {
            log.add("onLogout loggedOn=" + session.isLoggedOn());
            super.onLogout(session);
        }
    }

    @ParameterizedTest
    @EnumSource(AcceptorModel.class)
    void theHandleReadsTheSessionAndDisconnects(final AcceptorModel model) throws Exception
    {
        final int threads = model == AcceptorModel.POOL || model == AcceptorModel.SHARD ? 2 : 1;
        final AcceptorModelsTest settings = new AcceptorModelsTest();
        final List<HandleReader> apps = new CopyOnWriteArrayList<>();
        final String raw = "RAWCLIENT";
        final String answers;
        try (ClusterAcceptor acceptor = ClusterAcceptor.launch(settings.context(model.text(), threads, "",
            (config, clock) ->
            {
                final HandleReader app = new HandleReader(BuiltinApplications.create("exec", config, clock));
                apps.add(app);
                return app;
            }));
            Socket socket = new Socket("127.0.0.1", acceptor.boundPort()))
        {
            socket.setSoTimeout(10_000);
            AcceptorModelsTest.sendLogon(socket.getOutputStream(), raw);
            AcceptorModelsTest.awaitText(socket.getInputStream(), "\u000135=A\u0001");
            AcceptorModelsTest.send(socket.getOutputStream(), "35=D\u000149=" + raw + "\u000156=SERVER\u000134=2\u000152=" +
                AcceptorModelsTest.now() + "\u000111=CUT\u000155=ACME\u000154=1\u000160=" + AcceptorModelsTest.now() +
                "\u000138=100\u000140=2\u000144=10.5\u0001");
            answers = readUntilClosed(socket.getInputStream());
            final HandleReader app = apps.stream().filter(a -> !a.log.isEmpty()).findFirst().orElseThrow();
            awaitTrue(() -> app.log.size() >= 2, () -> "recorded " + app.log);
            assertEquals(List.of(
                "onMessage 34=2 FIX.4.4:SERVER->" + raw + " nextTarget=2 nextSender=2 received=2 loggedOn=true",
                "onLogout loggedOn=false"), app.log, model + ": what the handle read, then the disconnect");
        }
        assertTrue(answers.contains("\u000135=8\u0001") && answers.contains("\u000111=CUT\u0001"),
            "the fill before the disconnect: " + answers.replace('\u0001', '|'));
        assertFalse(answers.contains("\u000135=5\u0001"), "no Logout: " + answers.replace('\u0001', '|'));
        assertEquals(List.of(), settings.errors);
    }

    /** Everything the acceptor sends until it closes the connection. */
    private static String readUntilClosed(final InputStream in) throws IOException
    {
        final StringBuilder text = new StringBuilder();
        final byte[] buffer = new byte[4096];
        try
        {
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer))
            {
                text.append(new String(buffer, 0, n, StandardCharsets.US_ASCII));
            }
        }
        catch (final SocketTimeoutException ex)
        {
            throw new AssertionError("the connection was not closed: " + text.toString().replace('\u0001', '|'), ex);
        }
        return text.toString();
    }
}
