package io.fixtape.engine.validation;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.dictionary.Dictionary;
import io.fixtape.engine.dictionary.MessageDefinition;
import io.fixtape.engine.dictionary.SessionDictionary;

/**
 * Picks the dictionary that judges a message's body and the definition of its MsgType: the transport dictionary
 * for admin messages, else the application dictionary its ApplVerID (1128) names, else the session's default
 * application dictionary. A run of messages of one MsgType without 1128 (the common case) is answered from the
 * last lookup.
 *
 * <p>Not thread-safe: owned by one validator.
 */
final class DictionarySelector
{
    private final SessionDictionary dictionaries;
    private final Dictionary transport;
    private Dictionary application;
    private MessageDefinition message;

    private long cachedMsgType = MsgTypes.INVALID;
    private boolean cachedAdmin;
    private MessageDefinition cachedMessage;

    DictionarySelector(final SessionDictionary dictionaries)
    {
        this.dictionaries = dictionaries;
        this.transport = dictionaries.transport();
    }

    /** The dictionary that judges the body of the last selected message. */
    Dictionary application()
    {
        return application;
    }

    /** The definition of the last selected message's MsgType, or null when its dictionary does not define it. */
    MessageDefinition message()
    {
        return message;
    }

    /** Selects the dictionary and definition for the message in {@code decoder}, whose MsgType is {@code msgType}. */
    void select(final FixDecoder decoder, final long msgType)
    {
        if (msgType == cachedMsgType && msgType != MsgTypes.INVALID)
        {
            if (cachedAdmin)
            {
                application = transport;
                message = cachedMessage;
                return;
            }
            if (decoder.indexOf(Tags.APPL_VER_ID) < 0)
            {
                application = dictionaries.defaultApplication();
                message = cachedMessage;
                return;
            }
        }
        selectSlow(decoder, msgType);
    }

    private void selectSlow(final FixDecoder decoder, final long msgType)
    {
        final MessageDefinition transportMessage = transport.message(msgType);
        final boolean admin = transportMessage != null && transportMessage.isAdmin();
        if (admin)
        {
            application = transport;
        }
        else
        {
            final int applVerId = decoder.indexOf(Tags.APPL_VER_ID);
            application = applVerId < 0 ? dictionaries.defaultApplication() : dictionaries.application(
                decoder.buffer(), decoder.valueOffsetAt(applVerId), decoder.valueLengthAt(applVerId));
        }
        message = msgType == MsgTypes.INVALID ? null : application.message(msgType);
        if (msgType != MsgTypes.INVALID && (admin || application == dictionaries.defaultApplication()))
        {
            cachedMsgType = msgType;
            cachedAdmin = admin;
            cachedMessage = message;
        }
    }
}
