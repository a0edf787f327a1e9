package io.fixtape.engine.validation;

import io.fixtape.engine.codec.FirstThreeFields;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.dictionary.Dictionary;
import io.fixtape.engine.dictionary.MessageDefinition;
import io.fixtape.engine.dictionary.SessionDictionary;

/**
 * Validates a decoded message ({@link FixDecoder} index) against a session's dictionaries and writes the verdict
 * into a reusable {@link ValidationResult}. Allocation-free after the first messages (scratch arrays only grow).
 *
 * <p>The checks and their precedence mirror QuickFIX/J 2.3.2 so that a fixtape session rejects exactly what a
 * QuickFIX/J session would, with the same 373/371:
 * <ol>
 * <li>garbled (ignored, not rejected): first three fields not 8, 9, 35; a tag that is not an integer; a
 * NumInGroup value that is not an integer; a field without '=' or SOH;</li>
 * <li>structure, in wire order: header field after the body (14, if validateFieldsOutOfOrder), non-trailer
 * field after the trailer started (14), repeated tag (13), group member before the delimiter or out of order
 * (15), unknown tag inside a repeating group (2);</li>
 * <li>MsgType not in the dictionary (11, RefTagID 35);</li>
 * <li>required tag missing (1): header, trailer, body, then group instances;</li>
 * <li>per field, header then trailer then body (each in QuickFIX/J's field order) then groups: without value
 * (4), bad format (6), not in enum (5), undefined tag (0) / not defined for the message (2), NumInGroup count
 * mismatch (16);</li>
 * <li>valid but not supported by the application: BusinessMessageReject 380=3.</li>
 * </ol>
 * Deliberate differences from QuickFIX/J: a repeated tag in the header or trailer is rejected (13) where
 * QuickFIX/J silently keeps the last one; under FIXT.1.1 required header fields of application messages are
 * checked against the transport dictionary; {@link ValidationOptions#strictFormats} adds calendar ranges.
 *
 * <p>The entry point of the validation package; the work is done by package-private parts, all allocated here:
 * {@link DictionarySelector} picks the dictionaries (ApplVerID, MsgType), {@link StructureParser} walks the fields
 * in wire order and places them ({@link FieldPlacement}), {@link FieldChecks} checks each value,
 * {@link RequiredFields} finds missing tags, and {@link RejectPrecedence} decides which problem is reported.
 * {@link LayoutCache} (an option) answers repeated valid layouts without the walk.
 *
 * <p>Not thread-safe: one validator per poller thread (or per session); the dictionaries are shared.
 */
public final class MessageValidator
{
    private final SessionDictionary dictionaries;
    private final ValidationOptions options;
    private final LayoutCache layouts;
    private final DictionarySelector selector;
    private final RejectPrecedence rejects;
    private final RequiredFields required;
    private final StructureParser structure;

    public MessageValidator(final SessionDictionary dictionaries, final ValidationOptions options)
    {
        this.dictionaries = dictionaries;
        this.options = options.copy();
        this.layouts = this.options.layoutCache() ? new LayoutCache(this.options.strictFormats()) : null;
        final Dictionary transport = dictionaries.transport();
        final MessageDefinition header = transport.header();
        final MessageDefinition trailer = transport.trailer();
        if (header == null || trailer == null)
        {
            throw new IllegalArgumentException("transport dictionary has no header/trailer: " + transport.version());
        }
        final FieldPlacement placement = new FieldPlacement();
        this.selector = new DictionarySelector(dictionaries);
        this.rejects = new RejectPrecedence(this.options);
        this.required = new RequiredFields(header, trailer, placement);
        final FieldChecks checks = new FieldChecks(this.options, rejects, layouts);
        this.structure = new StructureParser(this.options, transport, new MessageSections(header, trailer), placement,
            checks, required, rejects, layouts);
    }

    public SessionDictionary dictionaries()
    {
        return dictionaries;
    }

    /**
     * The same options over other dictionaries, e.g. the application dictionary the counterparty's
     * DefaultApplVerID (1137) selects at Logon. A new validator (its own scratch state); the options are copied.
     */
    public MessageValidator withDictionaries(final SessionDictionary otherDictionaries)
    {
        return new MessageValidator(otherDictionaries, options);
    }

    /**
     * Judge the message indexed by {@code decoder}.
     *
     * @return true when the verdict is {@link ValidationResult.Verdict#VALID}.
     */
    public boolean validate(final FixDecoder decoder, final ValidationResult result)
    {
        final long msgType = decoder.msgType();
        result.reset(msgType);
        if (layouts != null)
        {
            if (layouts.validByLayout(decoder, msgType))
            {
                return true;
            }
            layouts.begin(decoder.fieldCount(), decoder.indexOf(Tags.APPL_VER_ID) < 0);
        }
        if (decoder.errorCode() == FixDecoder.ERROR_MALFORMED)
        {
            result.garbled(SessionRejectReason.OTHER, decoder.errorTag());
            return false;
        }
        if (!FirstThreeFields.inOrder(decoder))
        {
            result.garbled(
                SessionRejectReason.TAG_SPECIFIED_OUT_OF_REQUIRED_ORDER, FirstThreeFields.firstOutOfOrder(decoder));
            return false;
        }

        rejects.reset();
        required.begin();
        selector.select(decoder, msgType);
        structure.parse(decoder, selector.application(), selector.message());
        final boolean valid = rejects.conclude(result, msgType, selector.message(), required);
        if (valid && layouts != null)
        {
            layouts.storeValid(decoder, msgType);
        }
        return valid;
    }
}
