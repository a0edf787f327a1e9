package io.fixtape.engine.runtime;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.interop.QfjPeer;
import io.fixtape.engine.session.SessionConfig;
import io.fixtape.engine.session.SessionId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import javax.management.JMX;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

import static io.fixtape.engine.runtime.EngineProbe.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code JmxEnabled}: the session's MBean shows state and sequence numbers of a QuickFIX/J session; reset and set
 * sequence numbers are refused while connected; logout through JMX ends the session; with the session disconnected
 * the numbers set through JMX are the ones the next Logon uses; the MBean is gone once the engine closed.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SessionJmxTest
{
    @Test
    void sessionMBeanReadsAndActsOnThePollerThread() throws Exception
    {
        final SessionId id = new SessionId("FIX.4.4", "FIXTAPE", "QFJ");
        final EngineContext context = new EngineContext()
            .addSession(SessionEndpoint.acceptor(new SessionConfig().sessionId(id), Application.NO_OP,
                new InetSocketAddress("127.0.0.1", 0)))
            .jmxEnabled(true);
        final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        final ObjectName name = new ObjectName(
            "io.fixtape:type=Session,beginString=\"FIX.4.4\",senderCompID=\"FIXTAPE\",targetCompID=\"QFJ\"");
        try (FixEngine engine = FixEngine.launch(context))
        {
            final SessionControlMBean mbean = JMX.newMBeanProxy(server, name, SessionControlMBean.class);
            assertEquals("DISCONNECTED", mbean.getState());
            assertEquals(1, mbean.getNextSenderMsgSeqNum());
            try (QfjPeer qfj = QfjPeer.initiator("FIX.4.4", "QFJ", "FIXTAPE", engine.boundPort()).heartBtInt(30)
                .resetOnLogon(false).start())
            {
                qfj.awaitLogon();
                await(mbean::isLoggedOn, "logged on");
                assertEquals("ACTIVE", mbean.getState());
                assertEquals(2, mbean.getNextSenderMsgSeqNum());
                assertEquals(2, mbean.getNextTargetMsgSeqNum());
                assertTrue(mbean.getRemoteAddress().contains("127.0.0.1"), mbean.getRemoteAddress());
                final RuntimeException refused = assertThrows(RuntimeException.class, mbean::reset);
                assertTrue(String.valueOf(refused.getMessage()).contains("while connected"), refused.getMessage());

                mbean.logout();
                qfj.awaitLogout();
                await(() -> "DISCONNECTED".equals(mbean.getState()), "DISCONNECTED");
                assertFalse(mbean.isLoggedOn());

                mbean.setSequenceNumbers(20, 3); // QuickFIX/J sent Logon 1, Logout 2: it sends 3 next
                qfj.session().setNextTargetMsgSeqNum(20);
                qfj.logonAgain();
                qfj.awaitLogon();
                await(mbean::isLoggedOn, "logged on");
                assertEquals(21, mbean.getNextSenderMsgSeqNum(), "our Logon went out as 20");
                assertEquals(4, mbean.getNextTargetMsgSeqNum(), "their Logon came as 3");
                assertEquals(0, qfj.resendRequests(), "no resend either way");
                qfj.logout();
            }
        }
        assertFalse(server.isRegistered(name));
    }

}
