package io.fixtape.engine.config;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.runtime.EngineContext;
import io.fixtape.engine.runtime.SessionEndpoint;
import io.fixtape.engine.runtime.SessionTemplate;
import io.fixtape.engine.session.ResendLimits;
import io.fixtape.engine.session.SessionConfig;
import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.transport.tcp.SlowConsumerPolicy;
import org.agrona.concurrent.OffsetEpochNanoClock;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EngineSettingsTest
{
    private static final EngineSettings.ApplicationFactory NO_APP = (config, clock) -> Application.NO_OP;

    private static EngineContext context(final String text)
    {
        return new EngineSettings().toContext(new SettingsParser().parse("t.cfg", text), new OffsetEpochNanoClock(), NO_APP);
    }

    /** The shipped sample files must load (they sit in the repository's config/ directory). */
    @Test
    void sampleConfigFilesLoad() throws Exception
    {
        final Path dir = Path.of("..", "config");
        for (final String name : new String[] {"acceptor.cfg", "initiator.cfg", "conformance-acceptor.cfg"})
        {
            final Path file = dir.resolve(name);
            assertTrue(Files.isRegularFile(file), file.toString());
            final EngineContext context = new EngineSettings().toContext(
                new SettingsParser().parse(file), new OffsetEpochNanoClock(), NO_APP);
            assertFalse(context.sessions().isEmpty(), name);
        }
    }

    @Test
    void conformanceAcceptorIsConfiguredAsTheScriptsExpect()
    {
        final EngineContext context = new EngineSettings().toContext(
            new SettingsParser().parse(Path.of("..", "config", "conformance-acceptor.cfg")), new OffsetEpochNanoClock(), NO_APP);
        final String[] beginStrings = {"FIX.4.0", "FIX.4.1", "FIX.4.2", "FIX.4.3", "FIX.4.4", "FIXT.1.1"};
        assertEquals(beginStrings.length, context.sessions().size());
        for (int i = 0; i < beginStrings.length; i++)
        {
            final SessionEndpoint endpoint = context.sessions().get(i);
            final SessionConfig config = endpoint.config();
            assertEquals(new SessionId(beginStrings[i], "ISLD", "TW"), config.sessionId());
            assertFalse(endpoint.isInitiator());
            assertTrue(config.resetOnDisconnect());
            assertTrue(config.schedule().isNonStop());
            assertEquals(3, config.timestampPrecision());
            assertNotNull(config.validator(), "dictionary validation on");
            assertEquals(endpoint.address(), context.sessions().get(0).address(), "one port");
        }
        assertEquals("7", SessionConfig.applVerIdValue(context.sessions().get(5).config().defaultApplVerId()));
    }

    @Test
    void failoverAddressesAndTheReconnectPolicyComeFromTheirKeys()
    {
        final String initiator = String.join("\n",
            "[SESSION]",
            "ConnectionType=initiator",
            "BeginString=FIX.4.4",
            "SenderCompID=A",
            "TargetCompID=B",
            "NonStopSession=Y",
            "SocketConnectHost=127.0.0.1",
            "SocketConnectPort=9001",
            "SocketConnectHost1=127.0.0.2",
            "SocketConnectPort1=9002",
            "SocketConnectHost2=127.0.0.3",
            "SocketConnectPort2=9003",
            "ReconnectInterval=5",
            "");
        final SessionEndpoint endpoint = context(initiator + "ReconnectMaxInterval=60\nReconnectJitter=0\nConnectTimeout=4\n")
            .sessions().get(0);
        assertEquals("[/127.0.0.1:9001, /127.0.0.2:9002, /127.0.0.3:9003]", endpoint.addresses().toString());
        assertEquals(TimeUnit.SECONDS.toNanos(5), endpoint.reconnect().baseNanos());
        assertEquals(TimeUnit.SECONDS.toNanos(60), endpoint.reconnect().maxNanos());
        assertEquals(0, endpoint.reconnect().jitterPercent());
        assertEquals(TimeUnit.SECONDS.toNanos(4), endpoint.reconnect().connectTimeoutNanos());
        assertEquals(TimeUnit.SECONDS.toNanos(40), endpoint.reconnect().delayNanos(4, 0.5), "5 s doubled thrice");
        assertEquals(TimeUnit.SECONDS.toNanos(60), endpoint.reconnect().delayNanos(9, 0.5), "capped");

        final SessionEndpoint defaults = context(initiator).sessions().get(0);
        assertEquals(TimeUnit.SECONDS.toNanos(300), defaults.reconnect().maxNanos());
        assertEquals(20, defaults.reconnect().jitterPercent());
        assertEquals(TimeUnit.SECONDS.toNanos(10), defaults.reconnect().connectTimeoutNanos());

        assertEquals("t.cfg:1: SocketConnectPort3 is required with SocketConnectHost3 (1..65535) (is '')",
            assertThrows(SettingsException.class, () -> context(initiator + "SocketConnectHost3=h\n")).getMessage());
        assertTrue(assertThrows(SettingsException.class, () -> context(initiator + "ReconnectMaxInterval=2\n"))
            .getMessage().contains("ReconnectMaxInterval must be >= ReconnectInterval (5)"));
        assertTrue(assertThrows(SettingsException.class, () -> context(initiator + "SocketConnectHost01=h\n"))
            .getMessage().contains("unknown setting 'SocketConnectHost01'"));
    }

    @Test
    void sessionsThatOnlyTheQualifierTellsApartNeedTheirOwnAcceptPorts()
    {
        final String twoQualifiers = String.join("\n",
            "[DEFAULT]",
            "ConnectionType=acceptor",
            "BeginString=FIX.4.4",
            "SenderCompID=EXEC",
            "TargetCompID=BANZAI",
            "NonStopSession=Y",
            "[SESSION]",
            "SessionQualifier=A",
            "SocketAcceptPort=9001",
            "[SESSION]",
            "SessionQualifier=B",
            "");
        final EngineContext context = context(twoQualifiers + "SocketAcceptPort=9002\n");
        assertEquals(new SessionId("FIX.4.4", "EXEC", "BANZAI", "A"), context.sessions().get(0).config().sessionId());
        assertEquals(new SessionId("FIX.4.4", "EXEC", "BANZAI", "B"), context.sessions().get(1).config().sessionId());
        assertEquals("t.cfg:10: sessions FIX.4.4:EXEC->BANZAI:A and FIX.4.4:EXEC->BANZAI:B accept the same BeginString " +
                "and CompIDs on one SocketAcceptPort: a Logon cannot tell them apart (give each SessionQualifier its own " +
                "SocketAcceptPort)",
            assertThrows(SettingsException.class, () -> context(twoQualifiers + "SocketAcceptPort=9001\n")).getMessage());
    }

    @Test
    void mapsSessionAndEngineKeys()
    {
        final EngineContext context = context(String.join("\n",
            "[DEFAULT]",
            "ConnectionType=initiator",
            "SocketConnectHost=127.0.0.1",
            "SocketConnectPort=9999",
            "ReconnectInterval=3",
            "HeartBtInt=5",
            "LogonTimeout=7",
            "StartTime=08:00:00",
            "EndTime=17:00:00",
            "TimeZone=Europe/London",
            "ResetOnLogon=Y",
            "ResetOnLogout=Y",
            "CheckLatency=N",
            "MaxLatency=30",
            "TimeStampPrecision=MICROS",
            "IdleStrategy=sleeping",
            "SlowConsumerPolicy=disconnect",
            "OutboundBufferSize=2097152",
            "MaxConnections=10",
            "UseDataDictionary=N",
            "[SESSION]",
            "BeginString=FIX.4.4",
            "SenderCompID=A",
            "TargetCompID=B",
            "Username=u",
            "Password=p"));
        final SessionEndpoint endpoint = context.sessions().get(0);
        final SessionConfig config = endpoint.config();
        assertTrue(endpoint.isInitiator());
        assertEquals(9999, endpoint.address().getPort());
        assertEquals(TimeUnit.SECONDS.toNanos(3), endpoint.reconnectIntervalNanos());
        assertEquals(5, config.heartBtIntSeconds());
        assertEquals(TimeUnit.SECONDS.toNanos(7), config.logonTimeoutNanos());
        assertEquals(TimeUnit.SECONDS.toNanos(7), context.logonTimeoutNanos());
        assertFalse(config.schedule().isNonStop());
        assertTrue(config.resetOnLogon());
        assertTrue(config.resetOnLogout());
        assertFalse(config.checkLatency());
        assertEquals(TimeUnit.SECONDS.toNanos(30), config.maxLatencyNanos());
        assertEquals(6, config.timestampPrecision());
        assertNull(config.validator());
        assertEquals("sleeping", context.idleStrategyName());
        assertEquals(SlowConsumerPolicy.DISCONNECT, context.transportConfig().slowConsumerPolicy());
        assertEquals(2097152, context.transportConfig().outboundBufferCapacity());
        assertEquals(10, context.transportConfig().maxConnections());
    }

    @Test
    void fixtWithoutDictionaryPathsUsesTheStandardOnes()
    {
        final EngineContext context = context(String.join("\n",
            "[SESSION]", "ConnectionType=acceptor", "SocketAcceptPort=0", "BeginString=FIXT.1.1",
            "DefaultApplVerID=FIX.5.0SP2", "SenderCompID=A", "TargetCompID=B", "NonStopSession=Y"));
        assertNotNull(context.sessions().get(0).config().validator());
    }

    @Test
    void errorsNameTheKeyAndWhereItIs()
    {
        assertEquals("t.cfg:3: ConnectionType must be acceptor or initiator (is 'server')",
            assertThrows(SettingsException.class, () -> context(String.join("\n",
                "[SESSION]", "BeginString=FIX.4.4", "ConnectionType=server"))).getMessage());
        assertEquals("t.cfg:1: StartTime and EndTime are required unless NonStopSession=Y (is '')",
            assertThrows(SettingsException.class, () -> context(String.join("\n",
                "[SESSION]", "ConnectionType=acceptor", "SocketAcceptPort=1", "BeginString=FIX.4.4",
                "SenderCompID=A", "TargetCompID=B"))).getMessage());
        assertEquals("t.cfg:3: IdleStrategy applies to the whole engine: set it in [DEFAULT]",
            assertThrows(SettingsException.class, () -> context(String.join("\n",
                "[SESSION]", "ConnectionType=acceptor", "IdleStrategy=busy-spin"))).getMessage());
        assertTrue(assertThrows(SettingsException.class, () -> context(String.join("\n",
            "[SESSION]", "ConnectionType=acceptor", "SocketAcceptPort=1", "BeginString=FIX.4.4", "SenderCompID=A",
            "TargetCompID=B", "NonStopSession=Y", "DataDictionary=/no/such/FIX44.xml"))).getMessage()
            .startsWith("t.cfg:1: cannot load the data dictionary"));
    }

    /** StorePauseTimeout: seconds, default 30 (also when absent), 0 unbounded, negative refused naming the key. */
    @Test
    void storePauseTimeoutIsParsedWithItsDefault()
    {
        final String session = String.join("\n", "[SESSION]", "ConnectionType=acceptor", "SocketAcceptPort=0",
            "BeginString=FIX.4.4", "SenderCompID=A", "TargetCompID=B", "NonStopSession=Y", "StoreFailurePolicy=pause");
        assertEquals(TimeUnit.SECONDS.toNanos(30), context(session).sessions().get(0).config().storePauseTimeoutNanos());
        assertEquals(TimeUnit.SECONDS.toNanos(30), new SessionConfig().storePauseTimeoutNanos());
        assertEquals(TimeUnit.SECONDS.toNanos(120),
            context(session + "\nStorePauseTimeout=120").sessions().get(0).config().storePauseTimeoutNanos());
        assertEquals(0, context(session + "\nStorePauseTimeout=0").sessions().get(0).config().storePauseTimeoutNanos());
        assertEquals("t.cfg:9: StorePauseTimeout must be >= 0 seconds (0: unbounded) (is '-1')",
            assertThrows(SettingsException.class, () -> context(session + "\nStorePauseTimeout=-1")).getMessage());
        assertTrue(KnownKeys.standard().docs().containsKey("StorePauseTimeout"));
    }

    /**
     * MaxSequenceResets and SequenceResetWindow: absent, the same defaults as the Java API (100 per 60 s); set, taken
     * as given (0 turns the budget off); out of range, refused naming the key.
     */
    @Test
    void sequenceResetBudgetIsParsedWithTheJavaApiDefaults()
    {
        final String session = String.join("\n", "[SESSION]", "ConnectionType=acceptor", "SocketAcceptPort=0",
            "BeginString=FIX.4.4", "SenderCompID=A", "TargetCompID=B", "NonStopSession=Y");
        final ResendLimits defaults = context(session).sessions().get(0).config().resendLimits();
        final ResendLimits javaApi = new SessionConfig().resendLimits();
        assertEquals(100, defaults.maxSequenceResets());
        assertEquals(TimeUnit.SECONDS.toNanos(60), defaults.sequenceResetWindowNanos());
        assertEquals(javaApi.maxSequenceResets(), defaults.maxSequenceResets());
        assertEquals(javaApi.sequenceResetWindowNanos(), defaults.sequenceResetWindowNanos());

        final ResendLimits set = context(session + "\nMaxSequenceResets=7\nSequenceResetWindow=5")
            .sessions().get(0).config().resendLimits();
        assertEquals(7, set.maxSequenceResets());
        assertEquals(TimeUnit.SECONDS.toNanos(5), set.sequenceResetWindowNanos());
        assertEquals(0, context(session + "\nMaxSequenceResets=0").sessions().get(0).config().resendLimits()
            .maxSequenceResets());

        assertEquals("t.cfg:8: MaxSequenceResets must be >= 0 (0: unlimited) (is '-1')",
            assertThrows(SettingsException.class, () -> context(session + "\nMaxSequenceResets=-1")).getMessage());
        assertEquals("t.cfg:8: SequenceResetWindow must be > 0 seconds (is '0')",
            assertThrows(SettingsException.class, () -> context(session + "\nSequenceResetWindow=0")).getMessage());
        final SessionConfig negative = new SessionConfig().sessionId(new SessionId("FIX.4.4", "A", "B"));
        negative.resendLimits().maxSequenceResets(-1);
        assertEquals("MaxSequenceResets must be >= 0 (0: unlimited): -1",
            assertThrows(IllegalArgumentException.class, negative::conclude).getMessage());
        assertTrue(KnownKeys.standard().docs().containsKey("MaxSequenceResets"));
        assertTrue(KnownKeys.standard().docs().containsKey("SequenceResetWindow"));
    }

    @Test
    void anAcceptorTemplateSectionBecomesATemplateSharingOneValidator()
    {
        final EngineContext context = context(String.join("\n",
            "[DEFAULT]", "ConnectionType=acceptor", "SocketAcceptPort=0", "NonStopSession=Y", "BeginString=FIX.4.4",
            "[SESSION]", "SenderCompID=EXEC", "TargetCompID=FIXED",
            "[SESSION]", "AcceptorTemplate=Y", "SenderCompID=EXEC", "TargetCompID=*", "HeartBtInt=5"));
        assertEquals(1, context.sessions().size());
        assertEquals(1, context.templates().size());
        final SessionTemplate template = context.templates().get(0);
        assertEquals(new SessionId("FIX.4.4", "EXEC", "*"), template.pattern());
        assertTrue(template.matches(new SessionId("FIX.4.4", "EXEC", "ANYONE")));
        assertFalse(template.matches(new SessionId("FIX.4.4", "OTHER", "ANYONE")));
        assertFalse(template.matches(new SessionId("FIX.4.2", "EXEC", "ANYONE")));
        final SessionEndpoint a = template.endpoint(new SessionId("FIX.4.4", "EXEC", "A"));
        final SessionEndpoint b = template.endpoint(new SessionId("FIX.4.4", "EXEC", "B"));
        assertEquals(new SessionId("FIX.4.4", "EXEC", "A"), a.config().sessionId());
        assertEquals(5, a.config().heartBtIntSeconds());
        assertNotNull(a.config().validator());
        assertSame(a.config().validator(), b.config().validator(), "one validator per template");
        assertNotSame(a.config().validator(), context.sessions().get(0).config().validator());
    }

    @Test
    void aWildcardCompIdNeedsAnAcceptorTemplate()
    {
        assertEquals("t.cfg:1: AcceptorTemplate must be Y for a * CompID (is '')",
            assertThrows(SettingsException.class, () -> context(String.join("\n",
                "[SESSION]", "ConnectionType=acceptor", "SocketAcceptPort=1", "BeginString=FIX.4.4",
                "SenderCompID=A", "TargetCompID=*", "NonStopSession=Y"))).getMessage());
        assertEquals("t.cfg:7: AcceptorTemplate needs ConnectionType=acceptor (is 'Y')",
            assertThrows(SettingsException.class, () -> context(String.join("\n",
                "[SESSION]", "ConnectionType=initiator", "SocketConnectHost=h", "SocketConnectPort=1",
                "BeginString=FIX.4.4", "SenderCompID=A", "AcceptorTemplate=Y", "TargetCompID=*",
                "NonStopSession=Y"))).getMessage());
        assertEquals("t.cfg:1: SocketAcceptPort is required for an acceptor (0..65535) (is '')",
            assertThrows(SettingsException.class, () -> context(String.join("\n",
                "[SESSION]", "ConnectionType=acceptor", "AcceptorTemplate=Y", "BeginString=FIX.4.4",
                "SenderCompID=A", "TargetCompID=*", "NonStopSession=Y"))).getMessage());
    }
}
