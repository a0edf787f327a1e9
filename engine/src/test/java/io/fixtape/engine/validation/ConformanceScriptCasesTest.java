package io.fixtape.engine.validation;

import io.fixtape.engine.dictionary.Dictionaries;
import io.fixtape.engine.validation.ValidationResult.Verdict;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static io.fixtape.engine.validation.Fix.TIME;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The inbound messages of the QuickFIX acceptance scripts (shared/conformance/defs/fix44) that are answered with
 * a Reject, garbled-drop or normal processing, with the 373/371/372 the scripts expect. Settings as the
 * acceptance server: FIX.4.4 dictionary, ValidateUserDefinedFields=Y.
 */
class ConformanceScriptCasesTest
{
    private static final String H = "|49=TW|52=" + TIME + "|56=ISLD";

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
        "14a undefined tag 999;      35=0|34=2" + H + "|999=HI;            SESSION_REJECT; 0; 999; 0",
        "14a tag 0;                  35=0|34=3" + H + "|0=HI;              SESSION_REJECT; 0; 0; 0",
        "14a negative tag;           35=0|34=4" + H + "|-1=HI;             SESSION_REJECT; 0; -1; 0",
        "14a user-defined 5000;      35=0|34=5" + H + "|5000=HI;           SESSION_REJECT; 0; 5000; 0",
        "14c not for message type;   35=0|34=2" + H + "|55=MSFT;           SESSION_REJECT; 2; 55; 0",
        "14d without value;          35=0|34=2|49=TW|52=" + TIME + "|56=;  SESSION_REJECT; 4; 56; 0",
        "14f incorrect data format;  35=D|34=2" + H + "|11=ID|21=1|40=1|54=1|38=+200.00|55=INTC|60=" + TIME +
            "; SESSION_REJECT; 6; 38; D",
        "14g body first;             35=D|11=id|21=3|40=1|54=1|55=MSFT|60=" + TIME + "|34=2" + H +
            "; SESSION_REJECT; 14; 34; D",
        "14g one body tag first;     35=D|55=MSFT|34=3" + H + "|11=id|21=3|40=1|54=1|60=" + TIME +
            "; SESSION_REJECT; 14; 34; D",
        "14i NumInGroup count;       35=D|34=2" + H + "|11=ID|21=1|40=1|54=1|38=200.00|55=INTC|386=3|336=PRE-OPEN|" +
            "336=AFTER-HOURS|60=" + TIME + "; SESSION_REJECT; 16; 386; D",
        "14j group member order;     35=D|34=2" + H + "|11=ID|21=1|40=1|54=1|38=200.00|55=INTC|78=2|79=acct1|80=50|" +
            "661=X|79=acct2|80=150|661=X|60=" + TIME + "; SESSION_REJECT; 15; 661; D",
        "21 NumInGroup zero;         35=d|34=2|49=TW|56=ISLD|52=" + TIME + "|320=JCD1091-20021011|322=1034356488676|" +
            "323=6|55=TBS|22=8|167=CS|336=ONE_MAIN|58=No Products found for this Class Symbol|454=0; VALID; -1; 0; d",
        "2q invalid MsgType;         35=*|34=2" + H + "; SESSION_REJECT; 11; 35; *",
    })
    void verdictAsTheScriptExpects(
        final String script, final String body, final Verdict verdict, final int reason, final int refTag, final String refMsgType)
    {
        final MessageValidator validator = new MessageValidator(
            Dictionaries.forSession("FIX.4.4", null), new ValidationOptions().validateUserDefinedFields(true));
        final ValidationResult result = Fix.judge(validator, Fix.message("FIX.4.4", body));
        assertEquals(verdict, result.verdict(), result.toString());
        assertEquals(reason, result.sessionRejectReason(), result.toString());
        if (verdict != Verdict.VALID)
        {
            assertEquals(refTag, result.refTagId(), result.toString());
            assertEquals(io.fixtape.engine.codec.MsgTypes.pack(refMsgType), result.refMsgType());
        }
    }
}
