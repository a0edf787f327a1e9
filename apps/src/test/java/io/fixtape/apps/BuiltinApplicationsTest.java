package io.fixtape.apps;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.config.EngineSettings;
import io.fixtape.engine.config.SettingsParser;
import io.fixtape.engine.dictionary.Dictionaries;
import io.fixtape.engine.runtime.FixEngine;
import io.fixtape.engine.runtime.RawFixClient;
import io.fixtape.engine.validation.MessageValidator;
import io.fixtape.engine.validation.ValidationOptions;
import io.fixtape.engine.validation.ValidationResult;
import org.agrona.concurrent.OffsetEpochNanoClock;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;

import static io.fixtape.engine.runtime.RawFixClient.now;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@code exec} application over real TCP for FIX.4.2 and FIX.4.4: fills, resting GTC order, cancel ack, cancel
 * reject, market data snapshot, business reject; every answer must pass dictionary validation of its version.
 */
class BuiltinApplicationsTest
{
    private static String settings(final String beginString)
    {
        return String.join("\n", "[DEFAULT]", "ConnectionType=acceptor", "SocketAcceptAddress=127.0.0.1",
            "SocketAcceptPort=0", "NonStopSession=Y", "IdleStrategy=sleeping", "[SESSION]",
            "BeginString=" + beginString, "SenderCompID=EXEC", "TargetCompID=CLIENT");
    }

    @ParameterizedTest
    @ValueSource(strings = {"FIX.4.2", "FIX.4.4"})
    void execAnswersAreValidForTheirVersion(final String v) throws Exception
    {
        final MessageValidator validator = new MessageValidator(Dictionaries.forSession(v, null), new ValidationOptions());
        try (FixEngine engine = FixEngine.launch(new EngineSettings().toContext(
            new SettingsParser().parse("exec.cfg", settings(v)), new OffsetEpochNanoClock(),
            (config, clock) -> BuiltinApplications.create("exec", config, clock)));
            RawFixClient client = new RawFixClient(engine.boundPort()))
        {
            final String header = "|49=CLIENT|52=" + now() + "|56=EXEC|";
            client.send(v, "35=A|34=1" + header + "98=0|108=30|");
            expect(client, validator, "A");

            client.send(v, "35=D|34=2" + header + "11=F1|21=1|55=ACME|54=1|60=" + now() + "|38=100|40=2|44=10.25|");
            final String fill = expect(client, validator, "8");
            assertTrue(fill.contains("|39=2|") && fill.contains("|11=F1|") && fill.contains("|31=10.25|") &&
                fill.contains("|14=100|") && fill.contains("|151=0|"), fill);
            assertTrue(fill.contains(v.equals("FIX.4.2") ? "|150=2|" : "|150=F|"), fill);

            client.send(v, "35=D|34=3" + header + "11=G1|21=1|55=ACME|54=2|60=" + now() + "|38=5|40=2|44=9|59=1|");
            final String accepted = expect(client, validator, "8");
            assertTrue(accepted.contains("|150=0|") && accepted.contains("|39=0|") && accepted.contains("|151=5|"), accepted);

            client.send(v, "35=F|34=4" + header + "11=C1|41=G1|55=ACME|54=2|60=" + now() + "|38=5|");
            final String canceled = expect(client, validator, "8");
            assertTrue(canceled.contains("|150=4|") && canceled.contains("|39=4|") && canceled.contains("|41=G1|"), canceled);

            client.send(v, "35=F|34=5" + header + "11=C2|41=NOPE|55=ACME|54=2|60=" + now() + "|38=5|");
            final String rejected = expect(client, validator, "9");
            assertTrue(rejected.contains("|102=1|") && rejected.contains("|41=NOPE|"), rejected);

            client.send(v, "35=V|34=6" + header + "262=M1|263=0|264=1|267=2|269=0|269=1|146=2|55=ACME|55=INTC|");
            final String first = expect(client, validator, "W");
            final String second = expect(client, validator, "W");
            assertTrue(first.contains("|55=ACME|") && second.contains("|55=INTC|") && first.contains("|268=2|"), first);

            client.send(v, "35=E|34=7" + header + "66=L1|394=1|68=1|73=1|11=X|67=1|55=ACME|54=1|40=1|");
            final String businessReject = expect(client, validator, "j");
            assertTrue(businessReject.contains("|380=3|"), businessReject);
        }
    }

    private static String expect(final RawFixClient client, final MessageValidator validator, final String msgType)
        throws Exception
    {
        final String message = client.receive(5000);
        assertNotNull(message, "no answer, expected 35=" + msgType);
        assertTrue(message.contains("|35=" + msgType + "|"), message);
        final byte[] bytes = message.replace('|', '\u0001').getBytes(StandardCharsets.ISO_8859_1);
        final FixDecoder decoder = new FixDecoder().wrap(new UnsafeBuffer(bytes), 0, bytes.length);
        final ValidationResult result = new ValidationResult();
        assertTrue(validator.validate(decoder, result), () -> result + " in " + message);
        return message;
    }
}
