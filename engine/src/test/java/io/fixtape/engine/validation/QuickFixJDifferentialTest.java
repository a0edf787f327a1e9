package io.fixtape.engine.validation;

import io.fixtape.engine.dictionary.Dictionaries;
import io.fixtape.engine.dictionary.SessionDictionary;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import quickfix.DataDictionary;
import quickfix.FieldException;
import quickfix.IncorrectDataFormat;
import quickfix.IncorrectTagValue;
import quickfix.FieldNotFound;
import quickfix.InvalidMessage;
import quickfix.Message;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static io.fixtape.engine.validation.Fix.TIME;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Differential test: every message of a corpus of valid and deliberately broken messages is judged by
 * QuickFIX/J 2.3.2 ({@code Message.fromString} + {@code DataDictionary.validate}, as its Session does) and by
 * {@link MessageValidator}; the verdicts (valid / garbled / reject with 373 and 371) must be identical.
 * fixtape runs with {@code strictFormats(false)} and the dictionaries as QuickFIX/J ships them, since those are
 * the two documented places where fixtape is deliberately stricter.
 */
class QuickFixJDifferentialTest
{
    @ParameterizedTest
    @CsvSource({
        "FIX.4.0, FIX40.xml, , differential-none.txt",
        "FIX.4.1, FIX41.xml, , differential-none.txt",
        "FIX.4.2, FIX42.xml, , differential-fix42.txt",
        "FIX.4.3, FIX43.xml, , differential-none.txt",
        "FIX.4.4, FIX44.xml, , differential-fix44.txt",
        "FIXT.1.1, FIXT11.xml, FIX50SP2.xml, differential-fixt.txt"})
    void verdictsAgree(final String beginString, final String file, final String appFile, final String extraCorpus) throws Exception
    {
        final DataDictionary theirSession = quickFixDictionary(file);
        final DataDictionary theirApp = appFile == null ? theirSession : quickFixDictionary(appFile);
        final SessionDictionary ours = appFile == null ?
            SessionDictionary.of(Dictionaries.standardAsShipped(file)) :
            SessionDictionary.fixt(Dictionaries.standardAsShipped(file), '9', Dictionaries.standardAsShipped(appFile));
        final MessageValidator validator = new MessageValidator(ours, new ValidationOptions().strictFormats(false).rejectRepeatedHeaderTags(false));

        final List<String> lines = corpus("differential-common.txt");
        lines.addAll(corpus(extraCorpus));
        final List<String> mismatches = new ArrayList<>();
        int rejects = 0;
        int valid = 0;
        for (final String line : lines)
        {
            final String message = expand(beginString, line);
            final String theirs = quickFixVerdict(message, theirSession, theirApp);
            final String mine = fixtapeVerdict(validator, message);
            if (!theirs.equals(mine))
            {
                mismatches.add(line + "\n    QuickFIX/J: " + theirs + "\n    fixtape:    " + mine);
            }
            valid += theirs.equals("VALID") ? 1 : 0;
            rejects += theirs.startsWith("REJECT") ? 1 : 0;
        }
        System.out.printf("%s: %d messages, %d valid, %d rejected, %d mismatches%n",
            beginString, lines.size(), valid, rejects, mismatches.size());
        assertTrue(valid > 5 && rejects > 40, "corpus must exercise both outcomes");
        assertEquals("", String.join("\n", mismatches), mismatches.size() + " verdicts differ");
    }

    static String fixtapeVerdict(final MessageValidator validator, final String message)
    {
        final ValidationResult result = Fix.judge(validator, message);
        switch (result.verdict())
        {
            case VALID: return "VALID";
            case GARBLED: return "GARBLED";
            case SESSION_REJECT: return "REJECT " + result.sessionRejectReason() + " " + result.refTagId();
            default: return result.toString();
        }
    }

    static String quickFixVerdict(final String text, final DataDictionary session, final DataDictionary application)
    {
        final Message message = new Message();
        try
        {
            message.fromString(text, session, application, true);
        }
        catch (final InvalidMessage ex)
        {
            return "GARBLED";
        }
        try
        {
            final String msgType = message.getHeader().getString(35);
            final DataDictionary app = session.isAdminMessage(msgType) ? session : application;
            VALIDATE.invoke(null, message, session, app);
            return "VALID";
        }
        catch (final InvocationTargetException ex)
        {
            final Throwable cause = ex.getCause();
            if (cause instanceof FieldException)
            {
                return "REJECT " + ((FieldException)cause).getSessionRejectReason() + " " + ((FieldException)cause).getField();
            }
            if (cause instanceof IncorrectTagValue)
            {
                return "REJECT " + ((IncorrectTagValue)cause).getSessionRejectReason() + " " + ((IncorrectTagValue)cause).getField();
            }
            if (cause instanceof IncorrectDataFormat)
            {
                return "REJECT " + ((IncorrectDataFormat)cause).getSessionRejectReason() + " " + ((IncorrectDataFormat)cause).getField();
            }
            if (cause instanceof FieldNotFound)
            {
                return "REJECT 1 " + ((FieldNotFound)cause).field;
            }
            return "EXCEPTION " + cause;
        }
        catch (final Exception ex)
        {
            return "EXCEPTION " + ex;
        }
    }

    /** QuickFIX/J's Session calls the package-private {@code DataDictionary.validate(message, session, app)}. */
    private static final Method VALIDATE;

    static
    {
        try
        {
            VALIDATE = DataDictionary.class.getDeclaredMethod("validate", Message.class, DataDictionary.class, DataDictionary.class);
            VALIDATE.setAccessible(true);
        }
        catch (final NoSuchMethodException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    static DataDictionary quickFixDictionary(final String file) throws Exception
    {
        try (InputStream in = QuickFixJDifferentialTest.class.getClassLoader().getResourceAsStream(file))
        {
            return new DataDictionary(in);
        }
    }

    static String expand(final String beginString, final String line)
    {
        if (line.startsWith("RAW "))
        {
            final String raw = Fix.raw(line.substring(4).replace("FIX.4.2", beginString));
            final String withoutSum = raw.substring(0, raw.lastIndexOf("10="));
            int sum = 0;
            for (final char c : withoutSum.toCharArray())
            {
                sum += c;
            }
            return withoutSum + "10=" + String.format("%03d", sum & 0xFF) + "\001";
        }
        String body = line.replace("{ORDER}", "{D}|11=ID|21=1|40=1|54=1|38=100|55=INTC|60=" + TIME);
        final int open = body.indexOf('{');
        if (open >= 0)
        {
            final int close = body.indexOf('}', open);
            final String msgType = body.substring(open + 1, close);
            body = body.substring(0, open) + "35=" + msgType + "|34=2|49=TW|52=" + TIME + "|56=ISLD" + body.substring(close + 1);
        }
        return Fix.message(beginString, body);
    }

    static List<String> corpus(final String resource) throws Exception
    {
        final List<String> lines = new ArrayList<>();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(
            QuickFixJDifferentialTest.class.getResourceAsStream(resource), StandardCharsets.US_ASCII)))
        {
            String line;
            while ((line = reader.readLine()) != null)
            {
                if (!line.isEmpty() && !line.startsWith("#"))
                {
                    lines.add(line);
                }
            }
        }
        return lines;
    }

}
