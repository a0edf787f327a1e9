package io.fixtape.engine.config;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
}
