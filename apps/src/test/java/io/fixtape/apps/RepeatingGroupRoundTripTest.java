package io.fixtape.apps;

import io.fixtape.engine.config.EngineSettings;
import io.fixtape.engine.config.SettingsParser;
import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.engine.runtime.RawFixClient;
import org.agrona.concurrent.OffsetEpochNanoClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import quickfix.DataDictionary;
import quickfix.Message;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static io.fixtape.engine.runtime.RawFixClient.now;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Repeating groups through the {@code echo} acceptor configured as the QuickFIX acceptance scripts expect (FIX.4.4,
 * validation on): a group whose count is 0 is accepted and left out of the echo (as QuickFIX/J writes a message
 * again, script 21), nested groups come back field for field in their order, and a ResendRequest for the echo gets
 * the same body from the store with PossDupFlag=Y and OrigSendingTime — each answer valid for QuickFIX/J's own
 * FIX.4.4 dictionary.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RepeatingGroupRoundTripTest
{
    private static final String SETTINGS = String.join("\n", "[DEFAULT]", "ConnectionType=acceptor",
        "SocketAcceptAddress=127.0.0.1", "SocketAcceptPort=0", "NonStopSession=Y", "IdleStrategy=sleeping",
        "SenderCompID=ISLD", "TargetCompID=TW", "ResetOnDisconnect=Y", "UseDataDictionary=Y",
        "ValidateUserDefinedFields=Y", "ValidateFieldsOutOfOrder=Y", "ValidateFieldsHaveValues=Y",
        "[SESSION]", "BeginString=FIX.4.4", "");

    /** Two parties, each with nested sub-IDs (453 → 802), then two groups sent empty: NoAllocs and NoTradingSessions. */
    private static final String NESTED = "453=2|448=BRK1|447=D|452=1|802=2|523=SUB1|803=1|523=SUB2|803=2|" +
        "448=BRK2|447=D|452=3|802=1|523=SUB3|803=4|";
    private static final String EMPTY_GROUPS = "78=0|386=0|";

    @Test
    void emptyAndNestedGroupsRoundTripThroughEchoAndResend() throws Exception
    {
        final DataDictionary qfjDictionary = new DataDictionary("FIX44.xml");
        try (FixEngine engine = FixEngine.launch(new EngineSettings().toContext(
            new SettingsParser().parse("groups.cfg", SETTINGS), new OffsetEpochNanoClock(),
            (config, clock) -> BuiltinApplications.create("echo", config, clock)));
            RawFixClient client = new RawFixClient(engine.boundPort()))
        {
            final String header = "|49=TW|52=" + now() + "|56=ISLD|";
            client.send("FIX.4.4", "35=A|34=1" + header + "98=0|108=30|");
            assertTrue(receive(client).contains("|35=A|"));

            final String orderBody = "11=G1|" + NESTED + "21=1|" + EMPTY_GROUPS + "55=ACME|54=1|60=" + now() +
                "|38=100|40=2|44=10.25|";
            client.send("FIX.4.4", "35=D|34=2" + header + orderBody);
            final String echo = receive(client);
            assertTrue(echo.contains("|35=D|") && echo.contains("|34=2|"), echo);
            assertEquals(orderBody.replace(EMPTY_GROUPS, ""), body(echo),
                "nested groups in order, the empty groups left out");
            validByQuickFixJ(qfjDictionary, echo);

            client.send("FIX.4.4", "35=2|34=3" + header + "7=2|16=0|");
            final String resent = receive(client);
            assertTrue(resent.contains("|35=D|") && resent.contains("|34=2|") && resent.contains("|43=Y|") &&
                resent.contains("|122="), resent);
            assertEquals(body(echo), body(resent), "the resend carries the stored body unchanged");
            validByQuickFixJ(qfjDictionary, resent);

            // the empty groups alone (script 21): accepted and echoed without them, nothing rejected
            final String emptyOnly = "11=G2|21=1|" + EMPTY_GROUPS + "55=ACME|54=2|60=" + now() + "|38=5|40=1|";
            client.send("FIX.4.4", "35=D|34=4" + header + emptyOnly);
            final String second = receive(client);
            assertTrue(second.contains("|35=D|") && second.contains("|34=3|"), second);
            assertEquals(emptyOnly.replace(EMPTY_GROUPS, ""), body(second));
            validByQuickFixJ(qfjDictionary, second);
        }
    }

    private static String receive(final RawFixClient client) throws Exception
    {
        final String message = client.receive(5000);
        assertNotNull(message, "no answer");
        return message;
    }

    /** The fields after the standard header and before the trailer, as {@code tag=value|...}. */
    private static String body(final String message)
    {
        final List<String> body = new ArrayList<>();
        for (final String field : message.split("\\|"))
        {
            final String tag = field.substring(0, field.indexOf('='));
            switch (tag)
            {
                case "8", "9", "35", "34", "49", "52", "56", "43", "122", "97", "10" ->
                {
                }
                default -> body.add(field);
            }
        }
        return String.join("|", body) + "|";
    }

    private static void validByQuickFixJ(final DataDictionary dictionary, final String text) throws Exception
    {
        final Message message = new Message();
        message.fromString(text.replace('|', '\u0001'), dictionary, true);
        dictionary.validate(message);
    }
}
