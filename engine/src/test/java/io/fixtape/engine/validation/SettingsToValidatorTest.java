package io.fixtape.engine.validation;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.config.DictionaryValidators;
import io.fixtape.engine.config.Settings;
import io.fixtape.engine.config.SettingsException;
import io.fixtape.engine.config.SettingsParser;
import org.junit.jupiter.api.Test;

import static io.fixtape.engine.validation.Fix.TIME;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Settings file → session validator ({@link DictionaryValidators}, the engine's default), as the acceptance-test server is configured. */
class SettingsToValidatorTest
{
    private static final String SETTINGS = String.join("\n",
        "[DEFAULT]",
        "ConnectionType=acceptor",
        "SenderCompID=ISLD",
        "TargetCompID=TW",
        "ValidateUserDefinedFields=Y",
        "[SESSION]",
        "BeginString=FIX.4.2",
        "[SESSION]",
        "BeginString=FIX.4.4",
        "ValidateFieldsOutOfOrder=N",
        "[SESSION]",
        "BeginString=FIXT.1.1",
        "DefaultApplVerID=FIX.5.0",
        "");

    private static Settings.Section section(final String text, final int index)
    {
        return new SettingsParser().parse("test.cfg", text).sessions().get(index);
    }

    private static boolean validate(final MessageValidator validator, final String message, final ValidationResult result)
    {
        return validator.validate(Fix.decode(new FixDecoder(), message), result);
    }

    @Test
    void buildsValidatorsPerSessionFromSettings()
    {
        final ValidationResult failure = new ValidationResult();
        final String header = "|34=2|49=TW|52=" + TIME + "|56=ISLD";

        final MessageValidator fix42 = DictionaryValidators.create(section(SETTINGS, 0));
        assertTrue(validate(fix42, Fix.message("FIX.4.2", "35=0" + header), failure));
        assertFalse(validate(fix42, Fix.message("FIX.4.2", "35=0" + header + "|5000=x"), failure));
        assertEquals(SessionRejectReason.INVALID_TAG_NUMBER, failure.sessionRejectReason());
        assertEquals(5000, failure.refTagId());

        final MessageValidator fix44 = DictionaryValidators.create(section(SETTINGS, 1));
        final String bodyFirst = "35=D|55=MSFT" + header + "|11=id|21=3|40=1|54=1|60=" + TIME;
        assertTrue(validate(fix44, Fix.message("FIX.4.4", bodyFirst), failure), "ValidateFieldsOutOfOrder=N");
        assertFalse(validate(fix44, Fix.message("FIX.4.4", bodyFirst.replace("54=1", "54=Z")), failure));
        assertEquals(SessionRejectReason.VALUE_INCORRECT, failure.sessionRejectReason());

        final MessageValidator fixt = DictionaryValidators.create(section(SETTINGS, 2));
        assertEquals("FIX.5.0", fixt.dictionaries().defaultApplication().version());
        assertEquals('7', fixt.dictionaries().defaultApplVerId());
        assertTrue(validate(fixt, Fix.message("FIXT.1.1", "35=A|34=1|49=TW|52=" + TIME + "|56=ISLD|98=0|108=2|1137=7"), failure));
        assertFalse(validate(fixt, Fix.message("FIXT.1.1", "35=*" + header), failure));
        assertEquals(SessionRejectReason.INVALID_MSGTYPE, failure.sessionRejectReason());
        assertEquals(35, failure.refTagId());
    }

    @Test
    void missingDictionaryFileIsASettingsError()
    {
        final String text = "[SESSION]\nBeginString=FIX.4.4\nDataDictionary=/no/such/FIX44-custom.xml\n";
        final SettingsException error = assertThrows(SettingsException.class,
            () -> DictionaryValidators.create(section(text, 0)));
        assertTrue(error.getMessage().contains("test.cfg"), error.getMessage());
        assertTrue(error.getMessage().contains("/no/such/FIX44-custom.xml"), error.getMessage());
    }
}
