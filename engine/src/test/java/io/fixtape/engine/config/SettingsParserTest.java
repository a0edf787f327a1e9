package io.fixtape.engine.config;

import org.junit.jupiter.api.Test;

import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SettingsParserTest
{
    private static final String FILE = String.join("\n",
        "# sample",
        "[DEFAULT]",
        "ConnectionType=acceptor",
        "SocketAcceptPort=9878",
        "HeartBtInt = 30",
        "ResetOnDisconnect=Y",
        "",
        "[SESSION]",
        "BeginString=FIX.4.2",
        "SenderCompID=ISLD",
        "TargetCompID=TW",
        "",
        "[SESSION]",
        "BeginString=FIXT.1.1",
        "DefaultApplVerID=7",
        "SenderCompID=ISLD",
        "TargetCompID=TW",
        "HeartBtInt=5",
        "ResetOnDisconnect=N");

    @Test
    void sessionsInheritDefaultsAndOverrideThem()
    {
        final Settings settings = new SettingsParser().parse("a.cfg", FILE);
        assertEquals(2, settings.sessions().size());
        final Settings.Section fix42 = settings.sessions().get(0);
        final Settings.Section fixt = settings.sessions().get(1);
        assertEquals("FIX.4.2", fix42.requiredString("BeginString"));
        assertEquals(30, fix42.integer("HeartBtInt", 0));
        assertTrue(fix42.bool("ResetOnDisconnect", false));
        assertEquals(9878, fixt.integer("SocketAcceptPort", 0));
        assertEquals(5, fixt.integer("HeartBtInt", 0));
        assertFalse(fixt.bool("ResetOnDisconnect", true));
        assertEquals("a.cfg:8", fix42.location());
        assertEquals("a.cfg:18", fixt.locationOf("HeartBtInt"));
    }

    @Test
    void aMisspeltKeyIsAnErrorNamingItWhereItIsAndTheLikelyKey()
    {
        final SettingsException ex = assertThrows(SettingsException.class,
            () -> new SettingsParser().parse("b.cfg", "[SESSION]\nBeginString=FIX.4.4\nSenderCompId=A\n"));
        assertEquals("b.cfg:3: unknown setting 'SenderCompId' (did you mean SenderCompID?)", ex.getMessage());
    }

    @Test
    void otherModulesExtendTheKnownKeys()
    {
        final String text = "[DEFAULT]\nJournalRollCycle=HOURLY\n";
        assertThrows(SettingsException.class, () -> new SettingsParser().parse("c.cfg", text));
        final Settings settings = new SettingsParser(KnownKeys.standard().with("JournalRollCycle", "roll cycle"))
            .parse("c.cfg", text);
        assertEquals("HOURLY", settings.defaults().string("JournalRollCycle", null));
    }

    @Test
    void badValuesNameKeyAndLine()
    {
        final Settings settings = new SettingsParser().parse("d.cfg", "[SESSION]\nHeartBtInt=thirty\nResetOnLogon=maybe\n");
        final Settings.Section section = settings.sessions().get(0);
        assertEquals("d.cfg:2: HeartBtInt must be an integer, not 'thirty'",
            assertThrows(SettingsException.class, () -> section.integer("HeartBtInt", 30)).getMessage());
        assertEquals("d.cfg:3: ResetOnLogon must be Y or N, not 'maybe'",
            assertThrows(SettingsException.class, () -> section.bool("ResetOnLogon", false)).getMessage());
        assertEquals("d.cfg:1: missing required setting SenderCompID",
            assertThrows(SettingsException.class, () -> section.requiredString("SenderCompID")).getMessage());
    }

    @Test
    void malformedLinesAndDuplicatesAreErrors()
    {
        assertThrows(SettingsException.class, () -> new SettingsParser().parse("e.cfg", "[SESSION]\nnot a setting\n"));
        assertThrows(SettingsException.class, () -> new SettingsParser().parse("e.cfg", "HeartBtInt=1\n"));
        assertThrows(SettingsException.class, () -> new SettingsParser().parse("e.cfg", "[SESSIONS]\n"));
        assertThrows(SettingsException.class,
            () -> new SettingsParser().parse("e.cfg", "[SESSION]\nHeartBtInt=1\nHeartBtInt=2\n"));
    }

    @Test
    void substitutesSystemProperties()
    {
        System.setProperty("fixtape.test.port", "12345");
        final Settings settings = new SettingsParser().parse("f.cfg", "[SESSION]\nSocketAcceptPort=${fixtape.test.port}\n");
        assertEquals(12345, settings.sessions().get(0).integer("SocketAcceptPort", 0));
    }

    /** The scope decided per key in KnownKeys: these are the engine's own engine-wide keys, every other is per session. */
    @Test
    void everyStandardKeyHasAScopeAndTheEngineWideOnesAreThese()
    {
        final KnownKeys keys = KnownKeys.standard();
        final Set<String> engineWide = new TreeSet<>();
        for (final String key : keys.docs().keySet())
        {
            assertNotNull(keys.scope(key), key);
            if (keys.scope(key) == KnownKeys.Scope.ENGINE)
            {
                engineWide.add(key);
            }
        }
        assertEquals(new TreeSet<>(Set.of("IdleStrategy", "MaxMessageSize", "OutboundBufferSize", "SlowConsumerPolicy",
            "MaxConnections", "SocketTcpNoDelay", "SocketKeepAlive",
            "SocketSendBufferSize", "SocketReceiveBufferSize",
            "DirectReadConnections", "EngineDirectory", "MetricsHttpPort", "MetricsHttpAddress", "JmxEnabled",
            "MaxUnauthenticatedConnections", "MaxUnauthenticatedConnectionsPerAddress")),
            engineWide);
        assertNull(keys.scope("NoSuchKey"));
    }

    @Test
    void anEngineWideKeyInASessionSectionIsAnErrorSayingWhereItBelongs()
    {
        for (final String key : KnownKeys.standard().docs().keySet())
        {
            if (KnownKeys.standard().scope(key) != KnownKeys.Scope.ENGINE)
            {
                continue;
            }
            final String text = "[DEFAULT]\n" + key + "=1\n\n[SESSION]\nBeginString=FIX.4.4\n" + key + "=1\n";
            assertEquals("g.cfg:6: " + key + " applies to the whole engine: set it in [DEFAULT]",
                assertThrows(SettingsException.class, () -> new SettingsParser().parse("g.cfg", text)).getMessage());
            assertEquals("1", new SettingsParser().parse("g.cfg", "[DEFAULT]\n" + key + "=1\n").defaults()
                .string(key, null), "[DEFAULT] is where it belongs");
        }
    }

    @Test
    void aPerSessionKeyMayBeWrittenInEitherSection()
    {
        final Settings settings = new SettingsParser().parse("h.cfg",
            "[DEFAULT]\nHeartBtInt=30\n[SESSION]\nHeartBtInt=5\n[SESSION]\n");
        assertEquals(5, settings.sessions().get(0).integer("HeartBtInt", 0));
        assertEquals(30, settings.sessions().get(1).integer("HeartBtInt", 0));
    }

    @Test
    void otherModulesDeclareTheScopeOfTheKeysTheyAdd()
    {
        final KnownKeys keys = KnownKeys.standard()
            .with("ModelKey", KnownKeys.Scope.ENGINE, "an engine-wide key of another module")
            .with("SessionKey", "a per-session key of another module");
        assertEquals(KnownKeys.Scope.ENGINE, keys.scope("ModelKey"));
        assertEquals(KnownKeys.Scope.SESSION, keys.scope("SessionKey"));
        assertEquals("an engine-wide key of another module", keys.docs().get("ModelKey"));
        assertEquals("i.cfg:3: ModelKey applies to the whole engine: set it in [DEFAULT]",
            assertThrows(SettingsException.class, () -> new SettingsParser(keys).parse("i.cfg",
                "[SESSION]\nSessionKey=x\nModelKey=y\n")).getMessage());
        assertEquals("y", new SettingsParser(keys).parse("i.cfg", "[DEFAULT]\nModelKey=y\n[SESSION]\nSessionKey=x\n")
            .defaults().string("ModelKey", null));
    }
}
