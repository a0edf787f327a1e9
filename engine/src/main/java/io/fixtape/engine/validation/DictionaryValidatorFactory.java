package io.fixtape.engine.validation;

import io.fixtape.engine.config.Settings;
import io.fixtape.engine.config.SettingsException;
import io.fixtape.engine.config.ValidatorFactory;
import io.fixtape.engine.dictionary.ApplVerIds;
import io.fixtape.engine.dictionary.Dictionaries;
import io.fixtape.engine.dictionary.Dictionary;
import io.fixtape.engine.dictionary.DictionaryException;
import io.fixtape.engine.dictionary.SessionDictionary;

/**
 * Builds a session's dictionary validator from QuickFIX/J-style settings: {@code BeginString},
 * {@code DefaultApplVerID}, {@code DataDictionary} (FIX.4.x), {@code TransportDataDictionary} and
 * {@code AppDataDictionary} (FIXT.1.1; a missing path means the standard dictionary, as QuickFIX/J),
 * {@code ValidateUserDefinedFields}, {@code ValidateFieldsOutOfOrder}, {@code ValidateFieldsHaveValues},
 * {@code AllowUnknownMsgFields}. A dictionary that cannot be loaded is a {@link SettingsException} naming the
 * key's file and line. Dictionaries are shared between sessions (standard ones are cached).
 *
 * <p>Configuration time only; thread-safe.
 */
public final class DictionaryValidatorFactory implements ValidatorFactory
{
    @Override
    public MessageValidator create(final Settings.Section section)
    {
        final SessionDictionary dictionaries = dictionaries(section);
        final ValidationOptions options = new ValidationOptions()
            .validateUserDefinedFields(section.bool("ValidateUserDefinedFields", true))
            .validateFieldsOutOfOrder(section.bool("ValidateFieldsOutOfOrder", true))
            .validateFieldsHaveValues(section.bool("ValidateFieldsHaveValues", true))
            .allowUnknownMessageFields(section.bool("AllowUnknownMsgFields", false));
        return new MessageValidator(dictionaries, options);
    }

    /** The session's dictionaries as QuickFIX/J's DefaultDataDictionaryProvider would pick them. */
    public static SessionDictionary dictionaries(final Settings.Section section)
    {
        final String beginString = section.requiredString("BeginString");
        if (!beginString.startsWith("FIXT"))
        {
            return SessionDictionary.of(load(section, "DataDictionary", beginString));
        }
        final String defaultApplVerId = section.requiredString("DefaultApplVerID");
        final char applVerId;
        final String applicationVersion;
        try
        {
            applVerId = ApplVerIds.toApplVerId(defaultApplVerId);
            applicationVersion = ApplVerIds.beginStringFor(defaultApplVerId);
        }
        catch (final DictionaryException ex)
        {
            throw new SettingsException(section.locationOf("DefaultApplVerID") + ": " + ex.getMessage());
        }
        final Dictionary transport = load(section, "TransportDataDictionary", beginString);
        final Dictionary application = load(section, "AppDataDictionary", applicationVersion);
        try
        {
            return SessionDictionary.fixt(transport, applVerId, application);
        }
        catch (final DictionaryException ex)
        {
            throw new SettingsException(section.locationOf("TransportDataDictionary") + ": " + ex.getMessage());
        }
    }

    private static Dictionary load(final Settings.Section section, final String key, final String standardName)
    {
        try
        {
            final String location = section.string(key, "");
            return location.isEmpty() ? Dictionaries.standard(standardName) : Dictionaries.load(location);
        }
        catch (final DictionaryException ex)
        {
            throw new SettingsException(section.locationOf(key) + ": " + key + ": " + ex.getMessage());
        }
    }
}
