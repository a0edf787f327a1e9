package io.fixtape.engine.validation;

import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.dictionary.Dictionaries;
import io.fixtape.engine.dictionary.SessionDictionary;
import io.fixtape.engine.validation.ValidationResult.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static io.fixtape.engine.validation.Fix.TIME;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One test per validation error class, each run for FIX.4.2, FIX.4.4 and FIXT.1.1 + FIX.5.0SP2. */
class MessageValidatorTest
{
    enum Version
    {
        FIX42("FIX.4.2", null), FIX44("FIX.4.4", null), FIXT11("FIXT.1.1", "FIX.5.0SP2");

        final String beginString;
        final SessionDictionary dictionaries;

        Version(final String beginString, final String defaultApplVerId)
        {
            this.beginString = beginString;
            this.dictionaries = Dictionaries.forSession(beginString, defaultApplVerId);
        }

        String header(final String msgType)
        {
            return "35=" + msgType + "|34=2|49=TW|52=" + TIME + "|56=ISLD|";
        }

        String order(final String extra)
        {
            return header("D") + "11=ID|21=1|40=1|54=1|38=100|55=INTC|60=" + TIME + "|" + extra;
        }
    }

    private static ValidationResult judge(final Version version, final ValidationOptions options, final String body)
    {
        return Fix.judge(new MessageValidator(version.dictionaries, options), Fix.message(version.beginString, body));
    }

    private static ValidationResult judge(final Version version, final String body)
    {
        return judge(version, new ValidationOptions(), body);
    }

    private static void assertReject(final ValidationResult result, final int reason, final int refTag)
    {
        assertEquals(Verdict.SESSION_REJECT, result.verdict(), result.toString());
        assertEquals(reason, result.sessionRejectReason(), result.toString());
        assertEquals(refTag, result.refTagId(), result.toString());
        assertTrue(result.hasRefTagId());
        assertEquals(SessionRejectReason.text(reason), result.text());
    }

    private static void assertValid(final ValidationResult result)
    {
        assertEquals(Verdict.VALID, result.verdict(), result.toString());
        assertTrue(result.isValid());
    }

    @ParameterizedTest
    @EnumSource(Version.class)
    void validMessagesPass(final Version version)
    {
        assertValid(judge(version, version.order("")));
        assertValid(judge(version, version.header("0")));
        assertValid(judge(version, version.header("0") + "112=TEST"));
        assertValid(judge(version, version.order("78=2|79=a|80=10|79=b|80=90")));
    }

    @ParameterizedTest
    @EnumSource(Version.class)
    void requiredTagMissing(final Version version)
    {
        assertReject(judge(version, version.header("D") + "11=ID|21=1|40=1|38=100|55=INTC|60=" + TIME),
            SessionRejectReason.REQUIRED_TAG_MISSING, 54);
        assertReject(judge(version, "35=0|34=2|52=" + TIME + "|56=ISLD"), SessionRejectReason.REQUIRED_TAG_MISSING, 49);
    }

    @ParameterizedTest
    @EnumSource(Version.class)
    void tagNotDefinedForMessageType(final Version version)
    {
        assertReject(judge(version, version.header("0") + "58=hello"), SessionRejectReason.TAG_NOT_DEFINED_FOR_MESSAGE_TYPE, 58);
        assertValid(judge(version, new ValidationOptions().allowUnknownMessageFields(true), version.header("0") + "58=hello"));
    }

    @ParameterizedTest
    @EnumSource(Version.class)
    void invalidTagNumber(final Version version)
    {
        assertReject(judge(version, version.header("0") + "999=HI"), SessionRejectReason.INVALID_TAG_NUMBER, 999);
        assertReject(judge(version, version.header("0") + "0=HI"), SessionRejectReason.INVALID_TAG_NUMBER, 0);
        assertReject(judge(version, version.header("0") + "-1=HI"), SessionRejectReason.INVALID_TAG_NUMBER, -1);
        assertReject(judge(version, version.order("5000=HI")), SessionRejectReason.INVALID_TAG_NUMBER, 5000);
        assertValid(judge(version, new ValidationOptions().validateUserDefinedFields(false), version.order("5000=HI")));
    }

    @ParameterizedTest
    @EnumSource(Version.class)
    void tagSpecifiedWithoutValue(final Version version)
    {
        assertReject(judge(version, "35=0|34=2|49=TW|52=" + TIME + "|56="), SessionRejectReason.TAG_SPECIFIED_WITHOUT_VALUE, 56);
        assertReject(judge(version, version.order("58=")), SessionRejectReason.TAG_SPECIFIED_WITHOUT_VALUE, 58);
        assertValid(judge(version, new ValidationOptions().validateFieldsHaveValues(false), version.order("58=")));
    }

    @ParameterizedTest
    @EnumSource(Version.class)
    void valueOutOfRange(final Version version)
    {
        assertReject(judge(version, version.header("D") + "11=ID|21=1|40=1|54=Z|38=100|55=INTC|60=" + TIME),
            SessionRejectReason.VALUE_INCORRECT, 54);
        assertReject(judge(version, version.order("59=X")), SessionRejectReason.VALUE_INCORRECT, 59);
    }

    @Test
    void execTypeFillIsValidInFix42ButNotInFix44()
    {
        final String fix44 = Version.FIX44.header("8") + "37=O|17=E|150=2|39=2|55=X|54=1|151=0|14=100|6=1";
        assertReject(judge(Version.FIX44, fix44), SessionRejectReason.VALUE_INCORRECT, 150);
        assertValid(judge(Version.FIX44, fix44.replace("150=2", "150=F")));
        final String fix42 = Version.FIX42.header("8") + "37=O|17=E|20=0|150=2|39=2|55=X|54=1|151=0|14=100|6=1";
        assertValid(judge(Version.FIX42, fix42));
        final String fixt = Version.FIXT11.header("8") + "37=O|17=E|150=2|39=2|55=X|54=1|151=0|14=100|6=1";
        assertReject(judge(Version.FIXT11, fixt), SessionRejectReason.VALUE_INCORRECT, 150);
    }

    @ParameterizedTest
    @EnumSource(Version.class)
    void incorrectDataFormat(final Version version)
    {
        assertReject(judge(version, version.header("D") + "11=ID|21=1|40=1|54=1|38=+200.00|55=INTC|60=" + TIME),
            SessionRejectReason.INCORRECT_DATA_FORMAT, 38);
        assertReject(judge(version, version.order("44=1e5")), SessionRejectReason.INCORRECT_DATA_FORMAT, 44);
        assertReject(judge(version, version.header("D") + "11=ID|21=1|40=1|54=11|38=1|55=INTC|60=" + TIME),
            SessionRejectReason.INCORRECT_DATA_FORMAT, 54);
        assertReject(judge(version, "35=0|34=2a|49=TW|52=" + TIME + "|56=ISLD"), SessionRejectReason.INCORRECT_DATA_FORMAT, 34);
        assertReject(judge(version, "35=0|34=2|49=TW|52=20240101-10:00|56=ISLD"), SessionRejectReason.INCORRECT_DATA_FORMAT, 52);
        assertReject(judge(version, version.header("0") + "43=X"), SessionRejectReason.INCORRECT_DATA_FORMAT, 43);
        assertReject(judge(version, version.order("126=2024")), SessionRejectReason.INCORRECT_DATA_FORMAT, 126);
        assertValid(judge(version, version.order("44=.5|126=20240101-10:00:00")));
    }

    @ParameterizedTest
    @EnumSource(Version.class)
    void strictFormatsCheckCalendarAndLocalMktDate(final Version version)
    {
        final String badMonth = "35=0|34=2|49=TW|52=20241301-10:00:00.000|56=ISLD";
        assertReject(judge(version, badMonth), SessionRejectReason.INCORRECT_DATA_FORMAT, 52);
        assertValid(judge(version, new ValidationOptions().strictFormats(false), badMonth));
        final int settlDate = version == Version.FIX42 ? 64 : 64;
        assertReject(judge(version, version.order(settlDate + "=2024-01-01")), SessionRejectReason.INCORRECT_DATA_FORMAT, settlDate);
        assertValid(judge(version, new ValidationOptions().strictFormats(false), version.order(settlDate + "=2024-01-01")));
        assertValid(judge(version, version.order(settlDate + "=20240131")));
    }

    @ParameterizedTest
    @EnumSource(Version.class)
    void tagAppearsMoreThanOnce(final Version version)
    {
        assertReject(judge(version, version.order("54=2")), SessionRejectReason.TAG_APPEARS_MORE_THAN_ONCE, 54);
        assertReject(judge(version, version.order("34=3")), SessionRejectReason.TAG_APPEARS_MORE_THAN_ONCE, 34);
        assertReject(judge(version, "35=0|34=2|49=TW|49=TW|52=" + TIME + "|56=ISLD"),
            SessionRejectReason.TAG_APPEARS_MORE_THAN_ONCE, 49);
    }

    @ParameterizedTest
    @EnumSource(Version.class)
    void repeatedHeaderTagsAsQuickFixJWhenAsked(final Version version)
    {
        final ValidationOptions lastWins = new ValidationOptions().rejectRepeatedHeaderTags(false);
        assertValid(judge(version, lastWins, "35=0|34=2|49=|49=TW|52=" + TIME + "|56=ISLD"));
        assertReject(judge(version, lastWins, "35=0|34=2|49=TW|49=|52=" + TIME + "|56=ISLD"),
            SessionRejectReason.TAG_SPECIFIED_WITHOUT_VALUE, 49);
        // a header tag repeated after the body started is always a repeat (and out of order)
        assertReject(judge(version, lastWins, version.order("34=3")), SessionRejectReason.TAG_APPEARS_MORE_THAN_ONCE, 34);
    }

    @ParameterizedTest
    @EnumSource(Version.class)
    void repeatingGroupCountMismatch(final Version version)
    {
        assertReject(judge(version, version.order("386=3|336=PRE-OPEN|336=AFTER-HOURS")),
            SessionRejectReason.INCORRECT_NUMINGROUP_COUNT, 386);
        assertReject(judge(version, version.order("78=1")), SessionRejectReason.INCORRECT_NUMINGROUP_COUNT, 78);
        assertReject(judge(version, version.order("78=1|79=a|79=b")), SessionRejectReason.INCORRECT_NUMINGROUP_COUNT, 78);
    }

    @ParameterizedTest
    @EnumSource(Version.class)
    void groupMembersOutOfOrder(final Version version)
    {
        assertReject(judge(version, version.order("78=2|79=a|80=1|80=2")), SessionRejectReason.REPEATING_GROUP_FIELDS_OUT_OF_ORDER, 80);
        assertReject(judge(version, version.order("78=1|80=1|79=a")), SessionRejectReason.REPEATING_GROUP_FIELDS_OUT_OF_ORDER, 80);
        assertValid(judge(version, new ValidationOptions().validateUnorderedGroupFields(false),
            version.order("78=2|79=a|80=1|79=b|80=2")));
    }

    @Test
    void groupMembersOutOfOrderAsInScript14j()
    {
        final String body = Version.FIX44.header("D") + "11=ID|21=1|40=1|54=1|38=200.00|55=INTC|78=2|79=acct1|80=50|661=X|" +
            "79=acct2|80=150|661=X|60=" + TIME;
        assertReject(judge(Version.FIX44, body), SessionRejectReason.REPEATING_GROUP_FIELDS_OUT_OF_ORDER, 661);
    }

    @ParameterizedTest
    @EnumSource(Version.class)
    void headerBodyTrailerOutOfOrder(final Version version)
    {
        final String allBodyFirst = "35=D|11=id|21=3|40=1|54=1|55=MSFT|60=" + TIME + "|34=2|49=TW|52=" + TIME + "|56=ISLD";
        assertReject(judge(version, allBodyFirst), SessionRejectReason.TAG_SPECIFIED_OUT_OF_REQUIRED_ORDER, 34);
        final String oneBodyFirst = "35=D|55=MSFT|34=3|49=TW|52=" + TIME + "|56=ISLD|11=id|21=3|40=1|54=1|60=" + TIME;
        assertReject(judge(version, oneBodyFirst), SessionRejectReason.TAG_SPECIFIED_OUT_OF_REQUIRED_ORDER, 34);
        assertValid(judge(version, new ValidationOptions().validateFieldsOutOfOrder(false), oneBodyFirst + "|38=1"));
        assertReject(judge(version, version.order("93=2|89=ab|58=x")), SessionRejectReason.TAG_SPECIFIED_OUT_OF_REQUIRED_ORDER, 58);
    }

    @ParameterizedTest
    @EnumSource(Version.class)
    void firstThreeFieldsOutOfOrderAreGarbled(final Version version)
    {
        final String begin = version.beginString;
        final ValidationResult msgTypeFirst = Fix.judge(new MessageValidator(version.dictionaries, new ValidationOptions()),
            Fix.raw("35=0|8=" + begin + "|9=29|34=2|49=TW|52=" + TIME + "|56=ISLD|10=121|"));
        assertEquals(Verdict.GARBLED, msgTypeFirst.verdict());
        assertEquals(SessionRejectReason.TAG_SPECIFIED_OUT_OF_REQUIRED_ORDER, msgTypeFirst.sessionRejectReason());
        assertEquals(35, msgTypeFirst.refTagId());
        final ValidationResult seqNumSecond = Fix.judge(new MessageValidator(version.dictionaries, new ValidationOptions()),
            Fix.raw("8=" + begin + "|34=3|35=0|49=TW|52=" + TIME + "|56=ISLD|10=121|"));
        assertEquals(Verdict.GARBLED, seqNumSecond.verdict());
        assertEquals(34, seqNumSecond.refTagId());
    }

    @ParameterizedTest
    @EnumSource(Version.class)
    void invalidMsgType(final Version version)
    {
        final ValidationResult result = judge(version, version.header("*"));
        assertReject(result, SessionRejectReason.INVALID_MSGTYPE, 35);
        assertEquals(MsgTypes.pack("*"), result.refMsgType());
    }

    @ParameterizedTest
    @EnumSource(Version.class)
    void unsupportedMsgTypeIsABusinessReject(final Version version)
    {
        final ValidationOptions echoOnly = new ValidationOptions().supportedMessageType("D").supportedMessageType("d");
        final ValidationResult result = judge(version, echoOnly, version.header("j") + "45=1|372=D|380=3");
        assertEquals(Verdict.BUSINESS_REJECT, result.verdict(), result.toString());
        assertEquals(ValidationResult.UNSUPPORTED_MESSAGE_TYPE, result.businessRejectReason());
        assertEquals('j', result.refMsgType());
        assertValid(judge(version, echoOnly, version.order("")));
        assertValid(judge(version, echoOnly, version.header("0")));
        assertValid(judge(version, version.header("j") + "45=1|372=D|380=3"));
    }

    @ParameterizedTest
    @EnumSource(Version.class)
    void numInGroupZeroIsValid(final Version version)
    {
        assertValid(judge(version, version.order("78=0")));
        assertValid(judge(version, version.order("386=0|78=0")));
    }

    @Test
    void securityDefinitionWithEmptyGroupAsInScript21()
    {
        final String body = "35=d|34=2|49=TW|56=ISLD|52=" + TIME + "|320=JCD1091-20021011|322=1034356488676|323=6|55=TBS|22=8|" +
            "167=CS|336=ONE_MAIN|58=No Products found for this Class Symbol|454=0";
        assertValid(judge(Version.FIX44, body));
    }

    @ParameterizedTest
    @EnumSource(Version.class)
    void unparseableInputIsGarbled(final Version version)
    {
        assertEquals(Verdict.GARBLED, judge(version, version.order("78=x|79=a")).verdict());
        assertEquals(Verdict.GARBLED, judge(version, version.header("0") + "ab=HI").verdict());
        assertEquals(Verdict.GARBLED, judge(version, version.order("78=|79=a")).verdict());
    }

    @Test
    void precedenceFollowsQuickFixJ()
    {
        // structure beats invalid MsgType, which beats required fields, which beat value checks
        assertReject(judge(Version.FIX44, "35=*|34=2|49=TW|52=" + TIME + "|56=ISLD|112=a|49=x"),
            SessionRejectReason.TAG_APPEARS_MORE_THAN_ONCE, 49);
        assertReject(judge(Version.FIX44, "35=*|34=2|52=" + TIME + "|56=ISLD"), SessionRejectReason.INVALID_MSGTYPE, 35);
        assertReject(judge(Version.FIX44, "35=0|34=2|52=" + TIME + "|56=ISLD|38=x"), SessionRejectReason.REQUIRED_TAG_MISSING, 49);
        // within the body the lowest tag is reported, as QuickFIX/J iterates its field map in tag order
        assertReject(judge(Version.FIX44, Version.FIX44.header("0") + "999=|112="), SessionRejectReason.TAG_SPECIFIED_WITHOUT_VALUE, 112);
        assertReject(judge(Version.FIX44, Version.FIX44.header("0") + "55=x|38=x"), SessionRejectReason.INCORRECT_DATA_FORMAT, 38);
        // an unknown tag inside a repeating group is reported during parsing as "not defined for this message"
        assertReject(judge(Version.FIX44, Version.FIX44.order("78=1|79=a|999=x")), SessionRejectReason.TAG_NOT_DEFINED_FOR_MESSAGE_TYPE, 999);
    }

    @Test
    void nestedGroups()
    {
        final String parties = "453=2|448=P|447=D|452=1|802=1|523=S|803=1|448=Q|447=D|452=3";
        assertValid(judge(Version.FIX44, Version.FIX44.order(parties)));
        assertReject(judge(Version.FIX44, Version.FIX44.order("453=1|448=P|447=D|452=1|802=2|523=S|803=1")),
            SessionRejectReason.INCORRECT_NUMINGROUP_COUNT, 802);
        assertReject(judge(Version.FIX44, Version.FIX44.order("453=1|448=P|447=D|452=1|802=1|803=1")),
            SessionRejectReason.REPEATING_GROUP_FIELDS_OUT_OF_ORDER, 803);
        assertReject(judge(Version.FIX44, Version.FIX44.order("453=1|448=P|447=Q|452=1")), SessionRejectReason.VALUE_INCORRECT, 447);
    }

    @Test
    void fixtUsesTransportDictionaryForAdminAndApplVerIdForApplication()
    {
        final SessionDictionary fixt = Version.FIXT11.dictionaries;
        final MessageValidator validator = new MessageValidator(fixt, new ValidationOptions());
        assertValid(Fix.judge(validator, Fix.message("FIXT.1.1",
            "35=A|34=1|49=TW|52=" + TIME + "|56=ISLD|98=0|108=30|1137=9")));
        assertReject(Fix.judge(validator, Fix.message("FIXT.1.1", "35=A|34=1|49=TW|52=" + TIME + "|56=ISLD|98=0|108=30")),
            SessionRejectReason.REQUIRED_TAG_MISSING, 1137);
        assertValid(Fix.judge(validator, Fix.message("FIXT.1.1", "35=D|34=2|49=TW|52=" + TIME + "|56=ISLD|1128=9|11=ID|" +
            "40=1|54=1|38=100|55=INTC|60=" + TIME)));
        final MessageValidator withFix50 = new MessageValidator(
            fixt.withApplication('7', Dictionaries.standard("FIX.5.0")), new ValidationOptions());
        final String sp2Only = "35=D|34=2|49=TW|52=" + TIME + "|56=ISLD|1128=7|11=ID|40=1|54=1|38=100|55=INTC|60=" + TIME +
            "|1227=X";
        assertReject(Fix.judge(withFix50, Fix.message("FIXT.1.1", sp2Only)), SessionRejectReason.INVALID_TAG_NUMBER, 1227);
        assertValid(Fix.judge(withFix50, Fix.message("FIXT.1.1", sp2Only.replace("1128=7", "1128=9"))));
    }

    @Test
    void resultIsReusedAcrossMessages()
    {
        final MessageValidator validator = new MessageValidator(Version.FIX44.dictionaries, new ValidationOptions());
        final ValidationResult result = new ValidationResult();
        final io.fixtape.engine.codec.FixDecoder decoder = new io.fixtape.engine.codec.FixDecoder();
        assertFalse(validator.validate(Fix.decode(decoder, Fix.message("FIX.4.4", Version.FIX44.order("54=2"))), result));
        assertEquals(SessionRejectReason.TAG_APPEARS_MORE_THAN_ONCE, result.sessionRejectReason());
        assertTrue(validator.validate(Fix.decode(decoder, Fix.message("FIX.4.4", Version.FIX44.order(""))), result));
        assertEquals(-1, result.sessionRejectReason());
        assertFalse(result.hasRefTagId());
        assertEquals("", result.text());
    }
}
