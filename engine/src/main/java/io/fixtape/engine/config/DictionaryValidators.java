package io.fixtape.engine.config;

import io.fixtape.engine.dictionary.ApplVerIds;
import io.fixtape.engine.dictionary.Dictionaries;
import io.fixtape.engine.dictionary.Dictionary;
import io.fixtape.engine.dictionary.DictionaryException;
import io.fixtape.engine.dictionary.SessionDictionary;
import io.fixtape.engine.validation.MessageValidator;
import io.fixtape.engine.validation.ValidationOptions;

/**
 * The default {@link ValidatorFactory}: dictionaries as QuickFIX/J picks them. FIX.4.x uses {@code DataDictionary}
 * or, without it, the standard dictionary of the BeginString; FIXT.1.1 uses {@code TransportDataDictionary}
 * (default: standard FIXT11) for the session level and {@code AppDataDictionary} (default: the standard dictionary
 * of {@code DefaultApplVerID}) for application messages. A path may be a file or a classpath name such as
 * {@code FIX44.xml}. The {@code Validate*} and {@code AllowUnknownMsgFields} keys set the options.
 */
public final class DictionaryValidators
{
    private DictionaryValidators()
    {
    }

    /**
     * The session's validator; the session itself turns its verdicts into a Reject (session-level), ignores a
     * garbled message, and answers an unsupported message type with a BusinessMessageReject.
     */
    public static MessageValidator create(final Settings.Section section)
    {
        final String beginString = section.requiredString("BeginString");
        final SessionDictionary dictionaries;
        try
        {
            dictionaries = dictionaries(section, beginString);
        }
        catch (final DictionaryException | java.io.UncheckedIOException ex)
        {
            throw new SettingsException(section.location() + ": cannot load the data dictionary: " + ex.getMessage());
        }
        final ValidationOptions options = new ValidationOptions()
            .validateUserDefinedFields(section.bool("ValidateUserDefinedFields", true))
            .validateFieldsOutOfOrder(section.bool("ValidateFieldsOutOfOrder", true))
            .validateFieldsHaveValues(section.bool("ValidateFieldsHaveValues", true))
            .allowUnknownMessageFields(section.bool("AllowUnknownMsgFields", false));
        return new MessageValidator(dictionaries, options);
    }

    private static SessionDictionary dictionaries(final Settings.Section section, final String beginString)
    {
        if (!beginString.startsWith("FIXT"))
        {
            final String path = section.string("DataDictionary", null);
            return path == null ? Dictionaries.forSession(beginString, null) : SessionDictionary.of(Dictionaries.load(path));
        }
        final String applVerId = section.requiredString("DefaultApplVerID");
        final String transportPath = section.string("TransportDataDictionary", null);
        final String appPath = section.string("AppDataDictionary", null);
        if (transportPath == null && appPath == null)
        {
            return Dictionaries.forSession(beginString, applVerId);
        }
        final Dictionary transport = transportPath == null ? Dictionaries.standard(beginString) : Dictionaries.load(transportPath);
        final Dictionary application = appPath == null ?
            Dictionaries.standard(ApplVerIds.beginStringFor(applVerId)) : Dictionaries.load(appPath);
        return SessionDictionary.fixt(transport, ApplVerIds.toApplVerId(applVerId), application);
    }
}
