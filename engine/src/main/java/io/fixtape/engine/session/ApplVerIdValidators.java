package io.fixtape.engine.session;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.dictionary.ApplVerIds;
import io.fixtape.engine.dictionary.Dictionaries;
import io.fixtape.engine.dictionary.DictionaryException;
import io.fixtape.engine.dictionary.SessionDictionary;
import io.fixtape.engine.validation.MessageValidator;

/**
 * FIXT.1.1: the application dictionary that validates the counterparty's messages follows the DefaultApplVerID
 * (1137) of its Logon, as QuickFIX/J's session does (its "target default ApplVerID"): a message without ApplVerID
 * (1128) is validated against that version, not against our own DefaultApplVerID. Our outbound messages keep our
 * configured version.
 *
 * <p>The validator for each ApplVerID is built once, on the first Logon that names it (a rare path: allocation
 * there only), and cached. An ApplVerID without a dictionary (configured or standard) keeps the configured
 * validator.
 *
 * <p>Poller thread only.
 */
final class ApplVerIdValidators
{
    private final MessageValidator configured;
    private final MessageValidator[] byApplVerId = new MessageValidator[ApplVerIds.VALUE_COUNT];

    ApplVerIdValidators(final MessageValidator configured)
    {
        this.configured = configured;
    }

    /** The configured validator (a new connection starts with it). */
    MessageValidator configured()
    {
        return configured;
    }

    /** The validator for the DefaultApplVerID the counterparty's {@code logon} announces (configured if none). */
    MessageValidator forLogon(final FixDecoder logon)
    {
        if (configured == null || !configured.dictionaries().isFixt())
        {
            return configured;
        }
        final int index = logon.indexOf(Tags.DEFAULT_APPL_VER_ID);
        if (index < 0 || logon.valueLengthAt(index) != 1)
        {
            return configured;
        }
        final char applVerId = logon.charAt(index);
        if (!ApplVerIds.isValue(applVerId) || applVerId == configured.dictionaries().defaultApplVerId())
        {
            return configured;
        }
        MessageValidator validator = byApplVerId[applVerId - '0'];
        if (validator == null)
        {
            validator = build(applVerId);
            byApplVerId[applVerId - '0'] = validator;
        }
        return validator;
    }

    private MessageValidator build(final char applVerId)
    {
        try
        {
            final SessionDictionary dictionaries = configured.dictionaries().withDefaultApplVerId(applVerId,
                Dictionaries.standard(ApplVerIds.versionOf(applVerId)));
            return configured.withDictionaries(dictionaries);
        }
        catch (final DictionaryException ex)
        {
            return configured;
        }
    }
}
